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
 */

export const featureAreas = [
  "site", "accounts", "members", "play", "stats", "leaderboards", "clubs",
  "content", "tournaments", "puzzles", "settings", "moderation",
] as const;
export type FeatureArea = (typeof featureAreas)[number];

export interface PageRouteDefinition {
  readonly name: string;
  readonly path: string;
  /** The route module, relative to src/. */
  readonly file: string;
  readonly feature: FeatureArea;
  readonly requirements?: Readonly<Record<string, string>>;
  readonly defaults?: Readonly<Record<string, string>>;
  readonly optional?: readonly string[];
  /** Query parameters the page understands (the link generator passes others through too). */
  readonly query?: readonly string[];
}

export const DIGITS = "\\d+";
export const WORD = "\\w+";
export const ANY_PATH = ".+";
const STATS_DAYS = "0|7|30|90|365";
const USERNAME = "[A-Za-z0-9_-]+";

const featurePage = "platform/pages/feature-page.tsx";
const homePage = "features/members/pages/home-page.tsx";
const memberPage = "features/members/pages/member-page.tsx";
const loginPage = "features/accounts/pages/login-page.tsx";
const membershipPage = "features/accounts/membership/pages/membership-page.tsx";
const giftersPage = "features/accounts/membership/pages/gifters-page.tsx";
const enableMemberPage = "features/accounts/staff/pages/enable-member-page.tsx";
const twoFactorPage = "features/accounts/two-factor/pages/two-factor-page.tsx";
const accountSettingsPage = "features/accounts/settings/pages/settings-page.tsx";
const registerPage = "features/accounts/registration/pages/register-page.tsx";
const forgotPasswordPage = "features/accounts/password-reset/pages/forgot-password-page.tsx";
const resetPasswordPage = "features/accounts/password-reset/pages/reset-password-page.tsx";
const confirmEmailPage = "features/accounts/settings/pages/confirm-email-page.tsx";
/** The single-use links sent by email (32 random bytes, base64url). */
const EMAIL_LINK_TOKEN = "[A-Za-z0-9_-]{43}";
const playNewPage = "features/play/lobby/play-new-page.tsx";
const notificationsPage = "features/notifications/pages/notifications-page.tsx";
/** The clubs feature's own pages (issue 11 items 1-3). */
const clubsPages = {
  home: "features/clubs/pages/clubs-page.tsx",
  find: "features/clubs/pages/clubs-find-page.tsx",
  ofMember: "features/clubs/pages/clubs-of-member-page.tsx",
  invite: "features/clubs/pages/club-invite-page.tsx",
  members: "features/clubs/pages/club-members-page.tsx",
  join: "features/clubs/pages/club-join-page.tsx",
  club: "features/clubs/pages/club-page.tsx",
  edit: "features/clubs/pages/club-edit-page.tsx",
} as const;
const gamePage = "features/play/game-page/game-page.tsx";
const siteTextPage = "features/site/pages/site-text-page.tsx";
const clubChatPage = "features/clubs/chat/pages/club-chat-page.tsx";
const clubEventsPage = "features/clubs/events/pages/club-events-page.tsx";

