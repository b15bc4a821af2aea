/**
 * Gives the social feature's user card the member's online status from
 * presence (spec 001 §3.4 onlineStatus; the port social declares). Neither
 * feature imports the other; they meet here, in the composition root.
 */
import { defineFeature, type FeatureDefinition } from "../platform/composition/feature-definition.server.ts";

export const socialPresenceBridge: FeatureDefinition<Record<never, never>> = defineFeature<Record<never, never>>({
  name: "social-presence",
  tables: {},
  messageCatalogs: [],
  createServices: () => ({}),
  provides: ({ services }) => ({
    onlineStatus: {
      // Online or not is all the card needs: the live snapshot, without an offline member's dates (two queries).
      async statusOf(memberId) {
        const online = await services.presence.service.onlineAmong([memberId]);
        return online.has(memberId) ? "online" : "offline";
      },
    },
  }),
});
