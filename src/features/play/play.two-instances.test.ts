import { beforeAll, describe, expect, it } from "vitest";
import type { TestSocket } from "../../platform/realtime/test-kit.server.ts";
import type { RunningApp } from "../../test/start-app.ts";
import { twoInstancesForSuite } from "../../test/two-instances.ts";
import { openSocket, signIn, type SignedIn } from "../presence/presence.test-kit.server.ts";
import { gameRoom } from "./play.events.ts";
import { command, valueOf } from "./play.socket-kit.server.ts";

// In CI a missing REDIS_URL or TEST_DATABASE_URL fails the file; elsewhere the suite is skipped with a warning.
const instances = twoInstancesForSuite(["play-A", "play-B"]);

/**
 * A whole game over real WebSockets with the players and a spectator on
 * different instances sharing PostgreSQL and Redis (issue 9 §10): the
 * challenge, the moves with their acknowledgements, the spectator's ordered
 * stream, the refusals, and the end.
 */
describe.skipIf(!instances.available)("a game across two instances", () => {
  let first: RunningApp;
  let second: RunningApp;
  beforeAll(() => {
    ({ first, second } = instances);
  });

  async function socketOf(app: RunningApp, member: SignedIn | null): Promise<TestSocket> {
    return openSocket(app, member ? { cookie: member.cookie } : {});
  }

  it("plays a challenge to checkmate; the spectator sees every move in order and the end", async () => {
    const white = await signIn(first, "alice");
    const black = await signIn(second, "bob");
    const whiteSocket = await socketOf(first, white);
    const blackSocket = await socketOf(second, black);
    const spectator = await socketOf(second, null);
    try {
      const challenge = valueOf<{ id: number }>(
        await command(whiteSocket, "challenge.create", { opponent: "bob", terms: { rules: "standard", control: { kind: "live", baseSeconds: 300, incrementSeconds: 0 }, rated: true, color: "white" } }),
      );
      const { gameId } = valueOf<{ gameId: number }>(await command(blackSocket, "challenge.accept", { id: challenge.id }));
      spectator.send({ type: "subscribe", data: { room: gameRoom(gameId) } });
      await spectator.next("subscribed");

      expect(await command(blackSocket, "game.move", { gameId, ply: 0, uci: "e7e5" })).toEqual({ ok: false, code: "not_your_turn" });
      expect(await command(spectator, "game.move", { gameId, ply: 0, uci: "e2e4" })).toEqual({ ok: false, code: "forbidden" });
      expect(await command(whiteSocket, "game.move", { gameId, ply: 0, uci: "e2e5" })).toEqual({ ok: false, code: "move.illegal" });

      const moves = ["f2f3", "e7e5", "g2g4", "d8h4"];
      for (const [ply, uci] of moves.entries()) {
        const mover = ply % 2 === 0 ? whiteSocket : blackSocket;
        const ack = valueOf<{ ply: number; version: number }>(await command(mover, "game.move", { gameId, ply, uci }));
        expect(ack.ply).toBe(ply + 1);
      }
      // A retried last move is answered again, and applied once.
      expect(valueOf<{ ply: number }>(await command(blackSocket, "game.move", { gameId, ply: 3, uci: "d8h4" })).ply).toBe(4);

      const seen: Array<{ version: number | undefined; san: unknown }> = [];
      while (seen.length < moves.length) {
        const event = await spectator.next("event", 10_000);
        if (event.data.type === "game.move") seen.push({ version: event.data.version, san: (event.data.payload as { san: string }).san });
      }
      expect(seen).toEqual([
        { version: 1, san: "f3" },
        { version: 2, san: "e5" },
        { version: 3, san: "g4" },
        { version: 4, san: "Qh4#" },
      ]);

      const snapshot = valueOf<{ status: string; ending: { result: string; reason: string; ratingDiffs: { white: number; black: number } } }>(
        await command(spectator, "game.snapshot", { gameId }),
      );
      expect(snapshot.status).toBe("ended");
      expect(snapshot.ending).toMatchObject({ result: "0-1", reason: "checkmate" });
      expect(snapshot.ending.ratingDiffs.black).toBeGreaterThan(0);
      expect(await command(whiteSocket, "game.act", { gameId, action: "resign" })).toEqual({ ok: false, code: "game_over" });
    } finally {
      whiteSocket.close();
      blackSocket.close();
      spectator.close();
    }
  });
  it("keeps each instance's held game current from the other's moves: no move after each side's first reloads the game", async () => {
    const white = await signIn(first, "alice");
    const black = await signIn(second, "bob");
    const whiteSocket = await socketOf(first, white);
    const blackSocket = await socketOf(second, black);
    try {
      const terms = { rules: "standard", control: { kind: "live", baseSeconds: 300, incrementSeconds: 2 }, rated: false, color: "white" };
      const challenge = valueOf<{ id: number }>(await command(whiteSocket, "challenge.create", { opponent: "bob", terms }));
      const { gameId } = valueOf<{ gameId: number }>(await command(blackSocket, "challenge.accept", { id: challenge.id }));
      for (const socket of [whiteSocket, blackSocket]) {
        socket.send({ type: "subscribe", data: { room: gameRoom(gameId) } });
        await socket.next("subscribed");
      }
      const counts = () => [first, second].map((app) => app.kingside.services.games.heldGameCounts());
      // A player answers a move once its event reached them, as on the game page; the event follows the held row on the bus.
      const play = async (ply: number, uci: string) => {
        const [mover, opponent] = ply % 2 === 0 ? [whiteSocket, blackSocket] : [blackSocket, whiteSocket];
        valueOf(await command(mover, "game.move", { gameId, ply, uci }));
        for (;;) {
          const event = await opponent.next("event", 10_000);
          if (event.data.type === "game.move" && event.data.version === ply + 1) return;
        }
      };
      // Each instance reads the game for its player's first move.
      await play(0, "e2e4");
      await play(1, "e7e5");
      const before = counts();
      const line = ["g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7", "f1e1", "b7b5"];
      for (const [index, uci] of line.entries()) await play(index + 2, uci);
      const after = counts();
      for (const [index, counted] of after.entries()) {
        expect(counted.reads).toBe(before[index]?.reads);
        expect(counted.replays).toBe(before[index]?.replays);
        expect(counted.dropped).toBe(before[index]?.dropped);
      }
      // Each instance applied the other's moves: five each of the ten.
      expect(after.map((counted, index) => counted.applied - (before[index]?.applied ?? 0))).toEqual([5, 5]);
      // What the instances held is what was written: the game's row answers the same, and a retry is still recognised across instances.
      const snapshot = valueOf<{ ply: number; version: number; clocks: { white: number; black: number } }>(await command(whiteSocket, "game.snapshot", { gameId }));
      expect(snapshot).toMatchObject({ ply: 12, version: 12 });
      expect(valueOf<{ ply: number }>(await command(blackSocket, "game.move", { gameId, ply: 11, uci: "b7b5" })).ply).toBe(12);
      valueOf(await command(whiteSocket, "game.move", { gameId, ply: 12, uci: "a4b3" }));
      expect(counts().map((counted) => counted.reads)).toEqual(after.map((counted) => counted.reads));
    } finally {
      whiteSocket.close();
      blackSocket.close();
    }
  });
  it("counts a player connected to the game on the other instance as present, and away once that socket leaves the game's room", async () => {
    const white = await signIn(first, "alice");
    const black = await signIn(second, "bob");
    const whiteSocket = await socketOf(first, white);
    const blackSocket = await socketOf(second, black);
    try {
      const terms = { rules: "standard", control: { kind: "live", baseSeconds: 300, incrementSeconds: 0 }, rated: false, color: "white" };
      const challenge = valueOf<{ id: number }>(await command(whiteSocket, "challenge.create", { opponent: "bob", terms }));
      const { gameId } = valueOf<{ gameId: number }>(await command(blackSocket, "challenge.accept", { id: challenge.id }));
      blackSocket.send({ type: "subscribe", data: { room: gameRoom(gameId) } });
      await blackSocket.next("subscribed");
      for (const [ply, uci] of ["e2e4", "e7e5", "g1f3"].entries()) valueOf(await command(ply % 2 === 0 ? whiteSocket : blackSocket, "game.move", { gameId, ply, uci }));
      const blackAway = async () => valueOf<{ awayMs: { black: number | null } }>(await command(whiteSocket, "game.snapshot", { gameId })).awayMs.black;

      // Bob's socket is in the game's room on the second instance: present for the first.
      expect(await blackAway()).toBeNull();
      expect(await command(whiteSocket, "game.act", { gameId, action: "claim.win" })).toEqual({ ok: false, code: "opponent_present" });

      blackSocket.send({ type: "unsubscribe", data: { room: gameRoom(gameId) } });
      let away: number | null = null;
      for (let attempt = 0; attempt < 100 && away === null; attempt += 1) {
        away = await blackAway();
        if (away === null) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(away).not.toBeNull();
      // Left a moment ago: still too soon to claim.
      expect(await command(whiteSocket, "game.act", { gameId, action: "claim.win" })).toEqual({ ok: false, code: "opponent_present" });
    } finally {
      whiteSocket.close();
      blackSocket.close();
    }
  });
});
