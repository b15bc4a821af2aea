import { ANY_PATH, DIGITS, type PageRouteDefinition } from "../../platform/links/route-table.ts";

/**
 * Team matches' pages (spec 000 §2; decision 0072): the club challenges and a
 * match. Listed before the clubs pages: /club/matches/{match} is more
 * specific than /club/{url}. Modules: team-matches.page-modules.server.ts.
 */
export const teamMatchesPages = [
  { name: "web_play_club_challenges", path: "/play/online/club-challenges", query: ["from", "q", "opponent", "error"] },
  { name: "web_club_leaderboard_live_matches", path: "/club/leaderboard/{url}/live-matches", requirements: { url: ANY_PATH }, query: ["page"] },
  { name: "web_club_leaderboard", path: "/club/leaderboard/{url}", requirements: { url: ANY_PATH }, query: ["page"] },
  { name: "web_club_match", path: "/club/matches/{match}", requirements: { match: DIGITS }, query: ["error"] },
  // The spec's other addresses of a match (000 §2) lead to its page.
  { name: "web_play_match", path: "/play/match/{id}", requirements: { id: DIGITS } },
  { name: "web_daily_team_seek", path: "/daily-team/seek/{id}", requirements: { id: DIGITS } },
  { name: "web_club_matches_live", path: "/club/matches/live/{url}/{match}", requirements: { url: ANY_PATH, match: DIGITS } },
  { name: "web_club_matches_view", path: "/club/matches/{url}/{match}", requirements: { match: DIGITS } },
  { name: "web_clubs_matches_daily", path: "/clubs/matches/daily/{status}", requirements: { status: "current|finished" }, optional: ["status"] },
] as const satisfies readonly PageRouteDefinition[];
