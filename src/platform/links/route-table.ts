/**
 * The route table: every page of the site, by name, in one list.
 *
 * Paths use `{param}` placeholders. A parameter is optional when it has a default
 * or is listed in `optional`, and only trailing parameters may be optional.
 * `requirements` are regular-expression sources a value must match in full;
 * a requirement that admits "/" lets the value span several segments.
 *
 * Order matters where two paths could match the same URL: the first entry wins,
 * so the specific paths come before the general ones (React Router ranks the
 * generated routes the same way; route-table.test.ts proves the two agree).
 *
 * This module is pure data and is shared by the server, the client and routes.ts.
 * Each page's module file and feature area are the server's business
 * (route-modules.server.ts): the browser never downloads them.
 */

export const featureAreas = [
  "site", "accounts", "members", "play", "stats", "leaderboards", "clubs",
  "content", "tournaments", "puzzles", "settings", "moderation",
] as const;
export type FeatureArea = (typeof featureAreas)[number];

export interface PageRouteDefinition {
  readonly name: string;
  readonly path: string;
  readonly requirements?: Readonly<Record<string, string>>;
  readonly defaults?: Readonly<Record<string, string>>;
  readonly optional?: readonly string[];
  /** Query parameters the page understands (the link generator passes others through too). */
  readonly query?: readonly string[];
  /**
   * Path parameters that are secrets (single-use tokens, invitation secrets):
   * a log line shows the path cut at the first of them (secret-paths.server.ts).
   */
  readonly secrets?: readonly string[];
}

export const DIGITS = "\\d+";
export const WORD = "\\w+";
export const ANY_PATH = ".+";
const STATS_DAYS = "0|7|30|90|365";
const USERNAME = "[A-Za-z0-9_-]+";

/** The single-use links sent by email (32 random bytes, base64url). */
const EMAIL_LINK_TOKEN = "[A-Za-z0-9_-]{43}";

