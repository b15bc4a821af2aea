import type { RouteModule } from "../../platform/links/route-modules.server.ts";
import type { playPages } from "./play.pages.ts";

const gamePage = "features/play/game-page/game-page.tsx";

export const playPageModules: Readonly<Record<(typeof playPages)[number]["name"], RouteModule>> = {
  web_live: { file: "features/play/live/live-page.tsx" },
  web_games_archive: { file: "features/play/archive/archive-page.tsx" },
  web_game_live: { file: gamePage },
  web_game: { file: gamePage },
  web_play_new: { file: "features/play/lobby/play-new-page.tsx" },
};