export const pageRoutes = [
  // Site, account and content pages
  { name: "web_root", path: "/", file: homePage, feature: "site" },
  { name: "web_home", path: "/home", file: homePage, feature: "site" },
  { name: "web_security_register", path: "/register", file: registerPage, feature: "accounts", query: ["redirectUrl"] },
  { name: "web_security_login", path: "/login", file: loginPage, feature: "accounts", query: ["redirectUrl", "done"] },
  { name: "web_security_login_and_go", path: "/login_and_go", file: loginPage, feature: "accounts", query: ["redirectUrl"] },
  // Not in spec 000: account basics by email (docs/decisions/0023).
  { name: "web_security_forgot_password", path: "/forgot-password", file: forgotPasswordPage, feature: "accounts", query: ["done", "error"] },
  { name: "web_security_reset_password", path: "/reset-password/{token}", file: resetPasswordPage, feature: "accounts", requirements: { token: EMAIL_LINK_TOKEN }, query: ["error"] },
  { name: "web_user_settings_confirm_email", path: "/settings/email/confirm/{token}", file: confirmEmailPage, feature: "settings", requirements: { token: EMAIL_LINK_TOKEN }, query: ["error"] },
  { name: "web_2fa_login", path: "/2fa", file: twoFactorPage, feature: "accounts", query: ["redirectUrl"] },
  // Spec 000 §2 names q; page is ours (docs/decisions/0024). Members are what can be searched so far.
  { name: "web_search", path: "/search", file: "features/members/search/search-page.tsx", feature: "members", query: ["q", "page"] },
  // Not in spec 000: the member's notifications (docs/decisions/0019).
  { name: "web_notifications", path: "/notifications", file: notificationsPage, feature: "members", query: ["page"] },
  { name: "web_user_settings", path: "/settings", file: accountSettingsPage, feature: "settings", query: ["done", "error"] },
  { name: "web_about", path: "/about", file: siteTextPage, feature: "site" },
  { name: "web_membership", path: "/membership", file: membershipPage, feature: "accounts", query: ["c", "b", "plans"] },
  { name: "web_community_policies", path: "/legal/community", file: siteTextPage, feature: "site" },
  { name: "web_community_guidelines", path: "/legal/community/guidelines", file: siteTextPage, feature: "site" },
  { name: "web_live", path: "/live", file: "features/play/live/live-page.tsx", feature: "play", query: ["page"] },
  { name: "web_verified", path: "/verified", file: featurePage, feature: "site" },
  { name: "web_verification_index", path: "/verification", file: "platform/security/human-check/verification-page.tsx", feature: "accounts", query: ["redirect", "referer"] },
  { name: "web_blog_post", path: "/blog/{url}", file: featurePage, feature: "content", requirements: { url: ANY_PATH } },
  { name: "web_article_view", path: "/article/view/{url}", file: featurePage, feature: "content" },
  { name: "web_tournament_live_arena", path: "/tournament/live/arena/{url}", file: featurePage, feature: "tournaments" },
  { name: "web_tournament_live", path: "/tournament/live/{url}", file: featurePage, feature: "tournaments" },
  { name: "web_tournament", path: "/tournament/{url}", file: featurePage, feature: "tournaments" },
  { name: "web_players", path: "/players/{url}", file: featurePage, feature: "members" },
  { name: "web_member_profile", path: "/member/{username}", file: memberPage, feature: "members", requirements: { username: USERNAME } },
  { name: "web_members_gifters", path: "/members/gifters", file: giftersPage, feature: "accounts", query: ["page"] },
  { name: "web_members_enable", path: "/members/enable/{id}", file: enableMemberPage, feature: "moderation", requirements: { id: DIGITS } },
  { name: "web_games_archive", path: "/games/archive/{username}", file: "features/play/archive/archive-page.tsx", feature: "play", requirements: { username: USERNAME }, optional: ["username"], query: ["opponent", "type", "rules", "result", "from", "to", "view", "page"] },
  { name: "web_game_live", path: "/game/live/{id}", file: gamePage, feature: "play", requirements: { id: DIGITS } },
  { name: "web_game", path: "/game/{id}", file: gamePage, feature: "play", requirements: { id: DIGITS } },
  { name: "web_play_arena", path: "/play/arena/{id}", file: featurePage, feature: "tournaments" },
  { name: "web_play_tournament", path: "/play/tournament/{id}", file: featurePage, feature: "tournaments" },
  { name: "web_play_match", path: "/play/match/{id}", file: featurePage, feature: "clubs" },
  { name: "web_play_new", path: "/play/online/new", file: playNewPage, feature: "play", query: ["opponent"] },
  { name: "web_play_club_challenges", path: "/play/online/club-challenges", file: featurePage, feature: "clubs" },
  { name: "web_play_create_tournament", path: "/play/online/create-tournament/{id}", file: featurePage, feature: "tournaments", optional: ["id"] },
  { name: "web_votechess_game", path: "/votechess/game/{id}", file: featurePage, feature: "clubs" },
  { name: "web_votechess_seek", path: "/votechess/seek/{id}", file: featurePage, feature: "clubs" },
  { name: "web_daily_team_seek", path: "/daily-team/seek/{id}", file: featurePage, feature: "clubs" },
  { name: "web_puzzle_battle", path: "/puzzles/battle/{shortUuid}", file: featurePage, feature: "puzzles" },
  { name: "web_announcement_post", path: "/announcement/post", file: featurePage, feature: "content" },
  { name: "web_league_division", path: "/leagues/{league}/{division}", file: featurePage, feature: "tournaments", requirements: { league: WORD, division: "\\w{6,}" } },

  // Statistics pages
  { name: "web_stats_bughouse", path: "/stats/live/bughouse/{username}", file: featurePage, feature: "stats", requirements: { username: USERNAME }, optional: ["username"] },
  { name: "web_stats_live", path: "/stats/live/{type}/{username}/{days}", file: featurePage, feature: "stats", requirements: { type: "blitz|bullet|rapid", username: USERNAME, days: STATS_DAYS }, defaults: { type: "blitz", days: "90" }, optional: ["username"] },
  { name: "web_stats_daily", path: "/stats/daily/{type}/{username}/{days}", file: featurePage, feature: "stats", requirements: { type: "chess|chess960", username: USERNAME, days: STATS_DAYS }, defaults: { type: "chess", days: "90" }, optional: ["username"] },
  { name: "web_stats_tactics", path: "/stats/puzzles/{username}/{days}", file: featurePage, feature: "stats", requirements: { username: USERNAME, days: STATS_DAYS }, defaults: { days: "90" }, optional: ["username"] },
  { name: "web_stats_tournaments", path: "/stats/tournaments/{username}", file: featurePage, feature: "stats", requirements: { username: USERNAME }, optional: ["username"] },
  { name: "web_stats", path: "/stats/{username}", file: featurePage, feature: "stats", requirements: { username: USERNAME }, optional: ["username"] },

  // Club pages
  { name: "web_clubs", path: "/clubs", file: clubsPages.home, feature: "clubs" },
  { name: "web_clubs_find", path: "/clubs/find", file: clubsPages.find, feature: "clubs" },
  { name: "web_clubs_search", path: "/clubs/search", file: clubsPages.find, feature: "clubs", query: ["q"] },
  { name: "web_clubs_home", path: "/clubs/home/{username}", file: clubsPages.ofMember, feature: "clubs", requirements: { username: USERNAME }, optional: ["username"] },
  { name: "web_clubs_members_invite", path: "/clubs/members/invite", file: clubsPages.invite, feature: "clubs" },
  { name: "web_clubs_edit", path: "/clubs/edit/{url}", file: clubsPages.edit, feature: "clubs" },
  { name: "web_clubs_members", path: "/clubs/members/{url}", file: clubsPages.members, feature: "clubs" },
  { name: "web_clubs_events", path: "/clubs/events/{url}", file: clubEventsPage, feature: "clubs", query: ["page"] },
  { name: "web_clubs_current_events", path: "/clubs/currentevents/{url}", file: clubEventsPage, feature: "clubs", query: ["page"] },
  { name: "web_clubs_past_events", path: "/clubs/pastevents/{url}", file: clubEventsPage, feature: "clubs", query: ["page"] },
  { name: "web_clubs_upcoming_events", path: "/clubs/upcomingevents/{url}", file: clubEventsPage, feature: "clubs", query: ["page"] },
  { name: "web_clubs_forum_view", path: "/clubs/forum/view/{url}", file: "features/clubs/forum/pages/club-topic-page.tsx", feature: "clubs", requirements: { url: ANY_PATH } },
  { name: "web_clubs_forum", path: "/clubs/forum/{url}", file: "features/clubs/forum/pages/club-forum-page.tsx", feature: "clubs" },
  { name: "web_clubs_matches_daily", path: "/clubs/matches/daily/{status}", file: featurePage, feature: "clubs", requirements: { status: "current|finished" }, optional: ["status"] },
  { name: "web_club_chat", path: "/club/chat/{url}", file: clubChatPage, feature: "clubs" },
  { name: "web_club_notes", path: "/club/notes/{url}", file: "features/clubs/notes/pages/club-notes-page.tsx", feature: "clubs" },
  { name: "web_club_leaderboard_live_matches", path: "/club/leaderboard/{url}/live-matches", file: featurePage, feature: "clubs", requirements: { url: ANY_PATH } },
  { name: "web_club_leaderboard", path: "/club/leaderboard/{url}", file: featurePage, feature: "clubs", requirements: { url: ANY_PATH } },
  { name: "web_club_matches_live", path: "/club/matches/live/{url}/{match}", file: featurePage, feature: "clubs", requirements: { url: ANY_PATH, match: DIGITS } },
  { name: "web_club_match", path: "/club/matches/{match}", file: featurePage, feature: "clubs", requirements: { match: DIGITS } },
  { name: "web_club_matches_view", path: "/club/matches/{url}/{match}", file: featurePage, feature: "clubs", requirements: { match: DIGITS } },
  { name: "web_club_join_by_id", path: "/club/id/{id}/join/{secret}", file: clubsPages.join, feature: "clubs", requirements: { id: DIGITS }, optional: ["secret"] },
  { name: "web_club_join", path: "/club/{url}/join/{secret}", file: clubsPages.join, feature: "clubs", optional: ["secret"] },
  { name: "web_club", path: "/club/{url}", file: clubsPages.club, feature: "clubs" },

  // Leaderboard pages
  { name: "web_leaderboard_daily", path: "/leaderboard/daily/{type}", file: featurePage, feature: "leaderboards", requirements: { type: "chess|chess960" }, defaults: { type: "chess" } },
  { name: "web_leaderboard_live", path: "/leaderboard/live/{type}", file: featurePage, feature: "leaderboards", requirements: { type: "blitz|bullet|rapid|bughouse|crazyhouse|kingofthehill|threecheck|chess960" }, defaults: { type: "blitz" } },
  { name: "web_leaderboard_clubs_matches", path: "/leaderboard/clubs/matches", file: featurePage, feature: "leaderboards" },
  { name: "web_leaderboard_clubs_live_matches", path: "/leaderboard/clubs/live-matches", file: featurePage, feature: "leaderboards" },
  { name: "web_leaderboard_clubs_votechess", path: "/leaderboard/clubs/votechess", file: featurePage, feature: "leaderboards" },
] as const satisfies readonly PageRouteDefinition[];

export type PageRouteName = (typeof pageRoutes)[number]["name"];
