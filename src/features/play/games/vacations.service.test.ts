import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { levels } from "../../accounts/levels.ts";
import { databaseTargets } from "../../../test/databases.ts";
import type { GameTerms } from "../play.schema.ts";
import type { PlayMember } from "../play-ports.server.ts";
import { createPlayKit, type PlayKit } from "../play.test-kit.server.ts";
import { DAY_MS } from "./vacation.ts";

const daily: GameTerms = { rules: "standard", control: { kind: "daily", daysPerMove: 1 }, rated: false, color: "white" };
const HOUR_MS = 3_600_000;

for (const target of databaseTargets()) {
  describe(`vacations on ${target.name}`, () => {
    let kit: PlayKit;
    let drop: () => Promise<void>;
    let count = 0;

    beforeAll(async () => {
      const created = await target.create();
      drop = created.drop;
      kit = await createPlayKit({ databaseUrl: created.databaseUrl });
    });
    afterAll(async () => {
      await kit.database.close();
      await drop();
    });

    async function twoMembers(): Promise<[PlayMember, PlayMember]> {
      count += 1;
      return [await kit.member(`white${count}`), await kit.member(`black${count}`)];
    }

    /** A daily game where white and black each made a move: white is to move, with a one-day deadline. */
    async function dailyGameWhiteToMove(white: PlayMember, black: PlayMember): Promise<number> {
      const challenge = await kit.challenges.create(white, { opponent: black.username, terms: daily });
      if (!challenge.ok) throw new Error(challenge.error);
      const accepted = await kit.challenges.accept(black, challenge.value.id);
      if (!accepted.ok) throw new Error(accepted.error);
      const gameId = accepted.value.gameId;
      for (const [ply, [mover, uci]] of ([[white, "e2e4"], [black, "e7e5"]] as const).entries()) {
        kit.clock.now += HOUR_MS;
        const moved = await kit.games.move(mover, { gameId, ply, uci }, { receivedAt: kit.clock.now, lagMs: 0 });
        if (!moved.ok) throw new Error(moved.error);
      }
      return gameId;
    }

    const deadlineOf = async (gameId: number) => (await kit.games.view(gameId))?.deadlineAt;

    it("starts, refuses a second start and a too-long one, and pushes back the deadlines of games waiting for the member", async () => {
      const [white, black] = await twoMembers();
      const gameId = await dailyGameWhiteToMove(white, black);
      const before = Date.parse((await deadlineOf(gameId)) ?? "");
      expect(await kit.vacations.status(white)).toMatchObject({ daysLeft: 2, onUntil: null });
      expect(await kit.vacations.start(white, 3)).toEqual({ ok: false, error: "vacation.too_long" });

      const started = await kit.vacations.start(white, 1);
      expect(started).toMatchObject({ ok: true, value: { daysLeft: 1, onUntil: new Date(kit.clock.now + DAY_MS).toISOString() } });
      expect(Date.parse((await deadlineOf(gameId)) ?? "")).toBe(before + DAY_MS);
      expect(await kit.vacations.start(white, 1)).toEqual({ ok: false, error: "vacation.already_on" });
    });

    it("gives the unused part back when it ends early, to the balance and to the deadlines", async () => {
      const [white, black] = await twoMembers();
      const gameId = await dailyGameWhiteToMove(white, black);
      const before = Date.parse((await deadlineOf(gameId)) ?? "");
      expect((await kit.vacations.start(white, 2)).ok).toBe(true);
      kit.clock.now += 6 * HOUR_MS;
      const ended = await kit.vacations.end(white);
      expect(ended).toMatchObject({ ok: true, value: { daysLeft: 1, onUntil: null } });
      expect(Date.parse((await deadlineOf(gameId)) ?? "")).toBe(before + 6 * HOUR_MS);
      expect(await kit.vacations.end(white)).toEqual({ ok: false, error: "vacation.not_on" });
    });

    it("starts the clock of a member away on vacation only when they return", async () => {
      const [white, black] = await twoMembers();
      const gameId = await dailyGameWhiteToMove(white, black);
      expect((await kit.vacations.start(black, 1)).ok).toBe(true);
      kit.clock.now += 2 * HOUR_MS;
      const moved = await kit.games.move(white, { gameId, ply: 2, uci: "g1f3" }, { receivedAt: kit.clock.now, lagMs: 0 });
      expect(moved.ok).toBe(true);
      // Away for 22 more hours, then one day to move.
      expect(Date.parse((await deadlineOf(gameId)) ?? "")).toBe(kit.clock.now + 22 * HOUR_MS + DAY_MS);
    });

    it("covers daily timeouts with the days left, then ends the game on time", async () => {
      const [white, black] = await twoMembers();
      const gameId = await dailyGameWhiteToMove(white, black);
      for (let day = 0; day < 2; day += 1) {
        kit.clock.now = Date.parse((await deadlineOf(gameId)) ?? "") + 1;
        await kit.games.sweepDeadlines();
        expect((await kit.games.view(gameId))?.status, `covered on day ${day}`).toBe("playing");
      }
      expect((await kit.vacations.status(white)).daysLeft).toBe(0);
      kit.clock.now = Date.parse((await deadlineOf(gameId)) ?? "") + 1;
      await kit.games.sweepDeadlines();
      expect((await kit.games.view(gameId))?.ending).toMatchObject({ result: "0-1", reason: "timeout" });
    });

    it("gives guests no vacation", async () => {
      const guest = await kit.member(`guest${++count}`, levels.guest);
      expect(await kit.vacations.start(guest, 1)).toEqual({ ok: false, error: "vacation.guest" });
    });
  });
}
