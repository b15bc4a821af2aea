import type { FeatureArea, PageRouteName } from "./route-table.ts";

/**
 * Which module renders each page of the route table, and the feature area it
 * belongs to: what the server (routes.ts, the page handlers, the message
 * catalogs, the not-yet-built pages) needs and the browser does not, kept off
 * the client bundle (decision 0038). Every route name must be here: the type
 * says so.
 *
 * A page whose feature is not built yet is marked `coming` with the feature it
 * waits for: it is served by the placeholder page, which says that feature is
 * coming. The marks are the one record of what is not built: the placeholder,
 * the home page's "on the way" list and the tests of what pages claim
 * (docs/decisions/0043) all read them, so building a feature (giving its routes
 * their own modules) changes what every one of them says.
 */
export interface RouteModule {
  /** The route module, relative to src/. */
  readonly file: string;
  readonly feature: FeatureArea;
  /** Not built yet: the feature this page waits for (served by the placeholder page). */
  readonly coming?: UpcomingFeature;
}

/** Features the spec asks for whose pages exist only as placeholders until a later issue builds them. */
export const upcomingFeatures = [
  "team_matches", "vote_chess", "tournaments", "leaderboards", "stats", "puzzles", "articles", "player_pages", "verified_players",
] as const;
export type UpcomingFeature = (typeof upcomingFeatures)[number];

/** The placeholder page: the route's heading and what is coming there. */
export const placeholderPage = "platform/pages/feature-page.tsx";

function comingPage(feature: FeatureArea, coming: UpcomingFeature): RouteModule {
  return { file: placeholderPage, feature, coming };
}

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


export const routeModules: Readonly<Record<PageRouteName, RouteModule>> = {
  web_root: { file: homePage, feature: "site" },
  web_home: { file: homePage, feature: "site" },
  web_security_register: { file: registerPage, feature: "accounts" },
  web_security_login: { file: loginPage, feature: "accounts" },
  web_security_login_and_go: { file: loginPage, feature: "accounts" },
  web_security_forgot_password: { file: forgotPasswordPage, feature: "accounts" },
  web_security_reset_password: { file: resetPasswordPage, feature: "accounts" },
  web_user_settings_confirm_email: { file: confirmEmailPage, feature: "settings" },
  web_2fa_login: { file: twoFactorPage, feature: "accounts" },
  web_search: { file: "features/members/search/search-page.tsx", feature: "members" },
  web_notifications: { file: notificationsPage, feature: "members" },
  web_user_settings: { file: accountSettingsPage, feature: "settings" },
  web_about: { file: siteTextPage, feature: "site" },
  web_membership: { file: membershipPage, feature: "accounts" },
  web_community_policies: { file: siteTextPage, feature: "site" },
  web_community_guidelines: { file: siteTextPage, feature: "site" },
  web_live: { file: "features/play/live/live-page.tsx", feature: "play" },
  web_verified: comingPage("site", "verified_players"),
  web_verification_index: { file: "platform/security/human-check/verification-page.tsx", feature: "accounts" },
  web_blog_post: comingPage("content", "articles"),
  web_article_view: comingPage("content", "articles"),
  web_tournament_live_arena: comingPage("tournaments", "tournaments"),
  web_tournament_live: comingPage("tournaments", "tournaments"),
  web_tournament: comingPage("tournaments", "tournaments"),
  web_players: comingPage("members", "player_pages"),
  web_member_profile: { file: memberPage, feature: "members" },
  web_members_gifters: { file: giftersPage, feature: "accounts" },
  web_members_enable: { file: enableMemberPage, feature: "moderation" },
  web_games_archive: { file: "features/play/archive/archive-page.tsx", feature: "play" },
  web_game_live: { file: gamePage, feature: "play" },
  web_game: { file: gamePage, feature: "play" },
  web_play_arena: comingPage("tournaments", "tournaments"),
  web_play_tournament: comingPage("tournaments", "tournaments"),
  web_play_match: comingPage("clubs", "team_matches"),
  web_play_new: { file: playNewPage, feature: "play" },
  web_play_club_challenges: comingPage("clubs", "team_matches"),
  web_play_create_tournament: comingPage("tournaments", "tournaments"),
  web_votechess_game: comingPage("clubs", "vote_chess"),
  web_votechess_seek: comingPage("clubs", "vote_chess"),
  web_daily_team_seek: comingPage("clubs", "team_matches"),
  web_puzzle_battle: comingPage("puzzles", "puzzles"),
  web_announcement_post: comingPage("content", "articles"),
  web_league_division: comingPage("tournaments", "tournaments"),
  web_stats_bughouse: comingPage("stats", "stats"),
  web_stats_live: comingPage("stats", "stats"),
  web_stats_daily: comingPage("stats", "stats"),
  web_stats_tactics: comingPage("stats", "stats"),
  web_stats_tournaments: comingPage("stats", "stats"),
  web_stats: comingPage("stats", "stats"),
  web_clubs: { file: clubsPages.home, feature: "clubs" },
  web_clubs_find: { file: clubsPages.find, feature: "clubs" },
  web_clubs_search: { file: clubsPages.find, feature: "clubs" },
  web_clubs_home: { file: clubsPages.ofMember, feature: "clubs" },
  web_clubs_members_invite: { file: clubsPages.invite, feature: "clubs" },
  web_clubs_edit: { file: clubsPages.edit, feature: "clubs" },
  web_clubs_members: { file: clubsPages.members, feature: "clubs" },
  web_clubs_events: { file: clubEventsPage, feature: "clubs" },
  web_clubs_current_events: { file: clubEventsPage, feature: "clubs" },
  web_clubs_past_events: { file: clubEventsPage, feature: "clubs" },
  web_clubs_upcoming_events: { file: clubEventsPage, feature: "clubs" },
  web_clubs_forum_view: { file: "features/clubs/forum/pages/club-topic-page.tsx", feature: "clubs" },
  web_clubs_forum: { file: "features/clubs/forum/pages/club-forum-page.tsx", feature: "clubs" },
  web_clubs_matches_daily: comingPage("clubs", "team_matches"),
  web_club_chat: { file: clubChatPage, feature: "clubs" },
  web_club_notes: { file: "features/clubs/notes/pages/club-notes-page.tsx", feature: "clubs" },
  web_club_leaderboard_live_matches: comingPage("clubs", "team_matches"),
  web_club_leaderboard: comingPage("clubs", "team_matches"),
  web_club_matches_live: comingPage("clubs", "team_matches"),
  web_club_match: comingPage("clubs", "team_matches"),
  web_club_matches_view: comingPage("clubs", "team_matches"),
  web_club_join_by_id: { file: clubsPages.join, feature: "clubs" },
  web_club_join: { file: clubsPages.join, feature: "clubs" },
  web_club: { file: clubsPages.club, feature: "clubs" },
  web_leaderboard_daily: comingPage("leaderboards", "leaderboards"),
  web_leaderboard_live: comingPage("leaderboards", "leaderboards"),
  web_leaderboard_clubs_matches: comingPage("leaderboards", "leaderboards"),
  web_leaderboard_clubs_live_matches: comingPage("leaderboards", "leaderboards"),
  web_leaderboard_clubs_votechess: comingPage("leaderboards", "leaderboards"),
};

/** The upcoming features some page still waits for, in the list's order: what is not built today. */
export function unbuiltFeatures(): UpcomingFeature[] {
  const waiting = new Set(Object.values(routeModules).flatMap((module) => (module.coming ? [module.coming] : [])));
  return upcomingFeatures.filter((feature) => waiting.has(feature));
}
