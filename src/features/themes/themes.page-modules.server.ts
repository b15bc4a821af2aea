import type { RouteModule } from "../../platform/links/route-modules.server.ts";
import type { themesPages } from "./themes.pages.ts";

export const themesPageModules: Readonly<Record<(typeof themesPages)[number]["name"], RouteModule>> = {
  web_user_settings_themes: { file: "features/themes/pages/theme-settings-page.tsx" },
};
