/**
 * Gives the social feature's user card the member's clubs from the clubs
 * feature (the port social declares). Neither feature imports the other;
 * they meet here, in the composition root.
 */
import { defineFeature, type FeatureDefinition } from "../platform/composition/feature-definition.server.ts";

export const socialClubsBridge: FeatureDefinition<Record<never, never>> = defineFeature<Record<never, never>>({
  name: "social-clubs",
  tables: {},
  messageCatalogs: [],
  createServices: () => ({}),
  provides: ({ services }) => ({
    memberClubs: {
      async clubsOf(memberId, limit) {
        const list = await services.clubs.clubsOf(memberId, limit);
        return list.map((club) => ({ url: club.url, name: club.name, avatarUrl: club.avatarUrl, memberCount: club.memberCount }));
      },
    },
  }),
});
