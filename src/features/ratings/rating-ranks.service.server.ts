/**
 * The ranking engine (decision 0066): each rating type's eligible ratings
 * numbered in board order in `rating_ranks`, rebuilt whole by one statement,
 * and a snapshot of each day's ranks for the boards' 90-day trend. Reads are
 * ranges and probes of the rank table's indexes, whatever the depth: page
 * 2,000 and "my rank" cost what page 1 does. The only module that writes
 * the rank tables.
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { provisionalDeviation } from "./glicko2.ts";
import { ratingTypes, type RatingType } from "./rating-types.ts";
import { RANKED_MEMBER_SET_LIMIT, RANKED_OFFSET_LIMIT, TOP_RATINGS_LIMIT, type RatingStanding, type TopRating } from "./ratings.service.server.ts";
import { ratingRankSnapshotDays, ratingRankSnapshots, ratingRanks, ratings } from "./ratings.tables.server.ts";

/** Who is ranked: established ratings (deviation ≤ 110, i.e. enough rated games), played since `activeSince`, of members not excluded. */
export interface RankEligibility {
  readonly activeSince: Date;
  readonly excludedMemberIds: readonly number[];
  /**
   * A relation of (member_id, country) for every member, written by the
   * members' owner (the accounts directory): the rebuild joins it once, so a
   * country's board is a range of the rank key instead of a set of ids.
   */
  readonly memberCountries: SQL;
}

/** A leaderboard row with its place on the whole board (1 for the best). */
export interface RankedRow extends TopRating {
  readonly rank: number;
}

export interface RankedRowsPage {
  readonly rows: readonly RankedRow[];
  readonly morePages: boolean;
}

/** A member's change over the trend window: places climbed (positive) and points won, from the window's oldest snapshot. */
export interface RankTrend {
  readonly rankDelta: number;
  readonly scoreDelta: number;
}

export interface RankRebuild {
  /** False when another instance was rebuilding the type (its advisory lock was held): nothing was written. */
  readonly built: boolean;
  readonly ranked: number;
  readonly snapshotTaken: boolean;
}

/** A day as the snapshots key it (UTC). */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

const rankColumns = {
  rank: ratingRanks.rank,
  memberId: ratingRanks.memberId,
  rating: ratingRanks.rating,
  games: ratingRanks.games,
  wins: ratingRanks.wins,
  draws: ratingRanks.draws,
  losses: ratingRanks.losses,
};

/** A type's partition of the rank table, and the table its next ranks are built in. Types are catalogue keys ([a-z0-9_]), checked before they reach DDL. */
function partitionsOf(type: RatingType): { readonly current: string; readonly next: string } {
  if (!/^[a-z0-9_]+$/.test(type)) throw new Error(`not a rating type: ${type}`);
  return { current: `rating_ranks_${type}`, next: `rating_ranks_${type}_next` };
}

/** A page of a board: the whole of it, a set of members (friends, a club) or a country's (by the rank rows' own country). */
export interface RankPageRequest {
  readonly offset: number;
  readonly limit: number;
  readonly memberIds?: readonly number[];
  readonly country?: string;
}

function checkPage(page: RankPageRequest): void {
  const { offset, limit, memberIds } = page;
  if (!Number.isInteger(limit) || limit < 1 || limit > TOP_RATINGS_LIMIT) throw new RangeError(`a page has 1 to ${TOP_RATINGS_LIMIT} rows, not ${limit}`);
  if (!Number.isInteger(offset) || offset < 0 || offset > RANKED_OFFSET_LIMIT) throw new RangeError(`a page starts at 0 to ${RANKED_OFFSET_LIMIT}, not ${offset}`);
  if (memberIds !== undefined && memberIds.length > RANKED_MEMBER_SET_LIMIT) throw new RangeError(`a filtered leaderboard ranks at most ${RANKED_MEMBER_SET_LIMIT} members`);
}

/** Up to this many members, a filtered page reads each member's row and sorts them; beyond, it walks the rank key and keeps the set's rows. */
const SMALL_MEMBER_SET = 5_000;

const idList = (ids: readonly number[]) => sql`${sql.param([...new Set(ids)])}::int[]`;

/** How many are ranked in the type: the last rank, read from the end of the (type, rank) key. */
async function countRanked(db: Database, type: RatingType): Promise<number> {
  const [last] = await db.select({ rank: ratingRanks.rank }).from(ratingRanks).where(eq(ratingRanks.ratingType, type)).orderBy(desc(ratingRanks.rank)).limit(1);
  return last?.rank ?? 0;
}

