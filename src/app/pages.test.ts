import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { reactRouterIdsByTableName, toReactRouterRoutes } from "../platform/links/react-router-routes.ts";
import { matchPagePath } from "../platform/links/route-patterns.ts";
import { routeModuleOf } from "../platform/links/route-modules.server.ts";
import { appPageRoutes } from "./pages.ts";

/** [path, the route it names (null: the 404 page), params expected (subset)] */
const cases: [string, string | null, Record<string, string>?][] = [
  ["/", "web_root"],
  ["/home", "web_home"],
  ["/login_and_go", "web_security_login_and_go"],
  ["/2fa", "web_2fa_login"],
  ["/legal/community", "web_community_policies"],
  // numeric ids are digits only
  ["/members/enable/42", "web_members_enable", { id: "42" }],
  ["/members/enable/4x2", null],
  ["/members/enable/-1", null],
  ["/game/123", "web_game", { id: "123" }],
  ["/game/abc", null],
  ["/game/live/77", "web_game_live", { id: "77" }],
  ["/game/live/seventy", null],
  ["/club/matches/9", "web_club_match", { match: "9" }],
  ["/club/matches/nine", null],
  ["/club/matches/my-club/12", "web_club_matches_view", { url: "my-club", match: "12" }],
  ["/club/matches/my-club/twelve", null],
  // stats days and types, with their defaults
  ["/stats/daily", "web_stats_daily", { type: "chess", days: "90" }],
  ["/stats/daily/chess960", "web_stats_daily", { type: "chess960", days: "90" }],
  ["/stats/daily/chess/alice", "web_stats_daily", { type: "chess", username: "alice", days: "90" }],
  ["/stats/daily/chess/alice/365", "web_stats_daily", { days: "365" }],
  ["/stats/daily/chess/alice/0", "web_stats_daily", { days: "0" }],
  ["/stats/daily/chess/alice/12", null],
  ["/stats/daily/bughouse/alice", null],
  ["/stats/live/blitz/bob/7", "web_stats_live", { type: "blitz", username: "bob", days: "7" }],
  ["/stats/live/bullet", "web_stats_live", { type: "bullet", days: "90" }],
  ["/stats/live/rapid/bob/30", "web_stats_live", { type: "rapid", days: "30" }],
  ["/stats/live/classical/bob", null],
  ["/stats/live/blitz/bob/31", null],
  ["/stats/live/bughouse", "web_stats_bughouse"],
  ["/stats/live/bughouse/carla", "web_stats_bughouse", { username: "carla" }],
  ["/stats/puzzles/dan/7", "web_stats_tactics", { username: "dan", days: "7" }],
  ["/stats/puzzles/dan/8", null],
  ["/stats", "web_stats"],
  ["/stats/erin", "web_stats", { username: "erin" }],
  ["/stats/tournaments", "web_stats_tournaments"],
  // optional username segments
  ["/games/archive", "web_games_archive"],
  ["/games/archive/frank", "web_games_archive", { username: "frank" }],
  ["/clubs/home", "web_clubs_home"],
  ["/clubs/home/gina", "web_clubs_home", { username: "gina" }],
  // league word characters, division at least 6 word characters
  ["/leagues/wood/abc123", "web_league_division", { league: "wood", division: "abc123" }],
  ["/leagues/wood/abc12", null],
  ["/leagues/wo-od/abcdef", null],
  ["/leagues/wood/abc-def", null],
  // daily club match status
  ["/clubs/matches/daily", "web_clubs_matches_daily"],
  ["/clubs/matches/daily/current", "web_clubs_matches_daily", { status: "current" }],
  ["/clubs/matches/daily/finished", "web_clubs_matches_daily", { status: "finished" }],
  ["/clubs/matches/daily/upcoming", null],
  // url segments that may contain slashes
  ["/blog/2026/11/opening-prep", "web_blog_post", { url: "2026/11/opening-prep" }],
  ["/club/leaderboard/london/chess-club", "web_club_leaderboard", { url: "london/chess-club" }],
  ["/club/leaderboard/london/chess-club/live-matches", "web_club_leaderboard_live_matches", { url: "london/chess-club" }],
  ["/clubs/forum/view/general/welcome-thread", "web_clubs_forum_view", { url: "general/welcome-thread" }],
  ["/club/matches/live/london/chess-club/55", "web_club_matches_live", { url: "london/chess-club", match: "55" }],
  ["/club/matches/live/london/chess-club/x55", null],
  // the club invitation routes
  ["/club/kings/join", "web_club_join", { url: "kings" }],
  ["/club/kings/join/s3cret", "web_club_join", { url: "kings", secret: "s3cret" }],
  ["/club/id/12/join/s3cret", "web_club_join_by_id", { id: "12", secret: "s3cret" }],
  ["/club/id/x12/join/s3cret", null],
  ["/leaderboard/daily", "web_leaderboard_daily", { type: "chess" }],
  ["/leaderboard/daily/chess960", "web_leaderboard_daily", { type: "chess960" }],
  ["/leaderboard/daily/blitz", null],
  ["/tournament/live/arena/sunday", "web_tournament_live_arena", { url: "sunday" }],
  ["/tournament/live/sunday", "web_tournament_live", { url: "sunday" }],
  ["/tournament/sunday", "web_tournament", { url: "sunday" }],
  ["/play/online/create-tournament", "web_play_create_tournament"],
  ["/play/online/create-tournament/5", "web_play_create_tournament", { id: "5" }],
  ["/member/Magnus_C", "web_member_profile", { username: "Magnus_C" }],
  ["/member/bad%20name", null],
  ["/nowhere", null],
  ["/clubs/nowhere/at/all", null],
  // locale twins
  ["/es", "web_root"],
  ["/es/clubs", "web_clubs"],
  ["/pt-BR/stats/daily/chess960", "web_stats_daily", { type: "chess960" }],
  ["/de/members/enable/7", "web_members_enable", { id: "7" }],
  ["/de/members/enable/x", null],
  ["/xx/clubs", null],
];

