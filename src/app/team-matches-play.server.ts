/**
 * Gives team matches the players' ratings and the boards' games (the port it
 * declared): ratings and play know them. Neither feature imports the other;
 * they meet here, in the composition root.
 */
import { variants } from "../chess/variants.ts";
import { ratingTypeOf } from "../features/ratings/rating-types.ts";
import type { TeamMatchGameTerms } from "../features/team-matches/team-match-play.port.ts";
import { defineFeature, type FeatureDefinition } from "../platform/composition/feature-definition.server.ts";
import { isDailyDaysPerMove } from "../chess/time-control.ts";

function controlOf(terms: TeamMatchGameTerms) {
  if (terms.kind === "daily") {
    const days = terms.daysPerMove ?? 3;
    return { kind: "daily" as const, daysPerMove: isDailyDaysPerMove(days) ? days : 3 };
  }
  return { kind: "live" as const, baseSeconds: terms.baseSeconds ?? 600, incrementSeconds: terms.incrementSeconds ?? 0 };
}

export const teamMatchesPlayBridge: FeatureDefinition<Record<never, never>> = defineFeature<Record<never, never>>({
  name: "team-matches-play",
  tables: {},
  messageCatalogs: [],
  createServices: () => ({}),
  provides: ({ services }) => ({
    teamMatchPlay: {
      async ratingsOf(memberIds, terms) {
        const type = ratingTypeOf(terms.rules, controlOf(terms));
        const ratings = await Promise.all(memberIds.map(async (id) => [id, await services.ratings.currentRating(id, type)] as const));
        return new Map(ratings);
      },
      async startGames(matchId, terms, boards) {
        const gameTerms = { rules: terms.rules, control: controlOf(terms), rated: terms.rated, color: "white" as const };
        const rows = await services.games.startArrangedGames(boards.map((board) => ({ variant: variants[terms.rules], memberIds: [board.whiteId, board.blackId], terms: gameTerms, tags: { teamMatchId: matchId } })));
        return rows.map((row) => row.id);
      },
    },
  }),
});
