import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { isProvisional, newPlayerRating, type GlickoRating } from "../../chess/glicko2.ts";
import type { Color } from "../../chess/outcome.ts";
import { ratingType as ratingTypeOf, type RatingType } from "../../chess/time-control.ts";
import type { Database } from "../../platform/db/client.server.ts";
import type { GameTerms } from "./play.schema.ts";
import { ratingHistory, ratings } from "./play.tables.server.ts";
import { ratedGameChange } from "./rating-update.ts";

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
  // Prepared once: every card and profile view reads a member's ratings.
  // Most played first: the card shows the first three, and a type played once says little.
  const ratingsOfMember = db
    .select()
    .from(ratings)
    .where(eq(ratings.memberId, sql.placeholder("memberId")))
    .orderBy(desc(ratings.games), desc(ratings.rating), asc(ratings.ratingType))
    .prepare("ratings_of_member");

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
      const rows = await ratingsOfMember.execute({ memberId });
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
      const change = ratedGameChange(
        rows.find((row) => row.memberId === game.whiteId),
        rows.find((row) => row.memberId === game.blackId),
        game,
      );
      for (const [memberId, side] of [
        [game.whiteId, change.white],
        [game.blackId, change.black],
      ] as const) {
        const record = side.after;
        await tx
          .insert(ratings)
          .values({ memberId, ratingType: game.type, ...record })
          .onConflictDoUpdate({ target: [ratings.memberId, ratings.ratingType], set: { ...record, updatedAt: new Date() } });
        await tx.insert(ratingHistory).values({ memberId, ratingType: game.type, gameId: game.id, rating: Math.round(record.rating), deviation: Math.round(record.deviation) });
      }
      return { white: { before: change.white.before, diff: change.white.diff }, black: { before: change.black.before, diff: change.black.diff } };
    },
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