describe("the route table", () => {
  it.each(cases)("%s -> %s", (path, expectedName, expectedParams) => {
    const match = matchPagePath(path);
    expect(match?.route.name ?? null).toBe(expectedName);
    if (expectedParams) expect(match?.params).toMatchObject(expectedParams);
  });

  it("reads the locale from a leading segment", () => {
    expect(matchPagePath("/es/clubs")?.pathLocale).toBe("es");
    expect(matchPagePath("/zh-TW/home")?.pathLocale).toBe("zh-TW");
    expect(matchPagePath("/clubs")?.pathLocale).toBeNull();
  });

  it("decodes parameters and refuses malformed escapes", () => {
    expect(matchPagePath("/club/caf%C3%A9")?.params.url).toBe("café");
    expect(matchPagePath("/club/%E0%A4%A")).toBeNull();
  });

  it("has unique names", () => {
    const names = appPageRoutes.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("covers every page route of the spec", () => {
    const specPaths = [
      "/home", "/register", "/login_and_go", "/2fa", "/search", "/settings", "/about", "/membership", "/legal/community",
      "/live", "/verified", "/blog/{url}", "/article/view/{url}", "/tournament/{url}", "/tournament/live/{url}",
      "/tournament/live/arena/{url}", "/players/{url}", "/member/{username}", "/members/gifters", "/members/enable/{id}",
      "/games/archive/{username}", "/game/{id}", "/game/live/{id}", "/play/arena/{id}", "/play/tournament/{id}",
      "/play/match/{id}", "/play/online/new", "/play/online/club-challenges", "/play/online/create-tournament/{id}",
      "/votechess/game/{id}", "/votechess/seek/{id}", "/daily-team/seek/{id}", "/puzzles/battle/{shortUuid}",
      "/announcement/post", "/leagues/{league}/{division}", "/stats/{username}", "/stats/live/bughouse/{username}",
      "/stats/daily/{type}/{username}/{days}", "/stats/live/{type}/{username}/{days}", "/stats/puzzles/{username}/{days}",
      "/stats/tournaments/{username}", "/clubs", "/clubs/find", "/clubs/search", "/clubs/home/{username}",
      "/clubs/members/{url}", "/clubs/members/invite", "/clubs/events/{url}", "/clubs/currentevents/{url}",
      "/clubs/pastevents/{url}", "/clubs/upcomingevents/{url}", "/clubs/forum/{url}", "/clubs/forum/view/{url}",
      "/club/{url}", "/club/chat/{url}", "/club/notes/{url}", "/club/leaderboard/{url}", "/club/leaderboard/{url}/live-matches",
      "/club/{url}/join/{secret}", "/club/matches/{match}", "/club/matches/{url}/{match}", "/club/matches/live/{url}/{match}",
      "/clubs/matches/daily/{status}", "/leaderboard/daily/{type}", "/leaderboard/clubs/matches",
      "/leaderboard/clubs/live-matches", "/leaderboard/clubs/votechess",
    ];
    const tablePaths = new Set<string>(appPageRoutes.map((route) => route.path));
    expect(specPaths.filter((path) => !tablePaths.has(path))).toEqual([]);
  });
});

describe("the React Router config generated from the table", () => {
  const routes = toReactRouterRoutes();
  const routeObjects = [...routes.map((route) => ({ id: route.id, path: route.path })), { id: "not_found", path: "*" }];
  const fileById = new Map(routes.map((route) => [route.id, route.file]));

  it("has a locale twin for every page", () => {
    const ids = new Set(routes.map((route) => route.id));
    for (const route of routes.filter((entry) => !entry.id.endsWith(".lang"))) expect(ids.has(`${route.id}.lang`)).toBe(true);
  });

  // React Router picks the module; the table's matcher checks the rules. Both
  // must agree on the module for every URL the table accepts.
  it.each(cases.filter(([, name]) => name !== null))("sends %s to the module of its table entry", (path) => {
    const tableMatch = matchPagePath(path);
    const leaf = matchRoutes(routeObjects, path)?.at(-1);
    expect(leaf).toBeDefined();
    expect(fileById.get(leaf?.route.id ?? "")).toBe(tableMatch ? routeModuleOf(tableMatch.route.name).file : undefined);
  });

  // The server hands a document request to React Router over only its page's route, that route's locale
  // twin and the 404 route (server/plugins/page-request-handlers.server.ts): that must pick the route the full set does.
  it.each(cases.filter(([, name]) => name !== null))("picks the same route for %s among its page's routes alone", (path) => {
    const ids: readonly string[] = reactRouterIdsByTableName().get(matchPagePath(path)?.route.name ?? "") ?? [];
    const narrowed = routeObjects.filter((route) => route.id === "not_found" || ids.includes(route.id));
    expect(narrowed).toHaveLength(3);
    expect(matchRoutes(narrowed, path)?.at(-1)?.route.id).toBe(matchRoutes(routeObjects, path)?.at(-1)?.route.id);
  });
});
