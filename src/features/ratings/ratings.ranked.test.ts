import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../platform/db/client.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { users } from "../accounts/accounts.tables.server.ts";
import { createRatingRanksService, type RankEligibility, type RatingRanksService } from "./rating-ranks.service.server.ts";
import { createRatingsService, type RatingsService } from "./ratings.service.server.ts";
import { ratingHistory, ratingRankSnapshotDays, ratings } from "./ratings.tables.server.ts";

/** A small deterministic generator: the same "random" board on every run. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface Generated {
  readonly memberId: number;
  rating: number;
  readonly deviation: number;
  readonly updatedAt: Date;
}

const NOW = new Date("2026-11-28T12:00:00Z");
const COUNTRIES = ["NO", "DE", "US"] as const;
const ACTIVE_SINCE = new Date("2026-08-30T12:00:00Z");
/** Every member's country, as the accounts directory writes it for the rebuild to join. */
const memberCountries = sql`select id as member_id, country_code as country from users`;
const everyone: RankEligibility = { activeSince: ACTIVE_SINCE, excludedMemberIds: [], memberCountries };

/** The brute-force order: established (deviation ≤ 110), active, not excluded; best first, ties to the lower member id. */
const bruteForce = (all: readonly Generated[], excluded: readonly number[] = []) =>
  all.filter((row) => row.deviation <= 110 && row.updatedAt >= ACTIVE_SINCE && !excluded.includes(row.memberId)).sort((a, b) => b.rating - a.rating || a.memberId - b.memberId);

