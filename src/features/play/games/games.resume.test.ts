import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { OUTAGE_GRACE_MS, type ClockWatch } from "./games.service.server.ts";
import type { GameTerms } from "../play.schema.ts";
import type { PlayMember } from "../play-ports.server.ts";
import { games } from "../play.tables.server.ts";
import { createPlayKit, type PlayKit } from "../play.test-kit.server.ts";

const bullet: GameTerms = { rules: "standard", control: { kind: "live", baseSeconds: 60, incrementSeconds: 0 }, rated: true, color: "white" };
const daily: GameTerms = { rules: "standard", control: { kind: "daily", daysPerMove: 1 }, rated: false, color: "white" };

/** The clock watch of decision 0022 over the test's clock: instances beat; `up` says who is up now. */
function fakeWatch(kit: PlayKit, shared: { lastBeatAt: number | null; up: Set<string> }, name: string): ClockWatch {
  return {
    async beat(_db: Database) {
      shared.lastBeatAt = kit.clock.now;
      shared.up.add(name);
    },
    async lastSeen(_db: Database) {
      return { othersUp: [...shared.up].some((other) => other !== name), lastBeatAt: shared.lastBeatAt };
    },
  };
}

for (const target of databaseTargets()) {
  describe(`clocks after an outage on ${target.name}`, () => {
    let kit: PlayKit;
    let drop: () => Promise<void>;
    let alice: PlayMember;
    let bob: PlayMember;

    beforeAll(async () => {
      const created = await target.create();
      drop = created.drop;
      kit = await createPlayKit({ databaseUrl: created.databaseUrl });
      alice = await kit.member("alice");
      bob = await kit.member("bob");
    });
    afterAll(async () => {
      await kit.database.close();
      await drop();
    });

    async function deadlineOf(gameId: number): Promise<number> {
      const [row] = await kit.database.db.select({ deadlineAt: games.deadlineAt }).from(games).where(eq(games.id, gameId));
      return row?.deadlineAt?.getTime() ?? Number.NaN;
    }

    async function newGame(terms: GameTerms): Promise<number> {
      const challenge = await kit.challenges.create(alice, { opponent: "bob", terms });
      if (!challenge.ok) throw new Error(challenge.error);
      const accepted = await kit.challenges.accept(bob, challenge.value.id);
      if (!accepted.ok) throw new Error(accepted.error);
      return accepted.value.gameId;
    }

    it("charges the side to move what it spent while the service was up, never the outage, after a grace to reconnect", async () => {
      const shared = { lastBeatAt: null as number | null, up: new Set<string>() };
      const before = kit.secondInstance({ clockWatch: fakeWatch(kit, shared, "before") });
      const liveGame = await newGame(bullet);
      const dailyGame = await newGame(daily);
      for (const [ply, uci] of ["e2e4", "e7e5"].entries()) {
        kit.clock.now += 1_000;
        const moved = await before.move(ply === 0 ? alice : bob, { gameId: liveGame, ply, uci }, { receivedAt: kit.clock.now, lagMs: 0 });
        expect(moved.ok).toBe(true);
      }
      const dailyDeadline = await deadlineOf(dailyGame);
      // White thinks 3 s, the instance sweeps (and beats) meanwhile, then the whole service dies for 90 s.
      kit.clock.now += 3_000;
      await before.sweepDeadlines();
      shared.up.clear();
      kit.clock.now += 90_000;
      const startedAt = kit.clock.now;

      const after = kit.secondInstance({ clockWatch: fakeWatch(kit, shared, "after") });
      expect(await after.clocksResumed()).toBeGreaterThanOrEqual(2);
      // Nothing flags: the sweeper of the new instance finds no deadline passed.
      expect(await after.sweepDeadlines()).toBe(0);
      // The daily move's deadline moves by the outage (and the grace) too.
      expect(await deadlineOf(dailyGame)).toBe(dailyDeadline + 90_000 + OUTAGE_GRACE_MS);
      const resumed = await after.view(liveGame);
      expect(resumed?.status).toBe("playing");
      // The snapshot says the clock is held for the grace, so a page does not tick it down meanwhile (0059's gap).
      expect(resumed?.clocks).toEqual({ white: 60_000 - 3_000, black: 60_000, running: "white", startsInMs: OUTAGE_GRACE_MS });
      kit.clock.now = startedAt + OUTAGE_GRACE_MS / 2;
      expect((await after.view(liveGame))?.clocks).toEqual({ white: 60_000 - 3_000, black: 60_000, running: "white", startsInMs: OUTAGE_GRACE_MS / 2 });
      // The grace: white's clock is not running yet, though it shows what white had.
      kit.clock.now = startedAt + OUTAGE_GRACE_MS;
      expect((await after.view(liveGame))?.clocks).toEqual({ white: 60_000 - 3_000, black: 60_000, running: "white" });
      kit.clock.now += 2_000;
      // From then on it runs, and the snapshot no longer holds it.
      expect((await after.view(liveGame))?.clocks).toEqual({ white: 60_000 - 3_000 - 2_000, black: 60_000, running: "white" });
      const move = await after.move(alice, { gameId: liveGame, ply: 2, uci: "g1f3" }, { receivedAt: kit.clock.now, lagMs: 0 });
      expect(move.ok && move.value.clocks?.white).toBe(60_000 - 3_000 - 2_000);
    });

    it("refunds nothing already used: a move made during the grace is charged what the mover spent before the outage", async () => {
      const shared = { lastBeatAt: null as number | null, up: new Set<string>() };
      const before = kit.secondInstance({ clockWatch: fakeWatch(kit, shared, "before") });
      const gameId = await newGame(bullet);
      for (const [ply, uci] of ["c2c4", "c7c5"].entries()) {
        kit.clock.now += 1_000;
        expect((await before.move(ply === 0 ? alice : bob, { gameId, ply, uci }, { receivedAt: kit.clock.now, lagMs: 0 })).ok).toBe(true);
      }
      // White thinks 3 s while the service is up, then everything dies for a minute.
      kit.clock.now += 3_000;
      await before.sweepDeadlines();
      shared.up.clear();
      kit.clock.now += 60_000;
      const after = kit.secondInstance({ clockWatch: fakeWatch(kit, shared, "after") });
      await after.clocksResumed();
      // White moves 1 s after start-up, inside the grace: the 3 s are still spent (before the fix it kept them).
      kit.clock.now += 1_000;
      const move = await after.move(alice, { gameId, ply: 2, uci: "g1f3" }, { receivedAt: kit.clock.now, lagMs: 0 });
      expect(move.ok && move.value.clocks?.white).toBe(60_000 - 3_000);
    });

    it("resumes nothing when another instance stayed up", async () => {
      const shared = { lastBeatAt: kit.clock.now, up: new Set(["survivor"]) };
      const gameId = await newGame(bullet);
      for (const [ply, uci] of ["d2d4", "d7d5"].entries()) {
        kit.clock.now += 1_000;
        await kit.games.move(ply === 0 ? alice : bob, { gameId, ply, uci }, { receivedAt: kit.clock.now, lagMs: 0 });
      }
      const version = (await kit.games.view(gameId))?.version;
      const restarted = kit.secondInstance({ clockWatch: fakeWatch(kit, shared, "restarted") });
      expect(await restarted.clocksResumed()).toBe(0);
      expect((await restarted.view(gameId))?.version).toBe(version);
    });
  });
}
