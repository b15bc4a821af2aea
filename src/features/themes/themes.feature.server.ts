import { defineFeature, type FeatureDefinition, type FeatureDeps } from "../../platform/composition/feature-definition.server.ts";
import { registerThemesRoutes } from "./themes.routes.server.ts";
import { createThemesService } from "./themes.service.server.ts";
import * as themesTables from "./themes.tables.server.ts";

/**
 * Themes (issue 22 item 4, decision 0065): board styles, piece sets, sound
 * sets and backgrounds, a member's choice of them, and the one stylesheet per
 * theme that pages link.
 */
function createThemesServices({ db }: FeatureDeps) {
  return { themes: createThemesService(db) };
}

export type ThemesServices = ReturnType<typeof createThemesServices>;

export const themesFeature: FeatureDefinition<ThemesServices> = defineFeature<ThemesServices>({
  name: "themes",
  tables: themesTables,
  messageCatalogs: ["features/themes/messages"],
  createServices: (deps) => createThemesServices(deps),
  registerRoutes(app, { services }) {
    registerThemesRoutes(app, { themes: services.themes });
  },
});
