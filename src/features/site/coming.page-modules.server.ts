import { comingPage, type RouteModule } from "../../platform/links/route-modules.server.ts";
import type { comingPages, UpcomingFeature } from "./coming.pages.ts";

const waitsFor = (feature: UpcomingFeature): RouteModule => comingPage(feature);

/** Each unbuilt page and the feature it waits for: the marks the placeholder, the home page and the site's claims read (decision 0043). */
export const comingPageModules: Readonly<Record<(typeof comingPages)[number]["name"], RouteModule>> = {
  web_votechess_game: waitsFor("vote_chess"),
  web_votechess_seek: waitsFor("vote_chess"),
  web_league_division: waitsFor("leagues"),
  web_puzzle_battle: waitsFor("puzzles"),
  web_blog_post: waitsFor("articles"),
  web_article_view: waitsFor("articles"),
  web_announcement_post: waitsFor("articles"),
  web_players: waitsFor("player_pages"),
  web_verified: waitsFor("verified_players"),
};
