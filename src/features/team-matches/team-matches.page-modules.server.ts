import type { RouteModule } from "../../platform/links/route-modules.server.ts";
import type { teamMatchesPages } from "./team-matches.pages.ts";

export const teamMatchesPageModules: Readonly<Record<(typeof teamMatchesPages)[number]["name"], RouteModule>> = {
  web_play_club_challenges: { file: "features/team-matches/pages/club-challenges-page.tsx" },
  web_club_leaderboard_live_matches: { file: "features/team-matches/pages/club-leaderboard-page.tsx" },
  web_club_leaderboard: { file: "features/team-matches/pages/club-leaderboard-page.tsx" },
  web_club_match: { file: "features/team-matches/pages/team-match-page.tsx" },
  web_play_match: { file: "features/team-matches/pages/team-match-address-page.tsx" },
  web_daily_team_seek: { file: "features/team-matches/pages/team-match-address-page.tsx" },
  web_club_matches_live: { file: "features/team-matches/pages/team-match-address-page.tsx" },
  web_club_matches_view: { file: "features/team-matches/pages/team-match-address-page.tsx" },
  web_clubs_matches_daily: { file: "features/team-matches/pages/daily-matches-page.tsx" },
};