export function createRatingRanksService(db: Database) {

  return {
    /**
     * Numbers the type's eligible ratings 1..n (best first, ties to the
     * earlier member) in place of the previous ranks, in one transaction
     * (readers see the old ranks until it commits), and keeps the day's
     * snapshot if the day has none yet, dropping snapshots older than
     * `keepSince`. A transaction advisory lock per type makes a second
     * instance's rebuild of the same type skip instead of doing it twice.
     */
    async rebuild(type: RatingType, eligibility: RankEligibility, day: string, keepSince: string): Promise<RankRebuild> {
      return db.transaction(async (tx) => {
        const [lock] = await tx.select({ locked: sql<boolean>`pg_try_advisory_xact_lock(hashtext('rating_ranks'), hashtext(${type}))` }).from(sql`(select 1) as once`);
        if (lock?.locked !== true) return { built: false, ranked: 0, snapshotTaken: false };
        // One swap at a time: two types' rebuilds both reading the parent and then both detaching from it would deadlock.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rating_ranks'), 0)`);
        // A million rows sorted and indexed in memory, not in temporary files.
        await tx.execute(sql`set local work_mem = '256MB'`);
        await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
        const { current, next } = partitionsOf(type);
        const excluded = eligibility.excludedMemberIds.length === 0 ? sql`` : sql`and not (r.member_id = any(${idList(eligibility.excludedMemberIds)}))`;
        // Filled before it is indexed, and unlogged (derived data: a crash empties it until the next rebuild of the type): no WAL, no index entry inserted one by one.
        await tx.execute(sql.raw(`drop table if exists ${next}`));
        await tx.execute(sql.raw(`create unlogged table ${next} (like rating_ranks)`));
        await tx.execute(sql`
          insert into ${sql.identifier(next)} (rating_type, rank, member_id, rating, games, wins, draws, losses, country)
          select r.rating_type, row_number() over (order by r.rating desc, r.member_id), r.member_id, round(r.rating)::int, r.games, r.wins, r.draws, r.losses, c.country
          from ratings r left join (${eligibility.memberCountries}) c on c.member_id = r.member_id
          where r.rating_type = ${type} and r.deviation <= ${provisionalDeviation} and r.updated_at >= ${eligibility.activeSince.toISOString()}::timestamptz ${excluded}`);
        // The check lets the attach skip its scan; the indexes match the parent's, so the attach adopts them.
        await tx.execute(sql.raw(`alter table ${next} add check (rating_type = '${type}')`));
        await tx.execute(sql.raw(`alter table ${next} add primary key (rating_type, rank)`));
        await tx.execute(sql.raw(`create unique index on ${next} (rating_type, member_id)`));
        await tx.execute(sql.raw(`create index on ${next} (rating_type, country, rank)`));
        const [old] = await tx.select({ found: sql<string | null>`to_regclass(${current})::text` }).from(sql`(select 1) as once`);
        if (old?.found) {
          await tx.execute(sql.raw(`alter table rating_ranks detach partition ${current}`));
          await tx.execute(sql.raw(`drop table ${current}`));
        }
        await tx.execute(sql.raw(`alter table ${next} rename to ${current}`));
        await tx.execute(sql.raw(`alter table rating_ranks attach partition ${current} for values in ('${type}')`));
        const ranked = await countRanked(tx, type);
        const taken = await tx.insert(ratingRankSnapshotDays).values({ ratingType: type, day }).onConflictDoNothing().returning({ day: ratingRankSnapshotDays.day });
        if (taken.length > 0) {
          await tx.execute(sql`insert into rating_rank_snapshots (rating_type, day, member_id, rank, rating) select rating_type, ${day}::date, member_id, rank, rating from rating_ranks where rating_type = ${type}`);
          await tx.delete(ratingRankSnapshots).where(and(eq(ratingRankSnapshots.ratingType, type), lt(ratingRankSnapshots.day, keepSince)));
          await tx.delete(ratingRankSnapshotDays).where(and(eq(ratingRankSnapshotDays.ratingType, type), lt(ratingRankSnapshotDays.day, keepSince)));
        }
        return { built: true, ranked, snapshotTaken: taken.length > 0 };
      });
    },

    /**
     * A page of the ranks: from the whole board a range of the (type, rank)
     * key after `offset`; a country's, a range of the (type, country, rank)
     * key; among `memberIds` (friends, a club) the set's rows by the (type,
     * member) index, in rank order, from `offset` within the set. One row more is read to tell whether more follow.
     */
    async page(type: RatingType, page: RankPageRequest): Promise<RankedRowsPage> {
      checkPage(page);
      const { offset, limit, memberIds, country } = page;
      if (memberIds !== undefined && memberIds.length === 0) return { rows: [], morePages: false };
      const rows =
        country !== undefined
          ? // A country's rows are a range of the (type, country, rank) index.
            await db.select(rankColumns).from(ratingRanks).where(and(eq(ratingRanks.ratingType, type), eq(ratingRanks.country, country))).orderBy(asc(ratingRanks.rank)).limit(limit + 1).offset(offset)
          : memberIds === undefined
          ? await db.select(rankColumns).from(ratingRanks).where(and(eq(ratingRanks.ratingType, type), gt(ratingRanks.rank, offset))).orderBy(asc(ratingRanks.rank)).limit(limit + 1)
          : await db
              .select(rankColumns)
              .from(ratingRanks)
              .where(and(eq(ratingRanks.ratingType, type), sql`${ratingRanks.memberId} = any(${idList(memberIds)})`))
              // A small set (friends, a club) is probed by member and sorted; ordering by the bare rank would let the planner walk the whole rank key looking for it.
              .orderBy(memberIds.length <= SMALL_MEMBER_SET ? sql`${ratingRanks.rank} + 0` : asc(ratingRanks.rank))
              .limit(limit + 1)
              .offset(offset);
      return { rows: rows.slice(0, limit), morePages: rows.length > limit };
    },

    /** A member's place on the board ("my rank") and how many are ranked: two index probes. Null when they are not ranked. */
    async rankOf(memberId: number, type: RatingType): Promise<{ readonly rank: number; readonly players: number } | null> {
      const [mine] = await db.select({ rank: ratingRanks.rank }).from(ratingRanks).where(and(eq(ratingRanks.ratingType, type), eq(ratingRanks.memberId, memberId)));
      if (!mine) return null;
      return { rank: mine.rank, players: await countRanked(db, type) };
    },

    rankedCount: (type: RatingType): Promise<number> => countRanked(db, type),

    /**
     * A member's record in a type with their place on the board and the
     * percentile (the share ranked below them), or null before their first
     * rated game of it; rank and percentile are null while they are not ranked.
     */
    async standingOf(memberId: number, type: RatingType): Promise<RatingStanding | null> {
      const [mine] = await db.select().from(ratings).where(and(eq(ratings.memberId, memberId), eq(ratings.ratingType, type)));
      if (!mine) return null;
      const [placed] = await db.select({ rank: ratingRanks.rank }).from(ratingRanks).where(and(eq(ratingRanks.ratingType, type), eq(ratingRanks.memberId, memberId)));
      const players = await countRanked(db, type);
      const record = { rating: Math.round(mine.rating), deviation: Math.round(mine.deviation), best: mine.best, games: mine.games, wins: mine.wins, draws: mine.draws, losses: mine.losses };
      if (!placed) return { ...record, rank: null, players, percentile: null };
      const percentile = players <= 1 ? 100 : Math.round(((players - placed.rank) / (players - 1)) * 1000) / 10;
      return { ...record, rank: placed.rank, players, percentile };
    },

    /**
     * The trend of these members since the oldest snapshot from `since` on
     * (the 90-day window's baseline): members absent from it have none.
     */
    async trendsOf(type: RatingType, memberIds: readonly number[], since: string): Promise<ReadonlyMap<number, RankTrend>> {
      if (memberIds.length === 0) return new Map();
      const [baseline] = await db.select({ day: ratingRankSnapshotDays.day }).from(ratingRankSnapshotDays).where(and(eq(ratingRankSnapshotDays.ratingType, type), gte(ratingRankSnapshotDays.day, since))).orderBy(asc(ratingRankSnapshotDays.day)).limit(1);
      if (!baseline) return new Map();
      const rows = await db
        .select({ memberId: ratingRanks.memberId, rank: ratingRanks.rank, rating: ratingRanks.rating, thenRank: ratingRankSnapshots.rank, thenRating: ratingRankSnapshots.rating })
        .from(ratingRankSnapshots)
        .innerJoin(ratingRanks, and(eq(ratingRanks.ratingType, ratingRankSnapshots.ratingType), eq(ratingRanks.memberId, ratingRankSnapshots.memberId)))
        .where(and(eq(ratingRankSnapshots.ratingType, type), eq(ratingRankSnapshots.day, baseline.day), sql`${ratingRankSnapshots.memberId} = any(${idList(memberIds)})`));
      return new Map(rows.map((row) => [row.memberId, { rankDelta: row.thenRank - row.rank, scoreDelta: row.rating - row.thenRating }]));
    },

    /** Whether the type was ever ranked (a board read before the first rebuild builds it). */
    async everRanked(type: RatingType): Promise<boolean> {
      const [found] = await db.select({ day: ratingRankSnapshotDays.day }).from(ratingRankSnapshotDays).where(eq(ratingRankSnapshotDays.ratingType, type)).limit(1);
      return found !== undefined;
    },

    /** Takes a member off every board at once (a closed account), before the next rebuild closes the gap. */
    async withdraw(memberId: number): Promise<void> {
      // Every type named, so the (type, member) index finds the rows.
      await db.delete(ratingRanks).where(and(inArray(ratingRanks.ratingType, [...ratingTypes]), eq(ratingRanks.memberId, memberId)));
    },
  };
}

export type RatingRanksService = ReturnType<typeof createRatingRanksService>;
