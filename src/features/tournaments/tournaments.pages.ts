import { DIGITS, USERNAME, type PageRouteDefinition } from "../../platform/links/route-table.ts";

const URL_ID = "[a-z0-9-]{1,80}";

/**
 * The tournaments' pages (spec 000 §2; the hub at /tournaments is ours: the
 * spec lists none). /tournament/{url} and /play/arena/{id} show the arena
 * too while arenas are the only kind. Their modules: tournaments.page-modules.server.ts.
 */
export const tournamentsPages = [
  { name: "web_tournaments", path: "/tournaments" },
  { name: "web_tournament_live", path: "/tournament/live/{url}", requirements: { url: URL_ID }, query: ["error"] },
  { name: "web_tournament_live_arena", path: "/tournament/live/arena/{url}", requirements: { url: URL_ID } },
  { name: "web_tournament", path: "/tournament/{url}", requirements: { url: URL_ID } },
  { name: "web_play_arena", path: "/play/arena/{id}", requirements: { id: URL_ID } },
  { name: "web_play_tournament", path: "/play/tournament/{id}", requirements: { id: URL_ID } },
  { name: "web_play_create_tournament", path: "/play/online/create-tournament/{id}", requirements: { id: DIGITS }, optional: ["id"], query: ["error"] },
  { name: "web_stats_tournaments", path: "/stats/tournaments/{username}", requirements: { username: USERNAME }, optional: ["username"] },
] as const satisfies readonly PageRouteDefinition[];
