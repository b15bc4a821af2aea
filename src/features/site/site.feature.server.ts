import { defineFeature, type FeatureDefinition } from "../../platform/composition/feature-definition.server.ts";

/** The site's own pages (About, community policies and guidelines): no tables or services, their messages. */
export const siteFeature: FeatureDefinition<Record<never, never>> = defineFeature<Record<never, never>>({
  name: "site",
  tables: {},
  messageCatalogs: ["features/site/messages"],
  createServices: () => ({}),
});
