import type { PageRouteDefinition } from "../../platform/links/route-table.ts";

/** The site's own texts: about, the community's rules and help. Their modules: site.page-modules.server.ts. */
export const sitePages = [
  { name: "web_about", path: "/about" },
  { name: "web_community_policies", path: "/legal/community" },
  { name: "web_community_guidelines", path: "/legal/community/guidelines" },
  // Ours (issue 22 item 2): how the site works, linked from the footer and the first steps.
  { name: "web_help", path: "/help" },
] as const satisfies readonly PageRouteDefinition[];
