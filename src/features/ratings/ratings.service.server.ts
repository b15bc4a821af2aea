/**
 * The ratings service (decision 0050): the only module that reads or writes
 * the ratings tables. Others reach it through the ports they declare (play's
 * game ratings, social's member ratings) or, later, its events.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type InferInsertModel } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../platform/db/client.server.ts";
import { publishDomainEvent } from "../../platform/domain-events/domain-events.server.ts";
import { fail, ok, type Result } from "../../shared/result.ts";
import { isProvisional, newPlayerRating, provisionalDeviation } from "./glicko2.ts";
import { checkRatedGame, historyEntryOf, settledRecords, type RatedGame, type RatedGameRefusal, type RatingHistoryEntry, type RatingRecord } from "./rating-records.ts";
import { isRatingType, type RatingType } from "./rating-types.ts";
import { ratingsChangedDomainEvent } from "./ratings.domain-events.server.ts";
import { ratingHistory, ratings } from "./ratings.tables.server.ts";

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

/** A member's whole record in a type, for the public stats API: the last rating with its date and deviation, the best with its game and date. */
export interface RatingRecordView {
  readonly type: RatingType;
  readonly rating: number;
  readonly deviation: number;
  readonly updatedAt: Date;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly best: { readonly rating: number; readonly gameId: number; readonly at: Date } | null;
}

