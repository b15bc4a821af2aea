import { DIGITS, USERNAME, type PageRouteDefinition } from "../../platform/links/route-table.ts";

/** Online play's pages: live games, the archive, a game and the lobby. Their modules: play.page-modules.server.ts. */
export const playPages = [
  { name: "web_live", path: "/live", query: ["page"] },
  { name: "web_games_archive", path: "/games/archive/{username}", requirements: { username: USERNAME }, optional: ["username"], query: ["opponent", "type", "rules", "result", "from", "to", "view", "page"] },
  { name: "web_game_live", path: "/game/live/{id}", requirements: { id: DIGITS } },
  { name: "web_game", path: "/game/{id}", requirements: { id: DIGITS } },
  { name: "web_play_new", path: "/play/online/new", query: ["opponent", "control"] },
] as const satisfies readonly PageRouteDefinition[];