for (const target of databaseTargets()) {
  describe(`the ranking engine on ${target.name}`, () => {
    let database: DatabaseHandle;
    let service: RatingsService;
    let ranks: RatingRanksService;
    let drop: () => Promise<void>;
    let databaseUrl: string | undefined;
    const blitz: Generated[] = [];
    const countryOf = new Map<number, string>();

    beforeAll(async () => {
      const created = await target.create();
      drop = created.drop;
      databaseUrl = created.databaseUrl;
      database = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" });
      await database.migrate();
      const { db } = database;
      const memberRows = await db
        .insert(users)
        .values(Array.from({ length: 400 }, (_, index) => ({ username: `ranked${index}`, usernameKey: `ranked${index}`, membershipLevel: 10, countryCode: COUNTRIES[index % COUNTRIES.length] })))
        .returning({ id: users.id, countryCode: users.countryCode });
      for (const row of memberRows) countryOf.set(row.id, row.countryCode);
      const random = generator(23);
      for (const { id } of memberRows) {
        // Ratings on a coarse grid so that ties are common; a quarter provisional, a tenth inactive for months.
        const rating = 1000 + Math.floor(random() * 40) * 25;
        const deviation = random() < 0.25 ? 200 : 60 + Math.floor(random() * 40);
        const updatedAt = random() < 0.1 ? new Date("2026-05-01T00:00:00Z") : new Date("2026-11-20T00:00:00Z");
        blitz.push({ memberId: id, rating, deviation, updatedAt });
      }
      await db.insert(ratings).values(blitz.map((row) => ({ ...row, ratingType: "blitz", volatility: 0.06, games: 20, wins: 10, draws: 4, losses: 6 })));
      // Another type's ratings must never show on a blitz board.
      await db.insert(ratings).values(memberRows.slice(0, 50).map(({ id }) => ({ memberId: id, ratingType: "bullet", rating: 3000, deviation: 50, volatility: 0.06, games: 20, updatedAt: NOW })));
      const first = memberRows[0];
      if (!first) throw new Error("no members");
      await db.insert(ratingHistory).values([
        { memberId: first.id, ratingType: "blitz", gameId: 1, rating: 1400, deviation: 90, at: new Date("2026-01-01T00:00:00Z") },
        { memberId: first.id, ratingType: "blitz", gameId: 2, rating: 1420, deviation: 90, at: new Date("2026-06-01T00:00:00Z") },
      ]);
      service = createRatingsService(db);
      ranks = createRatingRanksService(db);
      await ranks.rebuild("blitz", everyone, "2026-11-27", "2026-08-29");
      await ranks.rebuild("bullet", everyone, "2026-11-27", "2026-08-29");
    }, 60_000);
    afterAll(async () => {
      await database?.close();
      await drop?.();
    });

    it("pages through the whole board in the brute-force order, 50 a page, with each row's rank, the last page saying no more follow", async () => {
      const expected = bruteForce(blitz);
      const seen: { memberId: number; rank: number }[] = [];
      for (let offset = 0; ; offset += 50) {
        const page = await ranks.page("blitz", { offset, limit: 50 });
        seen.push(...page.rows.map((row) => ({ memberId: row.memberId, rank: row.rank })));
        if (!page.morePages) {
          expect(page.rows.length).toBeLessThanOrEqual(50);
          break;
        }
        expect(page.rows).toHaveLength(50);
      }
      expect(seen).toEqual(expected.map((row, index) => ({ memberId: row.memberId, rank: index + 1 })));
      expect(await ranks.rankedCount("blitz")).toBe(expected.length);
    });

    it("pages through a country's board in the brute-force order among its members, each row with its whole-board rank; an unknown country has none", async () => {
      const whole = bruteForce(blitz);
      const expected = whole.filter((row) => countryOf.get(row.memberId) === "DE");
      const seen: { memberId: number; rank: number }[] = [];
      for (let offset = 0; ; offset += 20) {
        const page = await ranks.page("blitz", { offset, limit: 20, country: "DE" });
        seen.push(...page.rows.map((row) => ({ memberId: row.memberId, rank: row.rank })));
        if (!page.morePages) break;
        expect(page.rows).toHaveLength(20);
      }
      expect(seen).toEqual(expected.map((row) => ({ memberId: row.memberId, rank: whole.indexOf(row) + 1 })));
      expect(expected.length).toBeGreaterThan(40);
      expect((await ranks.page("blitz", { offset: 0, limit: 50, country: "FR" })).rows).toEqual([]);
      // Bullet's board never lends its rows to a blitz country board, nor the other way.
      expect((await ranks.page("bullet", { offset: 0, limit: 50, country: "DE" })).rows.every((row) => countryOf.get(row.memberId) === "DE")).toBe(true);
    });

    it("ranks among a member set only, in the same order, leaving provisional, inactive members and strangers out", async () => {
      const chosen = blitz.filter((_, index) => index % 7 === 0);
      const page = await ranks.page("blitz", { offset: 0, limit: 200, memberIds: chosen.map((row) => row.memberId) });
      expect(page.rows.map((row) => row.memberId)).toEqual(bruteForce(chosen).map((row) => row.memberId));
      expect(page.morePages).toBe(false);
      const second = await ranks.page("blitz", { offset: 10, limit: 10, memberIds: chosen.map((row) => row.memberId) });
      expect(second.rows.map((row) => row.memberId)).toEqual(bruteForce(chosen).slice(10, 20).map((row) => row.memberId));
      expect(await ranks.page("blitz", { offset: 0, limit: 50, memberIds: [] })).toEqual({ rows: [], morePages: false });
    });

    it("gives every ranked member the rank of their place in the brute-force order, and none while provisional or inactive", async () => {
      const expected = bruteForce(blitz);
      for (const row of blitz.filter((_, index) => index % 9 === 0)) {
        const standing = await ranks.standingOf(row.memberId, "blitz");
        const place = expected.findIndex((entry) => entry.memberId === row.memberId);
        expect(standing?.players).toBe(expected.length);
        expect(standing?.rank).toBe(place === -1 ? null : place + 1);
        expect((await ranks.rankOf(row.memberId, "blitz"))?.rank ?? null).toBe(place === -1 ? null : place + 1);
        if (place !== -1) expect(standing?.percentile).toBeCloseTo(Math.round(((expected.length - (place + 1)) / (expected.length - 1)) * 1000) / 10, 5);
      }
      expect(await ranks.standingOf(blitz[0]?.memberId ?? 0, "rapid")).toBeNull();
    });

    it("refuses a page too long, too deep or malformed before reading anything", async () => {
      await expect(ranks.page("blitz", { offset: 0, limit: 201 })).rejects.toThrow(RangeError);
      await expect(ranks.page("blitz", { offset: -1, limit: 50 })).rejects.toThrow(RangeError);
      await expect(ranks.page("blitz", { offset: 100_001, limit: 50 })).rejects.toThrow(RangeError);
      await expect(ranks.page("blitz", { offset: 1.5, limit: 50 })).rejects.toThrow(RangeError);
    });

    it("leaves excluded members (closed accounts) out of a rebuild, closing the gap they leave; a withdrawal takes them off at once", async () => {
      const expected = bruteForce(blitz);
      const [first, second, third] = expected;
      if (!first || !second || !third) throw new Error("too few established members");
      await ranks.withdraw(first.memberId);
      expect((await ranks.page("blitz", { offset: 0, limit: 1 })).rows.map((row) => row.memberId)).toEqual([second.memberId]);
      await ranks.rebuild("blitz", { ...everyone, excludedMemberIds: [first.memberId] }, "2026-11-27", "2026-08-29");
      const page = await ranks.page("blitz", { offset: 0, limit: 2 });
      expect(page.rows.map((row) => [row.rank, row.memberId])).toEqual([[1, second.memberId], [2, third.memberId]]);
      expect((await ranks.standingOf(first.memberId, "blitz"))?.rank).toBeNull();
      expect((await ranks.standingOf(third.memberId, "blitz"))?.players).toBe(bruteForce(blitz, [first.memberId]).length);
      await ranks.rebuild("blitz", everyone, "2026-11-27", "2026-08-29");
    });

    it("computes the trend against the window's oldest snapshot: places climbed and points won, none for members not ranked then", async () => {
      const expected = bruteForce(blitz);
      const climber = expected[expected.length - 1];
      const steady = expected[0];
      if (!climber || !steady) throw new Error("too few established members");
      const before = expected.length;
      const originalRating = climber.rating;
      // A later day: the climber wins 1000 points and goes to the top.
      await database.db.update(ratings).set({ rating: 5000 }).where(and(eq(ratings.memberId, climber.memberId), eq(ratings.ratingType, "blitz")));
      climber.rating = 5000;
      const rebuilt = await ranks.rebuild("blitz", everyone, "2026-11-28", "2026-08-30");
      expect(rebuilt).toMatchObject({ built: true, snapshotTaken: true, ranked: before });
      const trends = await ranks.trendsOf("blitz", [climber.memberId, steady.memberId, 999_999], "2026-08-30");
      expect(trends.get(climber.memberId)).toEqual({ rankDelta: before - 1, scoreDelta: 5000 - originalRating });
      expect(trends.get(steady.memberId)).toEqual({ rankDelta: -1, scoreDelta: 0 });
      expect(trends.has(999_999)).toBe(false);
      // A second rebuild the same day keeps that day's snapshot; a window starting after every snapshot has no baseline.
      expect((await ranks.rebuild("blitz", everyone, "2026-11-28", "2026-08-30")).snapshotTaken).toBe(false);
      expect((await ranks.trendsOf("blitz", [climber.memberId], "2026-11-29")).size).toBe(0);
    });

    it("drops snapshots older than the window when it takes a new day's", async () => {
      await ranks.rebuild("blitz", everyone, "2027-03-01", "2026-11-28");
      const days = await database.db.select({ day: ratingRankSnapshotDays.day }).from(ratingRankSnapshotDays).where(eq(ratingRankSnapshotDays.ratingType, "blitz")).orderBy(ratingRankSnapshotDays.day);
      expect(days.map((row) => row.day)).toEqual(["2026-11-28", "2027-03-01"]);
      const [left] = await database.db.select({ n: sql<number>`count(*)::int` }).from(sql`rating_rank_snapshots`).where(sql`rating_type = 'blitz' and day < '2026-11-28'`);
      expect(left?.n).toBe(0);
    });

    it.runIf(target.name === "postgres")("lets one of two instances rebuilding a type at once do it; the other skips", async () => {
      const other = await openDatabase({ databaseUrl, dataDir: "memory://" });
      try {
        const otherRanks = createRatingRanksService(other.db);
        const results = await Promise.all([ranks.rebuild("blitz", everyone, "2027-03-01", "2026-11-28"), otherRanks.rebuild("blitz", everyone, "2027-03-01", "2026-11-28"), ranks.rebuild("blitz", everyone, "2027-03-01", "2026-11-28")]);
        expect(results.filter((result) => result.built).length).toBeGreaterThanOrEqual(1);
        expect(results.some((result) => !result.built)).toBe(true);
        expect(await ranks.rankedCount("blitz")).toBe(bruteForce(blitz).length);
      } finally {
        await other.close();
      }
    });

    it("counts the established ratings of each band for the distribution chart", async () => {
      const expected = new Map<number, number>();
      for (const row of blitz.filter((entry) => entry.deviation <= 110)) expected.set(Math.floor(row.rating / 100) * 100, (expected.get(Math.floor(row.rating / 100) * 100) ?? 0) + 1);
      expect(Object.fromEntries(await service.distribution("blitz", 100))).toEqual(Object.fromEntries(expected));
      await expect(service.distribution("blitz", 0)).rejects.toThrow(RangeError);
    });

    it("keeps a history's points from a date on", async () => {
      const memberId = blitz[0]?.memberId ?? 0;
      expect((await service.ratingHistory(memberId, "blitz")).map((point) => point.rating)).toEqual([1400, 1420]);
      expect((await service.ratingHistory(memberId, "blitz", new Date("2026-03-01T00:00:00Z"))).map((point) => point.rating)).toEqual([1420]);
    });
  });
}