/** A row of a leaderboard: an established (not provisional) rating of the type. */
export interface TopRating {
  readonly memberId: number;
  readonly rating: number;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

/** A member's place among the established ratings of a type. */
export interface RatingStanding {
  readonly rating: number;
  readonly deviation: number;
  readonly best: number | null;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** 1 for the best; null while the member is not ranked (provisional, inactive or excluded: decision 0066). */
  readonly rank: number | null;
  /** How many members the type ranks. */
  readonly players: number;
  /** The share of established players rated below the member, 0 to 100; null when not ranked. */
  readonly percentile: number | null;
}

/** What a settled game did to one member. */
export interface SettledRating {
  readonly memberId: number;
  /** The rounded rating the member played at, and the whole-number change (+12, −7). */
  readonly before: number;
  readonly diff: number;
  readonly after: number;
  readonly provisional: boolean;
}

export type SettleRefusal = RatedGameRefusal | "ratings.already-settled";

/** How the seed writes thousands of rows at once (its JSON-recordset insert), handed in so this feature needs nothing of the process. */
export type BulkInsert = <Table extends PgTable>(tx: Database, table: Table, rows: readonly Partial<InferInsertModel<Table>>[]) => Promise<void>;

/** A leaderboard page is at most this long. */
export const TOP_RATINGS_LIMIT = 200;

/** The deepest place a leaderboard page may start at: an offset walk of the (type, rating) index reads this many entries at most. */
export const RANKED_OFFSET_LIMIT = 100_000;

/** A filtered leaderboard (friends, a club, a country) ranks among at most this many members. */
export const RANKED_MEMBER_SET_LIMIT = 200_000;

/** Established: deviation at most provisionalDeviation (a provisional rating is not listed, decision 0050). */
const established = lte(ratings.deviation, provisionalDeviation);

const rounded = (rating: number): number => Math.round(rating);

function viewOf(row: typeof ratings.$inferSelect): RatingView | null {
  if (!isRatingType(row.ratingType)) return null;
  return { type: row.ratingType, rating: rounded(row.rating), provisional: isProvisional(row), games: row.games, best: row.best };
}

async function knownRatingsAt(tx: Database, memberIds: readonly number[], type: RatingType): Promise<ReadonlyMap<number, number>> {
  const rows = await tx
    .select({ memberId: ratings.memberId, rating: ratings.rating })
    .from(ratings)
    .where(and(inArray(ratings.memberId, [...memberIds]), eq(ratings.ratingType, type)));
  return new Map(rows.map((row) => [row.memberId, rounded(row.rating)]));
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

  /** Locks the players' rows of the type (a new player has none yet: the history's key guards them). */
  async function recordsForUpdate(tx: Database, game: RatedGame): Promise<Map<number, RatingRecord>> {
    const memberIds = game.sides.flatMap((side) => side.memberIds);
    const rows = await tx
      .select()
      .from(ratings)
      .where(and(inArray(ratings.memberId, memberIds), eq(ratings.ratingType, game.ratingType)))
      .orderBy(asc(ratings.memberId))
      .for("update");
    return new Map(rows.map((row) => [row.memberId, row]));
  }

  async function alreadySettled(tx: Database, game: RatedGame): Promise<boolean> {
    const memberIds = game.sides.flatMap((side) => side.memberIds);
    const [found] = await tx
      .select({ gameId: ratingHistory.gameId })
      .from(ratingHistory)
      .where(and(inArray(ratingHistory.memberId, memberIds), eq(ratingHistory.ratingType, game.ratingType), eq(ratingHistory.gameId, game.gameId)))
      .limit(1);
    return found !== undefined;
  }

  return {
    /** A member's ratings, most played first. */
    async ratingsOf(memberId: number): Promise<RatingView[]> {
      const rows = await ratingsOfMember.execute({ memberId });
      return rows.flatMap((row) => viewOf(row) ?? []);
    },

    /** Every type's record of a member, with the date of their best (its history point, by the history's key). */
    async recordsOf(memberId: number): Promise<RatingRecordView[]> {
      const rows = await db
        .select({ row: ratings, bestAt: ratingHistory.at })
        .from(ratings)
        .leftJoin(ratingHistory, and(eq(ratingHistory.memberId, ratings.memberId), eq(ratingHistory.ratingType, ratings.ratingType), eq(ratingHistory.gameId, ratings.bestGameId)))
        .where(eq(ratings.memberId, memberId))
        .orderBy(asc(ratings.ratingType));
      return rows.flatMap(({ row, bestAt }) => {
        if (!isRatingType(row.ratingType)) return [];
        const best = row.best !== null && row.bestGameId !== null && bestAt !== null ? { rating: row.best, gameId: row.bestGameId, at: bestAt } : null;
        return [{ type: row.ratingType, rating: rounded(row.rating), deviation: Math.round(row.deviation), updatedAt: row.updatedAt, wins: row.wins, draws: row.draws, losses: row.losses, best }];
      });
    },

    /** A member's rating of one type, or null before their first rated game of it. */
    async ratingOf(memberId: number, type: RatingType): Promise<RatingView | null> {
      const [row] = await db.select().from(ratings).where(and(eq(ratings.memberId, memberId), eq(ratings.ratingType, type)));
      return row ? viewOf(row) : null;
    },

    /** The rating a member plays at (a new player's 1500 when they have no games of the type). */
    async currentRating(memberId: number, type: RatingType): Promise<number> {
      const [row] = await db.select({ rating: ratings.rating }).from(ratings).where(and(eq(ratings.memberId, memberId), eq(ratings.ratingType, type)));
      return rounded(row?.rating ?? newPlayerRating.rating);
    },

    /**
     * The ratings members bring to a new game, read in its transaction
     * (PGlite has one connection): casual games show them too.
     */
    async ratingsAt(tx: Database, memberIds: readonly number[], type: RatingType): Promise<ReadonlyMap<number, number>> {
      const found = await knownRatingsAt(tx, memberIds, type);
      return new Map(memberIds.map((id) => [id, found.get(id) ?? rounded(newPlayerRating.rating)]));
    },

    /** The rounded ratings of a type that these members have, read in `tx`; members without one are left out (the demo's seed gives them its own start). */
    knownRatingsAt,

    /** The sum and count of the ratings of a type that these members have (members without one are not counted). */
    async ratingTotals(memberIds: readonly number[], type: RatingType): Promise<{ readonly sum: number; readonly count: number }> {
      if (memberIds.length === 0) return { sum: 0, count: 0 };
      const [row] = await db
        .select({ sum: sql<number>`coalesce(sum(round(${ratings.rating})), 0)::float8`, count: sql<number>`count(*)::int` })
        .from(ratings)
        .where(and(inArray(ratings.memberId, [...memberIds]), eq(ratings.ratingType, type)));
      return { sum: Number(row?.sum ?? 0), count: Number(row?.count ?? 0) };
    },

    /** A member's rating after each rated game of a type, oldest first (the stats pages' graph); `since` keeps the points from then on. */
    async ratingHistory(memberId: number, type: RatingType, since?: Date): Promise<RatingHistoryPoint[]> {
      return db
        .select({ gameId: ratingHistory.gameId, rating: ratingHistory.rating, deviation: ratingHistory.deviation, at: ratingHistory.at })
        .from(ratingHistory)
        .where(and(eq(ratingHistory.memberId, memberId), eq(ratingHistory.ratingType, type), since === undefined ? undefined : gte(ratingHistory.at, since)))
        .orderBy(asc(ratingHistory.at), asc(ratingHistory.gameId));
    },

    /**
     * Each rating type's rating a member had at a moment (their last rated
     * game before it), for a trend: one read of the (member, type, at) index.
     */
    async ratingsOnDate(memberId: number, at: Date): Promise<ReadonlyMap<string, number>> {
      const rows = await db
        .selectDistinctOn([ratingHistory.ratingType], { ratingType: ratingHistory.ratingType, rating: ratingHistory.rating })
        .from(ratingHistory)
        .where(and(eq(ratingHistory.memberId, memberId), lte(ratingHistory.at, at)))
        .orderBy(ratingHistory.ratingType, desc(ratingHistory.at));
      return new Map(rows.map((row) => [row.ratingType, row.rating]));
    },

    /**
     * The highest established ratings of a type, best first (ties: the
     * earlier member), for the leaderboards: a backward walk of the (type,
     * rating) index that skips provisional ratings, so it reads about
     * `limit` rows plus the provisional ones above them.
     */
    async topRated(type: RatingType, limit: number): Promise<TopRating[]> {
      if (!Number.isInteger(limit) || limit < 1 || limit > TOP_RATINGS_LIMIT) throw new RangeError(`a top list has 1 to ${TOP_RATINGS_LIMIT} rows, not ${limit}`);
      const rows = await db
        .select({ memberId: ratings.memberId, rating: ratings.rating, games: ratings.games, wins: ratings.wins, draws: ratings.draws, losses: ratings.losses })
        .from(ratings)
        .where(and(eq(ratings.ratingType, type), lte(ratings.deviation, provisionalDeviation)))
        .orderBy(desc(ratings.rating), asc(ratings.memberId))
        .limit(limit);
      return rows.map((row) => ({ ...row, rating: rounded(row.rating) }));
    },

    /**
     * How many established ratings of the type fall in each band of `band`
     * points (the sidebar's distribution chart): band start → count. One
     * pass over the type's part of the (type, rating) index.
     */
    async distribution(type: RatingType, band: number): Promise<ReadonlyMap<number, number>> {
      if (!Number.isInteger(band) || band < 1) throw new RangeError(`a band is a positive whole number of points, not ${band}`);
      // The band inline (a checked integer): GROUP BY must see the same expression as the select list, which two parameters are not.
      const width = sql.raw(String(band));
      const start = sql<number>`(floor(${ratings.rating} / ${width}) * ${width})::int`.mapWith(Number);
      const rows = await db.select({ start, players: count() }).from(ratings).where(and(eq(ratings.ratingType, type), established)).groupBy(start).orderBy(start);
      return new Map(rows.map((row) => [row.start, row.players]));
    },

    /**
     * Rates a finished game in the caller's transaction, so that what the
     * game shows and the ratings agree or neither is written: the players'
     * rows locked, updated by Glicko-2, one history point each, and the
     * `ratings.changed` event written (the caller kicks the domain-event
     * dispatcher after its commit). A game already settled changes nothing.
     */
    async settleRatedGame(tx: Database, game: RatedGame, at: Date = new Date()): Promise<Result<SettledRating[], SettleRefusal>> {
      const checked = checkRatedGame(game);
      if (!checked.ok) return checked;
      const before = await recordsForUpdate(tx, game);
      if (await alreadySettled(tx, game)) return fail("ratings.already-settled");
      const changes = settledRecords(before, game);
      for (const change of changes) {
        const record = change.after;
        await tx
          .insert(ratings)
          .values({ memberId: change.memberId, ratingType: game.ratingType, ...record, updatedAt: at })
          .onConflictDoUpdate({ target: [ratings.memberId, ratings.ratingType], set: { ...record, updatedAt: at } });
      }
      await tx.insert(ratingHistory).values(changes.map((change) => historyEntryOf(game, change, at)));
      const settled = changes.map((change) => ({ memberId: change.memberId, before: change.before, diff: change.diff, after: change.before + change.diff, provisional: isProvisional(change.after) }));
      await publishDomainEvent(tx, ratingsChangedDomainEvent, {
        gameId: game.gameId,
        ratingType: game.ratingType,
        changes: settled.map(({ memberId, before: from, after, provisional }) => ({ memberId, before: from, after, provisional })),
      });
      return ok(settled);
    },

    /** Writes ratings replayed in memory (replayRatedGames) in the caller's transaction: the demo seed's past. */
    async recordReplayed(tx: Database, replayed: { readonly latest: readonly (RatingRecord & { readonly memberId: number; readonly ratingType: RatingType })[]; readonly history: readonly RatingHistoryEntry[] }, updatedAt: Date, insertRows: BulkInsert): Promise<void> {
      await insertRows(tx, ratings, replayed.latest.map((record) => ({ ...record, updatedAt })));
      await insertRows(tx, ratingHistory, replayed.history);
    },
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
