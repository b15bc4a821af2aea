import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "../../platform/db/client.server.ts";
import { domainEvents } from "../../platform/domain-events/domain-events.tables.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { users } from "../accounts/accounts.tables.server.ts";
import type { RatedGame } from "./rating-records.ts";
import type { RatingType } from "./rating-types.ts";
import { createRatingsService, type RatingsService } from "./ratings.service.server.ts";
import { ratingHistory, ratings } from "./ratings.tables.server.ts";

/** A one-against-one game of `type`: `winner` scores 1 (null: a draw). */
function duel(gameId: number, white: number, black: number, winner: "white" | "black" | null, ratingType: RatingType = "blitz"): RatedGame {
  const whiteScore = winner === "white" ? 1 : winner === "black" ? 0 : 0.5;
  const blackScore = winner === "white" ? 0 : winner === "black" ? 1 : 0.5;
  return { gameId, ratingType, sides: [{ memberIds: [white], score: whiteScore }, { memberIds: [black], score: blackScore }] };
}

for (const target of databaseTargets()) {
  describe(`the ratings service on ${target.name}`, () => {
    let database: DatabaseHandle;
    let db: Database;
    let service: RatingsService;
    let drop: () => Promise<void>;
    let members = 0;
    let games = 5_000;

    beforeAll(async () => {
      const created = await target.create();
      drop = created.drop;
      database = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" });
      await database.migrate();
      db = database.db;
      service = createRatingsService(db);
    }, 60_000);
    afterAll(async () => {
      await database?.close();
      await drop?.();
    });

    async function member(): Promise<number> {
      members += 1;
      const username = `rated${members}`;
      const [row] = await db.insert(users).values({ username, usernameKey: username, membershipLevel: 10 }).returning({ id: users.id });
      if (!row) throw new Error("no member inserted");
      return row.id;
    }

    /** A member who already has a rating of the type (an established player). */
    async function rated(type: RatingType, rating: number, deviation: number, volatility = 0.06): Promise<number> {
      const id = await member();
      await db.insert(ratings).values({ memberId: id, ratingType: type, rating, deviation, volatility, games: 30 });
      return id;
    }

    const settle = (game: RatedGame, at?: Date) => db.transaction((tx) => service.settleRatedGame(tx, game, at));
    const eventsOfGame = (gameId: number) =>
      db
        .select({ payload: domainEvents.payload })
        .from(domainEvents)
        .where(and(eq(domainEvents.type, "ratings.changed"), sql`(${domainEvents.payload}->>'gameId')::bigint = ${gameId}`));
    const rowOf = async (memberId: number, type: RatingType) => (await db.select().from(ratings).where(and(eq(ratings.memberId, memberId), eq(ratings.ratingType, type))))[0];

    it("rates two newcomers by Glicko-2 (figures from an independent implementation), both provisional after one game", async () => {
      const [alice, bob] = [await member(), await member()];
      const settled = await settle(duel((games += 1), alice, bob, "white"));
      // 1500 ± 500, volatility 0.09, τ 0.75: the winner to 1741.62 ± 396.81, the loser to 1258.38 ± 396.81.
      expect(settled).toEqual({
        ok: true,
        value: [
          { memberId: alice, before: 1500, diff: 242, after: 1742, provisional: true },
          { memberId: bob, before: 1500, diff: -242, after: 1258, provisional: true },
        ],
      });
      const aliceRow = await rowOf(alice, "blitz");
      expect(aliceRow?.rating).toBeCloseTo(1741.62, 1);
      expect(aliceRow?.deviation).toBeCloseTo(396.81, 1);
      expect(aliceRow?.volatility).toBeCloseTo(0.089998, 5);
      expect(aliceRow).toMatchObject({ games: 1, wins: 1, losses: 0, draws: 0, best: 1742 });
      expect(await rowOf(bob, "blitz")).toMatchObject({ games: 1, wins: 0, losses: 1, best: 1258 });
      expect(await service.ratingsOf(alice)).toEqual([{ type: "blitz", rating: 1742, provisional: true, games: 1, best: 1742 }]);
      expect(await service.ratingOf(alice, "bullet")).toBeNull();
      expect(await service.currentRating(bob, "blitz")).toBe(1258);
      expect(await service.currentRating(bob, "rapid")).toBe(1500);
    });

    it("rates established players: an upset and a draw", async () => {
      const favourite = await rated("rapid", 1700, 80);
      const outsider = await rated("rapid", 1500, 150);
      expect(await settle(duel((games += 1), favourite, outsider, "black", "rapid"))).toMatchObject({ ok: true, value: [{ before: 1700, diff: -24 }, { before: 1500, diff: 84 }] });
      expect((await rowOf(favourite, "rapid"))?.rating).toBeCloseTo(1675.83, 1);
      expect((await rowOf(outsider, "rapid"))?.rating).toBeCloseTo(1584.02, 1);
      expect((await rowOf(outsider, "rapid"))?.deviation).toBeCloseTo(141.4, 1);

      const drawer = await rated("daily", 1700, 80);
      const other = await rated("daily", 1500, 150);
      await settle(duel((games += 1), drawer, other, null, "daily"));
      expect((await rowOf(drawer, "daily"))?.rating).toBeCloseTo(1692.19, 1);
      expect(await rowOf(drawer, "daily")).toMatchObject({ games: 31, draws: 1 });
    });

    it("rates a team game (bughouse): each member against the other side as one opponent", async () => {
      const [a1, a2, b1, b2] = [await rated("livebug", 1600, 100), await rated("livebug", 1400, 200), await rated("livebug", 1500, 60), await rated("livebug", 1500, 300)];
      const gameId = (games += 1);
      const settled = await settle({ gameId, ratingType: "livebug", sides: [{ memberIds: [a1, a2], score: 1 }, { memberIds: [b1, b2], score: 0 }] });
      if (!settled.ok) throw new Error(settled.error);
      expect(settled.value.map((change) => change.memberId)).toEqual([a1, a2, b1, b2]);
      const expected: [number, number][] = [
        [a1, 1617.46],
        [a2, 1496.69],
        [b1, 1490.69],
        [b2, 1354.79],
      ];
      for (const [memberId, rating] of expected) expect((await rowOf(memberId, "livebug"))?.rating).toBeCloseTo(rating, 1);
      const [history] = await db.select({ points: sql<number>`count(*)::int` }).from(ratingHistory).where(eq(ratingHistory.gameId, gameId));
      expect(history?.points).toBe(4);
      const [event] = await eventsOfGame(gameId);
      expect(event?.payload).toMatchObject({ gameId, ratingType: "livebug", changes: [{ memberId: a1 }, { memberId: a2 }, { memberId: b1 }, { memberId: b2 }] });
    });

    it("keeps a rating provisional while its deviation is above 110, about the first dozen games", async () => {
      const [steady, sparring] = [await member(), await member()];
      let provisionalGames = 0;
      for (let game = 0; game < 30; game += 1) {
        const settled = await settle(duel((games += 1), steady, sparring, game % 3 === 0 ? null : game % 2 === 0 ? "white" : "black", "bullet"));
        if (!settled.ok) throw new Error(settled.error);
        const mine = settled.value.find((change) => change.memberId === steady);
        if (mine?.provisional) provisionalGames += 1;
        else break;
      }
      expect(provisionalGames).toBeGreaterThanOrEqual(8);
      expect(provisionalGames).toBeLessThanOrEqual(16);
      const row = await rowOf(steady, "bullet");
      expect(row?.deviation).toBeLessThanOrEqual(110);
      expect((await service.ratingOf(steady, "bullet"))?.provisional).toBe(false);
    });

    it("gives a member's history of a type oldest first, one point per game, whatever order the games were settled in", async () => {
      const [alice, bob] = [await member(), await member()];
      const first = (games += 1);
      const second = (games += 1);
      const third = (games += 1);
      // Settled out of order: the points follow the time each game was rated at.
      await settle(duel(second, alice, bob, "white", "rapid"), new Date("2026-03-02T10:00:00Z"));
      await settle(duel(third, alice, bob, "black", "rapid"), new Date("2026-03-03T10:00:00Z"));
      await settle(duel(first, alice, bob, null, "rapid"), new Date("2026-03-01T10:00:00Z"));
      await settle(duel((games += 1), alice, bob, "white", "blitz"), new Date("2026-03-04T10:00:00Z"));
      const history = await service.ratingHistory(alice, "rapid");
      expect(history.map((point) => point.gameId)).toEqual([first, second, third]);
      expect(history.map((point) => point.at.toISOString())).toEqual(["2026-03-01T10:00:00.000Z", "2026-03-02T10:00:00.000Z", "2026-03-03T10:00:00.000Z"]);
      // The game settled last holds the rating the member has now.
      expect(history.find((point) => point.gameId === first)?.rating).toBe(await service.currentRating(alice, "rapid"));
    });

    it("lists the top N established ratings of a type, best first, without provisional ones or other types", async () => {
      const type: RatingType = "dailykoth";
      const strong = await rated(type, 2400, 60);
      const tiedEarlier = await rated(type, 2200, 70);
      const tiedLater = await rated(type, 2200, 70);
      await rated(type, 2600, 200); // provisional: left off
      await rated(type, 1800, 90);
      await rated("livekoth", 2900, 50); // another type
      const top = await service.topRated(type, 3);
      expect(top.map((row) => row.memberId)).toEqual([strong, tiedEarlier, tiedLater]);
      expect(top[0]).toEqual({ memberId: strong, rating: 2400, games: 30, wins: 0, draws: 0, losses: 0 });
      expect((await service.topRated(type, 10)).map((row) => row.rating)).toEqual([2400, 2200, 2200, 1800]);
      for (const bad of [0, -1, 1.5, 201]) await expect(service.topRated(type, bad)).rejects.toThrow(RangeError);
    });

    it("settles a game once: settling it again changes nothing and publishes nothing more", async () => {
      const [alice, bob] = [await member(), await member()];
      const gameId = (games += 1);
      const first = await settle(duel(gameId, alice, bob, "white"));
      expect(first.ok).toBe(true);
      const before = await db.select().from(ratings).where(eq(ratings.ratingType, "blitz"));
      expect(await settle(duel(gameId, alice, bob, "white"))).toEqual({ ok: false, error: "ratings.already-settled" });
      // The same game told with another result is refused too.
      expect(await settle(duel(gameId, alice, bob, "black"))).toEqual({ ok: false, error: "ratings.already-settled" });
      expect(await db.select().from(ratings).where(eq(ratings.ratingType, "blitz"))).toEqual(before);
      expect(await service.ratingHistory(alice, "blitz")).toHaveLength(1);
      expect(await eventsOfGame(gameId)).toHaveLength(1);
    });

    it("settles a game once when two settlements race, for established players and for newcomers alike", async () => {
      const [established, rival] = [await rated("blitz", 1600, 80), await rated("blitz", 1550, 90)];
      const [newcomer, other] = [await member(), await member()];
      for (const [white, black] of [
        [established, rival],
        [newcomer, other],
      ] as const) {
        const gameId = (games += 1);
        const outcomes = await Promise.allSettled([settle(duel(gameId, white, black, "white")), settle(duel(gameId, white, black, "white"))]);
        // One settles; the other waits on the players' rows and is refused, or (newcomers: no row to lock yet) collides on the history's key and rolls back.
        const settled = outcomes.filter((outcome) => outcome.status === "fulfilled" && outcome.value.ok);
        expect(settled).toHaveLength(1);
        const [history] = await db.select({ points: sql<number>`count(*)::int` }).from(ratingHistory).where(eq(ratingHistory.gameId, gameId));
        expect(history?.points).toBe(2);
        expect(await eventsOfGame(gameId)).toHaveLength(1);
        // The win counted once.
        expect((await rowOf(white, "blitz"))?.wins).toBe(1);
      }
    });

    it("publishes ratings.changed in the settling transaction: once it commits, and not at all when it rolls back", async () => {
      const [alice, bob] = [await member(), await member()];
      const rolledBack = (games += 1);
      await expect(
        db.transaction(async (tx) => {
          const settled = await service.settleRatedGame(tx, duel(rolledBack, alice, bob, "white"));
          expect(settled.ok).toBe(true);
          throw new Error("the game's end failed after the rating");
        }),
      ).rejects.toThrow("the game's end failed");
      expect(await eventsOfGame(rolledBack)).toEqual([]);
      expect(await service.ratingsOf(alice)).toEqual([]);
      expect(await service.ratingHistory(alice, "blitz")).toEqual([]);

      const committed = (games += 1);
      await settle(duel(committed, alice, bob, "white"));
      const published = await eventsOfGame(committed);
      expect(published).toEqual([
        {
          payload: {
            gameId: committed,
            ratingType: "blitz",
            changes: [
              { memberId: alice, before: 1500, after: 1742, provisional: true },
              { memberId: bob, before: 1500, after: 1258, provisional: true },
            ],
          },
        },
      ]);
    });

    it("refuses a game it cannot rate, writing nothing", async () => {
      const [alice, bob, carol, dave] = [await member(), await member(), await member(), await member()];
      const gameId = (games += 1);
      const refusals: RatedGame[] = [
        duel(gameId, alice, alice, "white"),
        { gameId, ratingType: "blitz", sides: [{ memberIds: [alice], score: 1 }, { memberIds: [bob], score: 1 }] },
        { gameId, ratingType: "blitz", sides: [{ memberIds: [alice], score: 1 }] },
        { gameId, ratingType: "blitz", sides: [{ memberIds: [alice, carol], score: 1 }, { memberIds: [bob, dave], score: 0 }] },
        { gameId, ratingType: "livebug", sides: [{ memberIds: [alice], score: 1 }, { memberIds: [bob], score: 0 }] },
        { gameId, ratingType: "puzzle", sides: [{ memberIds: [alice], score: 1 }, { memberIds: [bob], score: 0 }] },
        duel(0, alice, bob, "white"),
      ];
      for (const game of refusals) expect(await settle(game)).toEqual({ ok: false, error: "ratings.invalid-game" });
      for (const id of [alice, bob, carol, dave]) expect(await service.ratingsOf(id)).toEqual([]);
      expect(await eventsOfGame(gameId)).toEqual([]);
    });

    it("answers the ratings members bring to a game in its transaction, a newcomer's 1500 when they have none", async () => {
      const known = await rated("live960", 1876.4, 90);
      const newcomer = await member();
      const brought = await db.transaction((tx) => service.ratingsAt(tx, [known, newcomer], "live960"));
      expect([...brought]).toEqual([
        [known, 1876],
        [newcomer, 1500],
      ]);
    });
  });
}
