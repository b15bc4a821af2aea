import { ANY_PATH, WORD, type PageRouteDefinition } from "../../platform/links/route-table.ts";

/**
 * Features the spec asks for whose pages exist only as placeholders until a
 * later issue builds them, in the order the home page lists them.
 */
export const upcomingFeatures = [
  "vote_chess", "leagues", "leaderboards", "stats", "puzzles", "articles", "player_pages", "verified_players",
] as const;
export type UpcomingFeature = (typeof upcomingFeatures)[number];

/**
 * The pages of features not built yet (their modules: the placeholder page,
 * coming.page-modules.server.ts). They stand here, in the site's folder,
 * until their feature is built: then its own folder declares them and they
 * leave this list. The composition root lists these first: their paths are
 * more specific than the built clubs pages' (/club/matches/{match} before /club/{url}).
 */
export const comingPages = [
  // Vote chess
  { name: "web_votechess_game", path: "/votechess/game/{id}" },
  { name: "web_votechess_seek", path: "/votechess/seek/{id}" },
  // Leagues
  { name: "web_league_division", path: "/leagues/{league}/{division}", requirements: { league: WORD, division: "\\w{6,}" } },
  // Puzzles
  { name: "web_puzzle_battle", path: "/puzzles/battle/{shortUuid}" },
  // Articles
  { name: "web_blog_post", path: "/blog/{url}", requirements: { url: ANY_PATH } },
  { name: "web_article_view", path: "/article/view/{url}" },
  { name: "web_announcement_post", path: "/announcement/post" },
  // Player pages
  { name: "web_players", path: "/players/{url}" },
  // Verified players
  { name: "web_verified", path: "/verified" },
] as const satisfies readonly PageRouteDefinition[];
