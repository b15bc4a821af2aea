import type { PageRouteDefinition } from "../../platform/links/route-table.ts";

/**
 * The member's theme settings (ours: spec 000 §2 lists only /settings; decision
 * 0065): board style, piece set, sound set and background. Its module:
 * themes.page-modules.server.ts.
 */
export const themesPages = [{ name: "web_user_settings_themes", path: "/settings/themes", query: ["error"] }] as const satisfies readonly PageRouteDefinition[];
