import type { RouteModule } from "../../platform/links/route-modules.server.ts";
import type { leaderboardsPages } from "./leaderboards.pages.ts";

const leaderboardPage: RouteModule = { file: "features/leaderboards/pages/leaderboard-page.tsx" };
const ratingStatsPage: RouteModule = { file: "features/leaderboards/stats/rating-stats-page.tsx" };
const activityStatsPage: RouteModule = { file: "features/leaderboards/stats/activity-stats-page.tsx" };

export const leaderboardsPageModules: Readonly<Record<(typeof leaderboardsPages)[number]["name"], RouteModule>> = {
  web_leaderboard_live: leaderboardPage,
  web_leaderboard_daily: leaderboardPage,
  web_leaderboard_tactics: leaderboardPage,
  web_leaderboard_puzzle_rush: leaderboardPage,
  web_leaderboard_lessons: leaderboardPage,
  web_leaderboard_clubs_matches: leaderboardPage,
  web_leaderboard_clubs_live_matches: leaderboardPage,
  web_leaderboard_clubs_votechess: leaderboardPage,
  web_stats_bughouse: ratingStatsPage,
  web_stats_live: ratingStatsPage,
  web_stats_daily: ratingStatsPage,
  web_stats_tactics: activityStatsPage,
  web_stats: { file: "features/leaderboards/stats/stats-overview-page.tsx" },
};
