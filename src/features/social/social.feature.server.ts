import { defineFeature, serviceFrom, type FeatureDeps, type FeatureDefinition } from "../../platform/composition/feature-definition.server.ts";
import type { MemberDirectory } from "../accounts/member-directory.service.server.ts";
import type { MembershipService } from "../accounts/membership/membership.service.server.ts";
import type { PreferencesService } from "../accounts/preferences/preferences.service.server.ts";
import { sharedSecret } from "../../platform/security/server-secrets.server.ts";
import { gameRecordsThrough } from "./game-records.port.ts";
import { memberRatingsThrough } from "./member-ratings.port.ts";
import { onlineStatusThrough } from "./online-status.port.ts";
import { memberClubsThrough } from "./member-clubs.port.ts";
import { createContactGuard } from "./contact-guard.server.ts";
import { createInviteLinks } from "./invite-link.server.ts";
import { registerMemberCallbackRoutes } from "./member-callbacks.routes.server.ts";
import { createMemberItemsService } from "./member-items.service.server.ts";
import type { NotificationRecorder } from "../../platform/notifications/notification-recorder.ts";
import { socialNotificationTypes } from "./notifications/social-notifications.schema.ts";
import { friendEventDefinitions } from "./social.realtime-events.server.ts";
import { registerSocialRoutes } from "./social.routes.server.ts";
import { createSocialServices } from "./social.service.server.ts";
import * as socialTables from "./social.tables.server.ts";
import { createUserCardService } from "./user-card.service.server.ts";

function buildSocialServices({ db, outbox, ports }: FeatureDeps, directory: MemberDirectory, notifications: NotificationRecorder, inviteSecret: Buffer, membership: Pick<MembershipService, "giftRefusalFor">, settings: Pick<PreferencesService, "setAllowFriendRequests" | "setStatusText">) {
  // One service per aggregate: friendships, follows, blocks and mutes, reports; `social` is the read side.
  const aggregates = createSocialServices(db, { directory, settings, outbox, notifications });
  const { social } = aggregates;
  // One rule for every member-to-member write, used by other features too (gifts, challenges).
  const contactGuard = createContactGuard(db);
  const memberItems = createMemberItemsService(db, directory, contactGuard);
  // Lifetime scores and recent opponents: online play provides them (play.feature.server.ts); ratings: the ratings feature.
  const gameRecords = gameRecordsThrough(ports);
  return {
    ...aggregates,
    contactGuard,
    memberItems,
    gameRecords,
    userCards: createUserCardService(directory, social, memberItems, memberRatingsThrough(ports), membership, onlineStatusThrough(ports), memberClubsThrough(ports)),
    socialInvites: createInviteLinks(inviteSecret, (inviterId, newMemberId) => aggregates.friendships.befriendByInvite(inviterId, newMemberId)),
  };
}

export type SocialServices = ReturnType<typeof buildSocialServices>;

/** Social: friends, follows, blocks, mutes, reports, notes, the user card and invite links. */
export const socialFeature: FeatureDefinition<SocialServices> = defineFeature<SocialServices>({
  name: "social",
  tables: socialTables,
  // The card's online status (presence), its clubs (clubs) and the members' game records (play).
  needs: ["onlineStatus", "memberClubs", "gameRecords", "memberRatings"],
  messageCatalogs: ["features/social/messages", "features/social/card/messages", "features/social/notifications/messages"],
  createServices: async (deps, earlier) =>
    buildSocialServices(
      deps,
      serviceFrom(earlier, "memberDirectory", "social"),
      serviceFrom(earlier, "notifications", "social").recorder,
      await sharedSecret(deps.db, "invite"),
      serviceFrom(earlier, "membership", "social"),
      serviceFrom(earlier, "preferences", "social"),
    ),
  realtimeEvents: friendEventDefinitions,
  notificationTypes: socialNotificationTypes,
  registerRoutes(app, { services, flags, clock }) {
    registerSocialRoutes(app, { social: services.social, friendships: services.friendships, follows: services.follows, quiets: services.quiets, reports: services.reports, features: flags });
    registerMemberCallbackRoutes(app, { social: services.social, friendships: services.friendships, follows: services.follows, items: services.memberItems, cards: services.userCards, features: flags, invites: services.socialInvites, preferences: services.preferences, games: services.gameRecords, directory: services.memberDirectory, flair: services.flair, now: clock });
  },
});
