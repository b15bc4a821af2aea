/**
 * The domain event the ratings publish (decision 0045), written by
 * `settleRatedGame` in the transaction that rates the game, for the features
 * that follow ratings (leaderboards, stats, trophies later). Server-only.
 */
import { z } from "zod";
import { defineDomainEvent } from "../../platform/domain-events/domain-events.server.ts";
import { isRatingType } from "./rating-types.ts";

const ratingChange = z.object({
  memberId: z.number().int().positive(),
  before: z.number().int(),
  after: z.number().int(),
  /** Still provisional after the game (shown with "?", left off leaderboards). */
  provisional: z.boolean(),
});

/** A rated game moved its players' ratings of one type: both players, or all four of a team game. */
export const ratingsChangedDomainEvent = defineDomainEvent(
  "ratings.changed",
  z.object({ gameId: z.number().int().positive(), ratingType: z.string().refine(isRatingType), changes: z.array(ratingChange).min(2) }),
);

export const ratingsDomainEvents = [ratingsChangedDomainEvent] as const;
