import type { PageRouteDefinition } from "../../platform/links/route-table.ts";

/** The notifications feature's page. Its module: notifications.page-modules.server.ts. */
export const notificationsPages = [
  // Not in spec 000: the member's notifications (docs/decisions/0019).
  { name: "web_notifications", path: "/notifications", query: ["page"] },
] as const satisfies readonly PageRouteDefinition[];
