/**
 * Gives the trophies feature the games an award may name (the port it
 * declared): play knows its games. Neither feature imports the other; they
 * meet here, in the composition root.
 */
import { defineFeature, type FeatureDefinition } from "../platform/composition/feature-definition.server.ts";

export const trophiesPlayBridge: FeatureDefinition<Record<never, never>> = defineFeature<Record<never, never>>({
  name: "trophies-play",
  tables: {},
  messageCatalogs: [],
  createServices: () => ({}),
  provides: ({ services }) => ({
    trophyGames: {
      async gameOf(gameId) {
        const game = await services.games.view(gameId);
        return game ? { speed: game.control.kind === "daily" ? "daily" : "live" } : null;
      },
    },
  }),
});
