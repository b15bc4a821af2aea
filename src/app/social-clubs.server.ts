/**
 * Gives the social feature's user card the member's clubs from the clubs
 * feature. Neither feature imports the other; they meet here, in the
 * composition root.
 */
import { defineFeature, serviceFrom, type FeatureDefinition } from "../platform/composition/feature-definition.server.ts";

export const socialClubsBridge: FeatureDefinition<Record<never, never>> = defineFeature<Record<never, never>>({
  name: "social-clubs",
  tables: {},
  messageCatalogs: [],
  createServices(_deps, earlier) {
    const clubs = serviceFrom(earlier, "clubs", "social-clubs");
    serviceFrom(earlier, "memberClubs", "social-clubs").provide({
      async clubsOf(memberId, limit) {
        const list = await clubs.clubsOf(memberId, limit);
        return list.map((club) => ({ url: club.url, name: club.name, avatarUrl: club.avatarUrl, memberCount: club.memberCount }));
      },
    });
    return {};
  },
});
