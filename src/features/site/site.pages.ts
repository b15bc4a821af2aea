import type { PageRouteDefinition } from "../../platform/links/route-table.ts";

/** The site's own texts: about and the community's rules. Their modules: site.page-modules.server.ts. */
export const sitePages = [
  { name: "web_about", path: "/about" },
  { name: "web_community_policies", path: "/legal/community" },
  { name: "web_community_guidelines", path: "/legal/community/guidelines" },
] as const satisfies readonly PageRouteDefinition[];
