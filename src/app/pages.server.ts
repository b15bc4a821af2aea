/**
 * The module of every page, as the features declare them beside their page
 * lists: what routes.ts, the page handlers and the message catalogs need and
 * the browser never loads. Typed by the page list: a page without a module
 * fails the type check.
 */
import { installRouteModules, type RouteModules } from "../platform/links/route-modules.server.ts";
import { platformPageModules } from "../platform/platform.page-modules.server.ts";
import { accountsPageModules } from "../features/accounts/accounts.page-modules.server.ts";
import { clubsPageModules } from "../features/clubs/clubs.page-modules.server.ts";
import { membersPageModules } from "../features/members/members.page-modules.server.ts";
import { homePageModules } from "../features/home/home.page-modules.server.ts";
import { notificationsPageModules } from "../features/notifications/notifications.page-modules.server.ts";
import { playPageModules } from "../features/play/play.page-modules.server.ts";
import { comingPageModules } from "../features/site/coming.page-modules.server.ts";
import { leaderboardsPageModules } from "../features/leaderboards/leaderboards.page-modules.server.ts";
import { sitePageModules } from "../features/site/site.page-modules.server.ts";
import { themesPageModules } from "../features/themes/themes.page-modules.server.ts";
import { teamMatchesPageModules } from "../features/team-matches/team-matches.page-modules.server.ts";
import { tournamentsPageModules } from "../features/tournaments/tournaments.page-modules.server.ts";
import { installAppPageRoutes } from "./pages.ts";

export const appPageModules: RouteModules = {
  ...comingPageModules,
  ...teamMatchesPageModules,
  ...platformPageModules,
  ...membersPageModules,
  ...homePageModules,
  ...accountsPageModules,
  ...notificationsPageModules,
  ...sitePageModules,
  ...playPageModules,
  ...clubsPageModules,
  ...leaderboardsPageModules,
  ...themesPageModules,
  ...tournamentsPageModules,
};

/** Installs the pages and their modules (the server at start, routes.ts at build, the test set-up). */
export function installAppPages(): void {
  installAppPageRoutes();
  installRouteModules(appPageModules);
}
