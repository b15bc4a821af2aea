/**
 * Gives the social feature's user card the member's online status from
 * presence (spec 001 §3.4 onlineStatus). Neither feature imports the other;
 * they meet here, in the composition root.
 */
import { defineFeature, serviceFrom, type FeatureDefinition } from "../platform/composition/feature-definition.server.ts";

export const socialPresenceBridge: FeatureDefinition<Record<never, never>> = defineFeature<Record<never, never>>({
  name: "social-presence",
  tables: {},
  messageCatalogs: [],
  createServices(_deps, earlier) {
    const presence = serviceFrom(earlier, "presence", "social-presence").service;
    serviceFrom(earlier, "onlineStatus", "social-presence").provide({
      async statusOf(memberId) {
        const [found] = await presence.presenceOf([memberId]);
        return found?.status === "online" ? "online" : "offline";
      },
    });
    return {};
  },
});
