import type { RouteModule } from "../../platform/links/route-modules.server.ts";
import type { tournamentsPages } from "./tournaments.pages.ts";

const arenaPage: RouteModule = { file: "features/tournaments/pages/arena-page.tsx" };

export const tournamentsPageModules: Readonly<Record<(typeof tournamentsPages)[number]["name"], RouteModule>> = {
  web_tournaments: { file: "features/tournaments/pages/tournaments-hub-page.tsx" },
  web_tournament_live: { file: "features/tournaments/pages/swiss-page.tsx" },
  web_play_tournament: { file: "features/tournaments/pages/swiss-page.tsx" },
  web_tournament_live_arena: arenaPage,
  web_tournament: arenaPage,
  web_play_arena: arenaPage,
  web_play_create_tournament: { file: "features/tournaments/pages/create-arena-page.tsx" },
  web_stats_tournaments: { file: "features/tournaments/pages/tournament-results-page.tsx" },
};
