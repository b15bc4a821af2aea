import { defineFeature, serviceFrom, type FeatureDefinition } from "../../platform/composition/feature-definition.server.ts";
import type { ListedMembers } from "../accounts/listed-members.service.server.ts";
import { createMemberProfiles, type MemberProfileSources } from "./profile/member-profile.service.server.ts";
import { memberTrophiesThrough } from "./profile/member-trophies.port.ts";
import { createMembersService } from "./members.service.server.ts";
import { registerPublicPlayerApi } from "./public-api/public-api.routes.server.ts";

function createMembersServices(listed: ListedMembers, profileSources: MemberProfileSources) {
  return {
    members: createMembersService(listed),
    /** The member profile: a read model of the accounts and social features' services. */
    memberProfiles: createMemberProfiles(profileSources),
  };
}

export type MembersServices = ReturnType<typeof createMembersServices>;

/** Members: the home page's lists and counts, member pages and the public player API. Owns no tables. */
export const membersFeature: FeatureDefinition<MembersServices> = defineFeature<MembersServices>({
  name: "members",
  tables: {},
  messageCatalogs: ["features/members/messages", "features/members/profile/messages", "features/members/search/messages"],
  // Everything the members feature shows is another feature's, read through its services (listed after accounts and social).
  needs: ["memberTrophies"],
  createServices: ({ ports }, earlier) =>
    createMembersServices(serviceFrom(earlier, "listedMembers", "members"), {
      directory: serviceFrom(earlier, "memberDirectory", "members"),
      cards: serviceFrom(earlier, "userCards", "members"),
      friendships: serviceFrom(earlier, "friendships", "members"),
      trophies: memberTrophiesThrough(ports),
    }),
  async registerRoutes(app, { services }) {
    // A member's clubs come from the clubs feature (its services are all built by the time routes register).
    await registerPublicPlayerApi(app, {
      sources: { directory: services.memberDirectory, followers: services.follows, presence: services.presence.service },
      clubsOf: (memberId) => services.clubs.clubsOf(memberId).then((clubs) => clubs.map((club) => ({ url: club.url, name: club.name, avatarUrl: club.avatarUrl, joinedAt: club.joinedAt, lastActivityAt: club.lastActivityAt }))) });
  },
});
