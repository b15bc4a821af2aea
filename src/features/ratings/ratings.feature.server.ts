import { defineFeature, type FeatureDefinition } from "../../platform/composition/feature-definition.server.ts";
import { createRatingRanksService, type RatingRanksService } from "./rating-ranks.service.server.ts";
import { ratingsDomainEvents } from "./ratings.domain-events.server.ts";
import { createRatingsService, type RatingsService } from "./ratings.service.server.ts";
import * as ratingsTables from "./ratings.tables.server.ts";

export interface RatingsServices {
  readonly ratings: RatingsService;
  readonly ratingRanks: RatingRanksService;
}

/**
 * Ratings (decision 0050): the rating types, Glicko-2, each member's rating
 * and history per type, the top of each type. Play rates its games through
 * the port it declared (gameRatings), the user card and profile read through
 * social's (memberRatings); leaderboards, stats, tournaments and puzzles will
 * read the service and follow `ratings.changed`.
 */
export const ratingsFeature: FeatureDefinition<RatingsServices> = defineFeature<RatingsServices>({
  name: "ratings",
  tables: ratingsTables,
  messageCatalogs: [],
  createServices: ({ db }) => ({ ratings: createRatingsService(db), ratingRanks: createRatingRanksService(db) }),
  provides: ({ services }) => ({
    gameRatings: { ratingsAt: services.ratings.ratingsAt, currentRating: services.ratings.currentRating, settleRatedGame: services.ratings.settleRatedGame },
    memberRatings: { ratingsOf: services.ratings.ratingsOf },
  }),
  domainEvents: ratingsDomainEvents,
});
