/**
 * What one rated game does to both players' rating records, as a pure
 * function: the ratings service applies it inside a game's transaction, the
 * demo seed applies it to thousands of games in memory before one bulk insert,
 * so both follow the same rule (Glicko-2, one game per rating period).
 */
import { newPlayerRating, rateGame, ratingChange, type GlickoRating } from "../../chess/glicko2.ts";
import type { Color } from "../../chess/outcome.ts";

/** A member's standing in one rating type (the `ratings` row without its keys). */
export interface RatingRecord extends GlickoRating {
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly best: number | null;
  readonly bestGameId: number | null;
}

export interface SideRatingChange {
  /** The rounded rating the side played at. */
  readonly before: number;
  readonly diff: number;
  readonly after: RatingRecord;
}

export const freshRatingRecord: RatingRecord = { ...newPlayerRating, games: 0, wins: 0, losses: 0, draws: 0, best: null, bestGameId: null };

function recordAfter(before: RatingRecord, rating: GlickoRating, score: 0 | 0.5 | 1, gameId: number): RatingRecord {
  const rounded = Math.round(rating.rating);
  const improved = before.best === null || rounded > before.best;
  return {
    rating: rating.rating,
    deviation: rating.deviation,
    volatility: rating.volatility,
    games: before.games + 1,
    wins: before.wins + (score === 1 ? 1 : 0),
    losses: before.losses + (score === 0 ? 1 : 0),
    draws: before.draws + (score === 0.5 ? 1 : 0),
    best: improved ? rounded : before.best,
    bestGameId: improved ? gameId : before.bestGameId,
  };
}

/** Both sides' records after a rated game (a missing record is a new player's). */
export function ratedGameChange(
  white: RatingRecord | undefined,
  black: RatingRecord | undefined,
  game: { readonly id: number; readonly winner: Color | undefined },
): { readonly white: SideRatingChange; readonly black: SideRatingChange } {
  const whiteBefore = white ?? freshRatingRecord;
  const blackBefore = black ?? freshRatingRecord;
  const whiteScore = game.winner === "white" ? 1 : game.winner === "black" ? 0 : 0.5;
  const after = rateGame(whiteBefore, blackBefore, whiteScore);
  return {
    white: { before: Math.round(whiteBefore.rating), diff: ratingChange(whiteBefore, after.white), after: recordAfter(whiteBefore, after.white, whiteScore, game.id) },
    black: { before: Math.round(blackBefore.rating), diff: ratingChange(blackBefore, after.black), after: recordAfter(blackBefore, after.black, whiteScore === 1 ? 0 : whiteScore === 0 ? 1 : 0.5, game.id) },
  };
}
