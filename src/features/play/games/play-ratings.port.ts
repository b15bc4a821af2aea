/**
 * What online play needs from the ratings (decision 0050), as a declared
 * port: play needs it, the ratings feature provides it. Play keeps the
 * ratings a game shows (its rating snapshot columns); the ratings themselves,
 * their history and their event are the ratings feature's.
 */
import type { PortAccess } from "../../../platform/composition/ports.ts";
import type { Database } from "../../../platform/db/client.server.ts";
import type { Result } from "../../../shared/result.ts";
import type { RatedGame } from "../../ratings/rating-records.ts";
export { twoPlayerGame } from "../../ratings/rating-records.ts";
import { ratingTypeOf, type RatingType } from "../../ratings/rating-types.ts";
import type { SettledRating, SettleRefusal } from "../../ratings/ratings.service.server.ts";
import type { GameTerms } from "../play.schema.ts";

export interface GameRatings {
  /** The ratings members bring to a new game of the type, read in its transaction (a newcomer's 1500). */
  ratingsAt(tx: Database, memberIds: readonly number[], type: RatingType): Promise<ReadonlyMap<number, number>>;
  /** The rating a member plays at (seeks: the seek's rating and the pairing's range). */
  currentRating(memberId: number, type: RatingType): Promise<number>;
  /** Rates a finished game in the transaction that ends it, and writes the ratings' event there too. */
  settleRatedGame(tx: Database, game: RatedGame): Promise<Result<SettledRating[], SettleRefusal>>;
}

declare module "../../../platform/composition/ports.ts" {
  interface Ports {
    gameRatings: GameRatings;
  }
}

/** The ratings, read through the port when asked (the provider is composed with the others). */
export function gameRatingsThrough(ports: PortAccess): GameRatings {
  return {
    ratingsAt: (tx, memberIds, type) => ports.get("gameRatings").ratingsAt(tx, memberIds, type),
    currentRating: (memberId, type) => ports.get("gameRatings").currentRating(memberId, type),
    settleRatedGame: (tx, game) => ports.get("gameRatings").settleRatedGame(tx, game),
  };
}

/** The rating type a game of these terms counts for (stored on the game row). */
export const ratingTypeOfTerms = (terms: GameTerms): RatingType => ratingTypeOf(terms.rules, terms.control);
