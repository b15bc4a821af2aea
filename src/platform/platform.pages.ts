import type { PageRouteDefinition } from "./links/route-table.ts";

/** The platform's own page: the human check's challenge (security/human-check). Its module: platform.page-modules.server.ts. */
export const platformPages = [
  { name: "web_verification_index", path: "/verification", query: ["redirect", "referer"] },
] as const satisfies readonly PageRouteDefinition[];
