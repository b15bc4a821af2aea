import { USERNAME, type PageRouteDefinition } from "../../platform/links/route-table.ts";

const STATS_DAYS = "0|7|30|90|365";
const FILTERS = ["verified", "friendsOnly", "group", "country", "page"] as const;

/**
 * The leaderboards' and stats pages (spec 000 §2, 001 §2.1). The tactics,
 * puzzle rush and lessons boards are ours: the spec names their game types
 * but not their paths. Their modules: leaderboards.page-modules.server.ts.
 */
export const leaderboardsPages = [
  // Lightning and standard are the old names of bullet and rapid: their pages redirect there.
  { name: "web_leaderboard_live", path: "/leaderboard/live/{type}", requirements: { type: "blitz|bullet|rapid|bughouse|crazyhouse|kingofthehill|threecheck|chess960|lightning|standard" }, defaults: { type: "blitz" }, query: FILTERS },
  { name: "web_leaderboard_daily", path: "/leaderboard/daily/{type}", requirements: { type: "chess|chess960" }, defaults: { type: "chess" }, query: FILTERS },
  { name: "web_leaderboard_tactics", path: "/leaderboard/tactics", query: FILTERS },
  { name: "web_leaderboard_puzzle_rush", path: "/leaderboard/puzzle-rush", query: [...FILTERS, "type"] },
  { name: "web_leaderboard_lessons", path: "/leaderboard/lessons", query: FILTERS },
  { name: "web_leaderboard_clubs_matches", path: "/leaderboard/clubs/matches", query: FILTERS },
  { name: "web_leaderboard_clubs_live_matches", path: "/leaderboard/clubs/live-matches", query: FILTERS },
  { name: "web_leaderboard_clubs_votechess", path: "/leaderboard/clubs/votechess", query: FILTERS },
  { name: "web_stats_bughouse", path: "/stats/live/bughouse/{username}", requirements: { username: USERNAME }, optional: ["username"] },
  { name: "web_stats_live", path: "/stats/live/{type}/{username}/{days}", requirements: { type: "blitz|bullet|rapid", username: USERNAME, days: STATS_DAYS }, defaults: { type: "blitz", days: "90" }, optional: ["username"] },
  { name: "web_stats_daily", path: "/stats/daily/{type}/{username}/{days}", requirements: { type: "chess|chess960", username: USERNAME, days: STATS_DAYS }, defaults: { type: "chess", days: "90" }, optional: ["username"] },
  { name: "web_stats_tactics", path: "/stats/puzzles/{username}/{days}", requirements: { username: USERNAME, days: STATS_DAYS }, defaults: { days: "90" }, optional: ["username"] },
  { name: "web_stats", path: "/stats/{username}", requirements: { username: USERNAME }, optional: ["username"] },
] as const satisfies readonly PageRouteDefinition[];