export const pageRoutes = [
  // Site, account and content pages
  { name: "web_root", path: "/" },
  { name: "web_home", path: "/home" },
  { name: "web_security_register", path: "/register", query: ["redirectUrl"] },
  { name: "web_security_login", path: "/login", query: ["redirectUrl", "done"] },
  { name: "web_security_login_and_go", path: "/login_and_go", query: ["redirectUrl"] },
  // Not in spec 000: account basics by email (docs/decisions/0023).
  { name: "web_security_forgot_password", path: "/forgot-password", query: ["done", "error"] },
  { name: "web_security_reset_password", path: "/reset-password/{token}", requirements: { token: EMAIL_LINK_TOKEN }, query: ["error"], secrets: ["token"] },
  { name: "web_user_settings_confirm_email", path: "/settings/email/confirm/{token}", requirements: { token: EMAIL_LINK_TOKEN }, query: ["error"], secrets: ["token"] },
  { name: "web_2fa_login", path: "/2fa", query: ["redirectUrl"] },
  // Spec 000 §2 names q; page is ours (docs/decisions/0024). Members are what can be searched so far.
  { name: "web_search", path: "/search", query: ["q", "page"] },
  // Not in spec 000: the member's notifications (docs/decisions/0019).
  { name: "web_notifications", path: "/notifications", query: ["page"] },
  { name: "web_user_settings", path: "/settings", query: ["done", "error"] },
  { name: "web_about", path: "/about" },
  { name: "web_membership", path: "/membership", query: ["c", "b", "plans"] },
  { name: "web_community_policies", path: "/legal/community" },
  { name: "web_community_guidelines", path: "/legal/community/guidelines" },
  { name: "web_live", path: "/live", query: ["page"] },
  { name: "web_verified", path: "/verified" },
  { name: "web_verification_index", path: "/verification", query: ["redirect", "referer"] },
  { name: "web_blog_post", path: "/blog/{url}", requirements: { url: ANY_PATH } },
  { name: "web_article_view", path: "/article/view/{url}" },
  { name: "web_tournament_live_arena", path: "/tournament/live/arena/{url}" },
  { name: "web_tournament_live", path: "/tournament/live/{url}" },
  { name: "web_tournament", path: "/tournament/{url}" },
  { name: "web_players", path: "/players/{url}" },
  { name: "web_member_profile", path: "/member/{username}", requirements: { username: USERNAME } },
  { name: "web_members_gifters", path: "/members/gifters", query: ["page"] },
  { name: "web_members_enable", path: "/members/enable/{id}", requirements: { id: DIGITS } },
  { name: "web_games_archive", path: "/games/archive/{username}", requirements: { username: USERNAME }, optional: ["username"], query: ["opponent", "type", "rules", "result", "from", "to", "view", "page"] },
  { name: "web_game_live", path: "/game/live/{id}", requirements: { id: DIGITS } },
  { name: "web_game", path: "/game/{id}", requirements: { id: DIGITS } },
  { name: "web_play_arena", path: "/play/arena/{id}" },
  { name: "web_play_tournament", path: "/play/tournament/{id}" },
  { name: "web_play_match", path: "/play/match/{id}" },
  { name: "web_play_new", path: "/play/online/new", query: ["opponent"] },
  { name: "web_play_club_challenges", path: "/play/online/club-challenges" },
  { name: "web_play_create_tournament", path: "/play/online/create-tournament/{id}", optional: ["id"] },
  { name: "web_votechess_game", path: "/votechess/game/{id}" },
  { name: "web_votechess_seek", path: "/votechess/seek/{id}" },
  { name: "web_daily_team_seek", path: "/daily-team/seek/{id}" },
  { name: "web_puzzle_battle", path: "/puzzles/battle/{shortUuid}" },
  { name: "web_announcement_post", path: "/announcement/post" },
  { name: "web_league_division", path: "/leagues/{league}/{division}", requirements: { league: WORD, division: "\\w{6,}" } },

  // Statistics pages
  { name: "web_stats_bughouse", path: "/stats/live/bughouse/{username}", requirements: { username: USERNAME }, optional: ["username"] },
  { name: "web_stats_live", path: "/stats/live/{type}/{username}/{days}", requirements: { type: "blitz|bullet|rapid", username: USERNAME, days: STATS_DAYS }, defaults: { type: "blitz", days: "90" }, optional: ["username"] },
  { name: "web_stats_daily", path: "/stats/daily/{type}/{username}/{days}", requirements: { type: "chess|chess960", username: USERNAME, days: STATS_DAYS }, defaults: { type: "chess", days: "90" }, optional: ["username"] },
  { name: "web_stats_tactics", path: "/stats/puzzles/{username}/{days}", requirements: { username: USERNAME, days: STATS_DAYS }, defaults: { days: "90" }, optional: ["username"] },
  { name: "web_stats_tournaments", path: "/stats/tournaments/{username}", requirements: { username: USERNAME }, optional: ["username"] },
  { name: "web_stats", path: "/stats/{username}", requirements: { username: USERNAME }, optional: ["username"] },

  // Club pages
  { name: "web_clubs", path: "/clubs" },
  { name: "web_clubs_find", path: "/clubs/find" },
  { name: "web_clubs_search", path: "/clubs/search", query: ["q"] },
  { name: "web_clubs_home", path: "/clubs/home/{username}", requirements: { username: USERNAME }, optional: ["username"] },
  { name: "web_clubs_members_invite", path: "/clubs/members/invite" },
  { name: "web_clubs_edit", path: "/clubs/edit/{url}" },
  { name: "web_clubs_members", path: "/clubs/members/{url}" },
  { name: "web_clubs_events", path: "/clubs/events/{url}", query: ["page"] },
  { name: "web_clubs_current_events", path: "/clubs/currentevents/{url}", query: ["page"] },
  { name: "web_clubs_past_events", path: "/clubs/pastevents/{url}", query: ["page"] },
  { name: "web_clubs_upcoming_events", path: "/clubs/upcomingevents/{url}", query: ["page"] },
  { name: "web_clubs_forum_view", path: "/clubs/forum/view/{url}", requirements: { url: ANY_PATH } },
  { name: "web_clubs_forum", path: "/clubs/forum/{url}" },
  { name: "web_clubs_matches_daily", path: "/clubs/matches/daily/{status}", requirements: { status: "current|finished" }, optional: ["status"] },
  { name: "web_club_chat", path: "/club/chat/{url}" },
  { name: "web_club_notes", path: "/club/notes/{url}" },
  { name: "web_club_leaderboard_live_matches", path: "/club/leaderboard/{url}/live-matches", requirements: { url: ANY_PATH } },
  { name: "web_club_leaderboard", path: "/club/leaderboard/{url}", requirements: { url: ANY_PATH } },
  { name: "web_club_matches_live", path: "/club/matches/live/{url}/{match}", requirements: { url: ANY_PATH, match: DIGITS } },
  { name: "web_club_match", path: "/club/matches/{match}", requirements: { match: DIGITS } },
  { name: "web_club_matches_view", path: "/club/matches/{url}/{match}", requirements: { match: DIGITS } },
  { name: "web_club_join_by_id", path: "/club/id/{id}/join/{secret}", requirements: { id: DIGITS }, optional: ["secret"], secrets: ["secret"] },
  { name: "web_club_join", path: "/club/{url}/join/{secret}", optional: ["secret"], secrets: ["secret"] },
  { name: "web_club", path: "/club/{url}" },

  // Leaderboard pages
  { name: "web_leaderboard_daily", path: "/leaderboard/daily/{type}", requirements: { type: "chess|chess960" }, defaults: { type: "chess" } },
  { name: "web_leaderboard_live", path: "/leaderboard/live/{type}", requirements: { type: "blitz|bullet|rapid|bughouse|crazyhouse|kingofthehill|threecheck|chess960" }, defaults: { type: "blitz" } },
  { name: "web_leaderboard_clubs_matches", path: "/leaderboard/clubs/matches" },
  { name: "web_leaderboard_clubs_live_matches", path: "/leaderboard/clubs/live-matches" },
  { name: "web_leaderboard_clubs_votechess", path: "/leaderboard/clubs/votechess" },
] as const satisfies readonly PageRouteDefinition[];

export type PageRouteName = (typeof pageRoutes)[number]["name"];
