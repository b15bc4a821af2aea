import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { isProvisional, newPlayerRating, rateGame, ratingChange, type GlickoRating } from "../../chess/glicko2.ts";
import type { Color } from "../../chess/outcome.ts";
import { ratingType as ratingTypeOf, type RatingType } from "../../chess/time-control.ts";
import type { Database } from "../../platform/db/client.server.ts";
import type { GameTerms } from "./play.schema.ts";
import { ratingHistory, ratings } from "./play.tables.server.ts";

export interface RatingView {
  readonly type: RatingType;
  readonly rating: number;
  readonly provisional: boolean;
  readonly games: number;
  readonly best: number | null;
}

/** One point of a member's rating graph (the stats pages). */
export interface RatingHistoryPoint {
  readonly gameId: number;
  readonly rating: number;
  readonly deviation: number;
  readonly at: Date;
}

export const ratingTypeOfTerms = (terms: GameTerms): RatingType => ratingTypeOf(terms.rules, terms.control);

function glickoOf(row: { rating: number; deviation: number; volatility: number } | undefined): GlickoRating {
  return row ? { rating: row.rating, deviation: row.deviation, volatility: row.volatility } : newPlayerRating;
}

export function createRatingsService(db: Database) {
  return {
    /** The rating a member plays at (a new player's 1500 when they have no games of the type). */
    async currentRating(memberId: number, type: RatingType): Promise<number> {
      const [row] = await db.select({ rating: ratings.rating }).from(ratings).where(and(eq(ratings.memberId, memberId), eq(ratings.ratingType, type)));
      return Math.round(row?.rating ?? newPlayerRating.rating);
    },

    /**
     * The ratings both players bring to a new game, read in its transaction
     * (PGlite has one connection): casual games show them too.
     */
    async ratingsAt(tx: Database, memberIds: readonly number[], type: RatingType): Promise<ReadonlyMap<number, number>> {
      const rows = await tx
        .select({ memberId: ratings.memberId, rating: ratings.rating })
        .from(ratings)
        .where(and(inArray(ratings.memberId, [...memberIds]), eq(ratings.ratingType, type)));
      const found = new Map(rows.map((row) => [row.memberId, Math.round(row.rating)]));
      return new Map(memberIds.map((id) => [id, found.get(id) ?? Math.round(newPlayerRating.rating)]));
    },

    /** A member's rating after each rated game of a type, oldest first (the stats pages' graph). */
    async ratingHistory(memberId: number, type: RatingType): Promise<RatingHistoryPoint[]> {
      return db
        .select({ gameId: ratingHistory.gameId, rating: ratingHistory.rating, deviation: ratingHistory.deviation, at: ratingHistory.at })
        .from(ratingHistory)
        .where(and(eq(ratingHistory.memberId, memberId), eq(ratingHistory.ratingType, type)))
        .orderBy(asc(ratingHistory.at), asc(ratingHistory.gameId));
    },

    async ratingsOf(memberId: number): Promise<RatingView[]> {
      // Most played first: the card shows the first three, and a type played once says little.
      const rows = await db.select().from(ratings).where(eq(ratings.memberId, memberId)).orderBy(desc(ratings.games), desc(ratings.rating), asc(ratings.ratingType));
      return rows.map((row) => ({ type: row.ratingType as RatingType, rating: Math.round(row.rating), provisional: isProvisional(glickoOf(row)), games: row.games, best: row.best }));
    },

    /**
     * Rates a finished game inside its transaction: both rows locked, updated
     * by Glicko-2, one history point each. Answers the ratings before and the
     * changes, for the game row and the end-of-game notice.
     */
    async rateFinishedGame(
      tx: Database,
      game: { readonly id: number; readonly whiteId: number; readonly blackId: number; readonly type: RatingType; readonly winner: Color | undefined },
    ): Promise<{ white: { before: number; diff: number }; black: { before: number; diff: number } }> {
      const rows = await tx
        .select()
        .from(ratings)
        .where(and(inArray(ratings.memberId, [game.whiteId, game.blackId]), eq(ratings.ratingType, game.type)))
        .for("update");
      const whiteBefore = glickoOf(rows.find((row) => row.memberId === game.whiteId));
      const blackBefore = glickoOf(rows.find((row) => row.memberId === game.blackId));
      const whiteScore = game.winner === "white" ? 1 : game.winner === "black" ? 0 : 0.5;
      const after = rateGame(whiteBefore, blackBefore, whiteScore);
      for (const [memberId, rating, score] of [
        [game.whiteId, after.white, whiteScore],
        [game.blackId, after.black, 1 - whiteScore],
      ] as const) {
        const rounded = Math.round(rating.rating);
        const tally = { wins: score === 1 ? 1 : 0, losses: score === 0 ? 1 : 0, draws: score === 0.5 ? 1 : 0 };
        await tx
          .insert(ratings)
          .values({ memberId, ratingType: game.type, ...rating, games: 1, ...tally, best: rounded, bestGameId: game.id })
          .onConflictDoUpdate({
            target: [ratings.memberId, ratings.ratingType],
            set: {
              rating: rating.rating,
              deviation: rating.deviation,
              volatility: rating.volatility,
              games: sql`${ratings.games} + 1`,
              wins: sql`${ratings.wins} + ${tally.wins}`,
              losses: sql`${ratings.losses} + ${tally.losses}`,
              draws: sql`${ratings.draws} + ${tally.draws}`,
              best: sql`greatest(coalesce(${ratings.best}, 0), ${rounded})`,
              bestGameId: sql`case when coalesce(${ratings.best}, 0) < ${rounded} then ${game.id} else ${ratings.bestGameId} end`,
              updatedAt: new Date(),
            },
          });
        await tx.insert(ratingHistory).values({ memberId, ratingType: game.type, gameId: game.id, rating: rounded, deviation: Math.round(rating.deviation) });
      }
      return {
        white: { before: Math.round(whiteBefore.rating), diff: ratingChange(whiteBefore, after.white) },
        black: { before: Math.round(blackBefore.rating), diff: ratingChange(blackBefore, after.black) },
      };
    },
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
