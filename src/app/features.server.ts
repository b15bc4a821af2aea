/**
 * The composition root: the one list of features the process runs. The
 * platform never imports a feature; this module is where they meet. Adding a
 * feature is one line here (and, for its shell UI, one in app-shell-slots.tsx).
 */
import type { ServicesOf } from "../platform/composition/feature-definition.server.ts";
import { platformFeature } from "../platform/platform.feature.server.ts";
import { accountsFeature, pageIdentityOf } from "../features/accounts/accounts.feature.server.ts";
import { membersFeature } from "../features/members/members.feature.server.ts";
import { notificationsFeature } from "../features/notifications/notifications.feature.server.ts";
import { presenceFeature } from "../features/presence/presence.feature.server.ts";
import { socialFeature } from "../features/social/social.feature.server.ts";
import { playFeature } from "../features/play/play.feature.server.ts";
import { ratingsFeature } from "../features/ratings/ratings.feature.server.ts";
import { clubRolesFeature, clubsFeature } from "../features/clubs/clubs.feature.server.ts";
import { clubForumFeature } from "../features/clubs/forum/club-forum.feature.server.ts";
import { clubChatFeature } from "../features/clubs/chat/club-chat.feature.server.ts";
import { clubEventsFeature } from "../features/clubs/events/club-events.feature.server.ts";
import { playPresenceBridge } from "./play-presence.server.ts";
import { siteFeature } from "../features/site/site.feature.server.ts";
import { demoFeature } from "../features/demo/demo.feature.server.ts";
import { socialPresenceBridge } from "./social-presence.server.ts";
import { socialClubsBridge } from "./social-clubs.server.ts";
import { leaderboardsFeature } from "../features/leaderboards/leaderboards.feature.server.ts";
import { leaderboardsSourcesBridge } from "./leaderboards-sources.server.ts";
import { homeFeature } from "../features/home/home.feature.server.ts";
import { homeSourcesBridge } from "./home-sources.server.ts";
import { trophiesFeature } from "../features/trophies/trophies.feature.server.ts";
import { trophiesPlayBridge } from "./trophies-play.server.ts";
import { themesFeature } from "../features/themes/themes.feature.server.ts";
import { teamMatchesFeature } from "../features/team-matches/team-matches.feature.server.ts";
import { teamMatchesPlayBridge } from "./team-matches-play.server.ts";
import { clubsRatingsBridge } from "./clubs-ratings.server.ts";
import { teamMatchesClubEventsBridge } from "./team-matches-club-events.server.ts";
import { tournamentsFeature } from "../features/tournaments/tournaments.feature.server.ts";
import { tournamentsSourcesBridge } from "./tournaments-sources.server.ts";

/**
 * In order: services are built and routes registered in this order (club
 * roles before accounts: the session query carries them; members and the
 * clubs feature after accounts, notifications and social, whose services they take;
 * notifications before the features that record into it); accounts' request hooks come first of all routes anyway.
 */
export const appFeatures = [platformFeature, clubRolesFeature, accountsFeature, notificationsFeature, socialFeature, membersFeature, clubsFeature, clubForumFeature, clubChatFeature, clubEventsFeature, presenceFeature, ratingsFeature, playFeature, demoFeature, trophiesFeature, themesFeature, tournamentsFeature, playPresenceBridge, socialPresenceBridge, socialClubsBridge, trophiesPlayBridge, tournamentsSourcesBridge, teamMatchesFeature, teamMatchesPlayBridge, teamMatchesClubEventsBridge, clubsRatingsBridge, leaderboardsFeature, leaderboardsSourcesBridge, homeFeature, homeSourcesBridge, siteFeature] as const;

/** Who asks for a page: the accounts feature knows (its request hook). */
export const appPageIdentity = pageIdentityOf;

/** Every feature's services; the platform's `Services` is declared as this (src/app/app-types.ts). */
export type AppServices = ServicesOf<typeof appFeatures>;

/** Who a socket is: the accounts feature reads it off the upgrade request's viewer. */
export { identifySocket } from "../features/accounts/socket-identity.server.ts";
