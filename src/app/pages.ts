/**
 * Every page of the site, as the features declare them: the one list the
 * link generator, the path matcher and routes.ts read (installed into the
 * platform's route table by installAppPageRoutes). Isomorphic and small: names, paths and
 * parameter rules only; the page modules are the server's (pages.server.ts).
 *
 * Order matters only where two features' paths could match one URL: the
 * first wins. The pages still to come go first: their /club/matches/...
 * paths are more specific than the clubs feature's /club/{url}. pages.test.ts
 * holds React Router to the same choice for every case URL.
 */
import { installPageRoutes } from "../platform/links/route-table.ts";
import { platformPages } from "../platform/platform.pages.ts";
import { accountsPages } from "../features/accounts/accounts.pages.ts";
import { clubsPages } from "../features/clubs/clubs.pages.ts";
import { membersPages } from "../features/members/members.pages.ts";
import { homePages } from "../features/home/home.pages.ts";
import { notificationsPages } from "../features/notifications/notifications.pages.ts";
import { playPages } from "../features/play/play.pages.ts";
import { comingPages } from "../features/site/coming.pages.ts";
import { leaderboardsPages } from "../features/leaderboards/leaderboards.pages.ts";
import { sitePages } from "../features/site/site.pages.ts";
import { themesPages } from "../features/themes/themes.pages.ts";
import { teamMatchesPages } from "../features/team-matches/team-matches.pages.ts";
import { tournamentsPages } from "../features/tournaments/tournaments.pages.ts";

export const appPageRoutes = [
  ...comingPages,
  ...teamMatchesPages,
  ...platformPages,
  ...membersPages,
  ...homePages,
  ...accountsPages,
  ...notificationsPages,
  ...sitePages,
  ...playPages,
  ...clubsPages,
  // Before the leaderboards: their /stats/{username} would take /stats/tournaments.
  ...tournamentsPages,
  ...leaderboardsPages,
  ...themesPages,
] as const;

/** Installs the application's pages in the platform's route table (idempotent). */
export function installAppPageRoutes(): void {
  installPageRoutes(appPageRoutes);
}
