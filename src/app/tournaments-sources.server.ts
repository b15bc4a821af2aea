/**
 * Gives the tournaments feature what it asks of others (the ports it
 * declared): play starts its games tagged with the tournament and halves a
 * clock on berserk; the ratings feature tells a player's rating. Neither
 * feature imports the other; they meet here, in the composition root.
 */
import { variants } from "../chess/variants.ts";
import { defineFeature, type FeatureDefinition } from "../platform/composition/feature-definition.server.ts";

export const tournamentsSourcesBridge: FeatureDefinition<Record<never, never>> = defineFeature<Record<never, never>>({
  name: "tournaments-sources",
  tables: {},
  messageCatalogs: [],
  createServices: () => ({}),
  provides: ({ services }) => ({
    tournamentDemo: { actors: () => services.demoLife.actors(), adopt: (games) => services.demoLife.adopt(games) },
    tournamentRatings: { currentRating: (memberId, type) => services.ratings.currentRating(memberId, type) },
    tournamentGames: {
      async startGames(tournamentId, terms, pairings) {
        const control = { kind: "live" as const, baseSeconds: terms.baseSeconds, incrementSeconds: terms.incrementSeconds };
        const rows = await services.games.startArrangedGames(
          pairings.map((pairing) => ({
            variant: variants[terms.rules],
            memberIds: [pairing.whiteId, pairing.blackId],
            terms: { rules: terms.rules, control, rated: terms.rated, color: "white" as const },
            tags: { tournamentId },
          })),
        );
        return rows.map((row) => row.id);
      },
      async berserk(memberId, gameId) {
        // Play's berserk decides by the seat alone; the member's name and level play no part in it.
        return (await services.games.berserk({ id: memberId, username: "", level: 1 }, gameId)).ok;
      },
    },
  }),
});
