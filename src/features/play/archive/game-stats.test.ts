import { eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../../platform/db/client.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import type { PlayMember } from "../play-ports.server.ts";
import type { GameTerms } from "../play.schema.ts";
import { games } from "../play.tables.server.ts";
import { archiveFixture, blitz, foolsMate, type ArchiveFixture } from "./archive.test-kit.server.ts";
import { createGameStatsReader, type GameStatsReader } from "./game-stats.server.ts";

const daily: GameTerms = { rules: "standard", control: { kind: "daily", daysPerMove: 3 }, rated: true, color: "white" };
const HOUR = 3_600_000;

/**
 * The stats pages' figures read from real games played through the services
 * (decision 0077): streaks over all time, and over a window the games,
 * opponents' mean rating, timeouts and the time a member takes per move.
 */
for (const target of databaseTargets()) {
  describe(`a member's game stats on ${target.name}`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let kit: ArchiveFixture;
    let reader: GameStatsReader;
    let alice: PlayMember;
    let bob: PlayMember;
    let carol: PlayMember;

    /** Plays moves a chosen time after the move before each: [uci, ms]. */
    async function timedMoves(gameId: number, white: PlayMember, black: PlayMember, moves: readonly (readonly [string, number])[]) {
      for (const [uci, after] of moves) {
        const view = await kit.games.view(gameId);
        if (!view) throw new Error("no game");
        kit.clock.now += after;
        const made = await kit.games.move(view.ply % 2 === 0 ? white : black, { gameId, ply: view.ply, uci }, { receivedAt: kit.clock.now, lagMs: 0 });
        if (!made.ok) throw new Error(`${uci}: ${made.error}`);
      }
    }

    /** A rated blitz game of alice's ending as `outcome` for her, on the day given. */
    async function blitzGame(day: string, outcome: "win" | "loss" | "draw", opponent: PlayMember = bob) {
      if (outcome === "draw") return kit.game({ white: alice, black: opponent, at: `${day}T10:00:00Z`, moves: ["d2d4", "d7d5"], then: [[alice, "draw.offer"], [opponent, "draw.accept"]] });
      // Fool's mate: white is mated.
      return outcome === "win" ? kit.game({ white: opponent, black: alice, at: `${day}T10:00:00Z`, moves: foolsMate }) : kit.game({ white: alice, black: opponent, at: `${day}T10:00:00Z`, moves: foolsMate });
    }

    beforeAll(async () => {
      const created = await target.create();
      drop = created.drop;
      database = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" });
      await database.migrate();
      kit = archiveFixture(database.db);
      reader = createGameStatsReader(database.db);
      alice = await kit.member("alice");
      bob = await kit.member("bob");
      carol = await kit.member("carol");
      // Blitz, oldest first: W W L W W W D L L — best win run 3, longest loss run 2, current: 2 losses.
      const days = ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05", "2026-01-06", "2026-03-01", "2026-03-02", "2026-03-03"];
      const outcomes = ["win", "win", "loss", "win", "win", "win", "draw", "loss", "loss"] as const;
      for (const [index, outcome] of outcomes.entries()) await blitzGame(days[index] ?? "", outcome, index % 2 === 0 ? bob : carol);
      // Neither counts: a casual win, and an aborted game.
      await kit.game({ white: bob, black: alice, terms: { ...blitz, rated: false }, at: "2026-03-04T10:00:00Z", moves: foolsMate });
      await kit.game({ white: alice, black: bob, at: "2026-03-04T12:00:00Z", moves: [], then: [[alice, "abort"]] });
      // A blitz loss on time in the window (alice, white, lets her flag fall after the first moves), after which alice wins once: current is 1 win.
      kit.clock.now = Date.parse("2026-03-05T10:00:00Z");
      const flagged = await kit.start(alice, bob);
      await kit.moves(flagged, alice, bob, ["e2e4", "e7e5"]);
      kit.clock.now += 600_000;
      await kit.games.sweepDeadlines();
      await blitzGame("2026-03-06", "win");
      // Daily: alice takes 1 h and 30 min for her two moves as white, and 10 min for her one move as black.
      kit.clock.now = Date.parse("2026-03-07T08:00:00Z");
      const first = await kit.start(alice, bob, daily);
      await timedMoves(first, alice, bob, [["e2e4", HOUR], ["e7e5", 5 * HOUR], ["g1f3", HOUR / 2]]);
      await kit.games.act(bob, first, "resign");
      kit.clock.now = Date.parse("2026-03-08T08:00:00Z");
      const second = await kit.start(bob, alice, daily);
      await timedMoves(second, bob, alice, [["e2e4", 60_000], ["e7e5", 10 * 60_000], ["d2d4", 60_000]]);
      await kit.games.act(alice, second, "resign");
    });

    afterAll(async () => {
      await database?.close();
      await drop?.();
    });

    it("finds the best win run, the longest loss run and the run of the latest game, over all time, leaving casual and aborted games out", async () => {
      const [stats] = await reader.statsOf(alice.id, { ratingTypes: ["blitz"], since: null, timePerMove: false });
      expect(stats).toMatchObject({ ratingType: "blitz", games: 11, bestWinStreak: 3, longestLossStreak: 3, currentStreak: { outcome: "win", length: 1 } });
      // The loss on time is the third loss in a row (L L then the flag): the longest loss run is 3.
      expect(stats?.timeouts).toBe(1);
    });

    it("counts the window's games, timeouts and the opponents' mean rating as each game started, and keeps the streaks whole", async () => {
      const since = new Date("2026-03-01T00:00:00Z");
      const [stats] = await reader.statsOf(alice.id, { ratingTypes: ["blitz"], since, timePerMove: false });
      const rows = await database.db.select().from(games).where(or(eq(games.whiteId, alice.id), eq(games.blackId, alice.id)));
      const counted = rows.filter((row) => row.status === "ended" && row.rated && row.ratingType === "blitz" && row.endedAt !== null && row.endedAt >= since);
      expect(counted).toHaveLength(5);
      const opponents = counted.map((row) => (row.whiteId === alice.id ? row.blackRating : row.whiteRating) ?? 0);
      expect(stats?.games).toBe(5);
      expect(stats?.timeouts).toBe(1);
      expect(stats?.averageOpponentRating).toBeCloseTo(opponents.reduce((sum, rating) => sum + rating, 0) / opponents.length, 6);
      expect(stats?.bestWinStreak).toBe(3);
      // Ratings moved between games: the mean is not simply every opponent's start rating.
      expect(new Set(opponents).size).toBeGreaterThan(1);
    });

    it("times only the member's own moves, from the move before (or the game's start), and answers each type apart", async () => {
      const stats = await reader.statsOf(alice.id, { ratingTypes: ["daily", "blitz", "rapid"], since: new Date("2026-03-07T00:00:00Z"), timePerMove: true });
      const byType = new Map(stats.map((entry) => [entry.ratingType, entry]));
      // (3,600 + 1,800 + 600) / 3 seconds.
      expect(byType.get("daily")).toMatchObject({ games: 2, secondsPerMove: 2_000, timeouts: 0, bestWinStreak: 1, longestLossStreak: 1, currentStreak: { outcome: "loss", length: 1 } });
      // Blitz has no game in this window: its window figures are empty, its streaks are still there.
      expect(byType.get("blitz")).toMatchObject({ games: 0, averageOpponentRating: null, secondsPerMove: null, bestWinStreak: 3 });
      expect(byType.has("rapid")).toBe(false);
      const bobs = await reader.statsOf(bob.id, { ratingTypes: ["daily"], since: null, timePerMove: true });
      // Bob: 5 h as black, then 1 min and 1 min as white.
      expect(bobs[0]?.secondsPerMove).toBeCloseTo((5 * 3_600 + 60 + 60) / 3, 6);
    });

    it("answers nothing for a member without rated games, or for no types", async () => {
      const dave = await kit.member("dave");
      expect(await reader.statsOf(dave.id, { ratingTypes: ["blitz", "daily"], since: null, timePerMove: true })).toEqual([]);
      expect(await reader.statsOf(alice.id, { ratingTypes: [], since: null, timePerMove: true })).toEqual([]);
    });
  });
}
