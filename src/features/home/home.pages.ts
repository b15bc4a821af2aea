import type { PageRouteDefinition } from "../../platform/links/route-table.ts";

/** The member's home (spec 000 §2): page is the feed's page, welcome=1 the greeting after registering. Its module: home.page-modules.server.ts. */
export const homePages = [{ name: "web_home", path: "/home", query: ["page", "welcome"] }] as const satisfies readonly PageRouteDefinition[];
