import { defineFeature, type PlatformDeps } from "../../platform/features/feature-definition.server.ts";
import { sharedSecret } from "../../platform/security/server-secrets.server.ts";
import { createInviteLinks } from "./invite-link.server.ts";
import { registerMemberCallbackRoutes } from "./member-callbacks.routes.server.ts";
import { createMemberItemsService } from "./member-items.service.server.ts";
import { friendEvents } from "./social.events.ts";
import { registerSocialRoutes } from "./social.routes.server.ts";
import { createSocialService } from "./social.service.server.ts";
import * as socialTables from "./social.tables.server.ts";
import { createUserCardService } from "./user-card.service.server.ts";

async function createSocialServices({ db, outbox }: PlatformDeps) {
  const social = createSocialService(db, outbox);
  const memberItems = createMemberItemsService(db);
  return {
    social,
    memberItems,
    userCards: createUserCardService(db, social, memberItems),
    socialInvites: createInviteLinks(await sharedSecret(db, "invite"), (inviterId, newMemberId) => social.befriendByInvite(inviterId, newMemberId)),
  };
}

export type SocialServices = Awaited<ReturnType<typeof createSocialServices>>;

/** Social: friends, follows, blocks, mutes, reports, notes, the user card and invite links. */
export const socialFeature = defineFeature<SocialServices>({
  name: "social",
  tables: socialTables,
  messageCatalogs: ["features/social/messages", "features/social/card/messages"],
  createServices: createSocialServices,
  realtimeEvents: friendEvents,
  registerRoutes(app, { services, flags }) {
    registerSocialRoutes(app, { social: services.social, features: flags });
    registerMemberCallbackRoutes(app, { social: services.social, items: services.memberItems, cards: services.userCards, features: flags, invites: services.socialInvites });
  },
});
