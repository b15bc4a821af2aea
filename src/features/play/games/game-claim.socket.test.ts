import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestSocket } from "../../../platform/realtime/test-kit.server.ts";
import { memberRoom } from "../../../platform/realtime/member-room.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite, type RunningApp } from "../../../test/start-app.ts";
import { openSocket, signIn, waitForPresence } from "../../presence/presence.test-kit.server.ts";
import { CLAIM_AFTER_MS } from "../game-actions.ts";
import { gameRoom } from "../play.events.ts";
import type { ChallengeView, GameView } from "../play.schema.ts";
import { command, join, valueOf } from "../play.socket-kit.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Claiming a game from a player who left (issue 19 item 1), through the real
 * server: only in a live game, only on the absent player's turn, counting
 * their absence from that game's room (not from the site), never while they
 * are on vacation; daily games are never claimed. The application's clock
 * (presence's) is moved forward instead of waiting.
 */
describe.each(databaseTargets())("claiming a game from an absent opponent on $name", (target) => {
  let skewMs = 0;
  const suite = appForSuite(target, { seedDemoData: true }, { clock: () => Date.now() + skewMs });
  let app: RunningApp;
  const sockets: TestSocket[] = [];

  beforeAll(() => {
    app = suite.current;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
    skewMs = 0;
  });

  async function player(username: string): Promise<{ socket: TestSocket; id: number; cookie: string }> {
    const member = await signIn(app, username);
    const socket = await openSocket(app, { cookie: member.cookie });
    sockets.push(socket);
    await join(socket, memberRoom(member.id));
    await waitForPresence(app, member.id, (presence) => presence.status !== "offline");
    return { socket, id: member.id, cookie: member.cookie };
  }

  const live = { kind: "live", baseSeconds: 300, incrementSeconds: 0 };
  const daily = { kind: "daily", daysPerMove: 3 };

  /** White and black in a game with both in its room, after `moves` (so the side to move follows). */
  async function game(whiteName: string, blackName: string, control: object, moves: readonly string[]) {
    const white = await player(whiteName);
    const black = await player(blackName);
    const terms = { rules: "standard", control, rated: false, color: "white" };
    const challenge = valueOf<ChallengeView>(await command(white.socket, "challenge.create", { opponent: blackName, terms }));
    const { gameId } = valueOf<{ gameId: number }>(await command(black.socket, "challenge.accept", { id: challenge.id }));
    await join(white.socket, gameRoom(gameId));
    await join(black.socket, gameRoom(gameId));
    for (const [ply, uci] of moves.entries()) valueOf(await command(ply % 2 === 0 ? white.socket : black.socket, "game.move", { gameId, ply, uci }));
    return { white, black, gameId };
  }

  const claim = (socket: TestSocket, gameId: number, action: "claim.win" | "claim.draw" = "claim.win") => command(socket, "game.act", { gameId, action });
  const snapshot = async (socket: TestSocket, gameId: number) => valueOf<GameView>(await command(socket, "game.snapshot", { gameId }));

  /** Waits until the claimant's snapshot counts the player to move as away (the leave is recorded after the socket's unsubscribe). */
  async function awayRecorded(socket: TestSocket, gameId: number, color: "white" | "black"): Promise<void> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if ((await snapshot(socket, gameId)).awayMs[color] !== null) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${color} never counted as away`);
  }

  it("counts absence from the game's room, not from the site: connected but idle is present; gone from the game while online elsewhere is absent", async () => {
    // After 1. e4 e5 2. Nf3 it is black's (bob's) move.
    const { white: alice, black: bob, gameId } = await game("alice", "bob", live, ["e2e4", "e7e5", "g1f3"]);
    expect(await claim(alice.socket, gameId)).toEqual({ ok: false, code: "opponent_present" });
    // Bob thinks with the game open for twice the claim's limit (within presence's connection lifetime, as no heartbeat runs): still present.
    skewMs = 2 * CLAIM_AFTER_MS;
    expect(await claim(alice.socket, gameId)).toEqual({ ok: false, code: "opponent_present" });
    expect((await snapshot(alice.socket, gameId)).awayMs).toEqual({ white: null, black: null });

    // Bob leaves the game's room but stays on the site (his socket is open, he is online).
    bob.socket.send({ type: "unsubscribe", data: { room: gameRoom(gameId) } });
    await awayRecorded(alice.socket, gameId, "black");
    expect((await waitForPresence(app, bob.id, (presence) => presence.status === "online")).status).toBe("online");
    expect(await claim(alice.socket, gameId)).toEqual({ ok: false, code: "opponent_present" });
    skewMs += CLAIM_AFTER_MS;
    expect((await snapshot(alice.socket, gameId)).awayMs.black).toBeGreaterThanOrEqual(CLAIM_AFTER_MS);
    // The absent player cannot claim from the one who stayed (it is his own turn, and she is here).
    expect(await claim(bob.socket, gameId)).toEqual({ ok: false, code: "claim_on_opponents_turn" });
    valueOf(await claim(alice.socket, gameId));
    expect(await snapshot(alice.socket, gameId)).toMatchObject({ status: "ended", ending: { result: "1-0", reason: "abandonment" } });
    expect(await claim(alice.socket, gameId, "claim.draw")).toEqual({ ok: false, code: "game_over" });
  });

  it("refuses a claim on the claimant's own turn however long the opponent has been gone, and offers the draw instead of the win on theirs", async () => {
    // After 1. e4 e5 it is white's (alice's) move; bob closes his only socket and stays away.
    const { white: alice, black: bob, gameId } = await game("alice", "bob", live, ["e2e4", "e7e5"]);
    bob.socket.close();
    await bob.socket.waitForClose();
    await waitForPresence(app, bob.id, (presence) => presence.status === "offline");
    skewMs = 2 * CLAIM_AFTER_MS;
    expect(await claim(alice.socket, gameId)).toEqual({ ok: false, code: "claim_on_opponents_turn" });
    expect(await claim(alice.socket, gameId, "claim.draw")).toEqual({ ok: false, code: "claim_on_opponents_turn" });
    expect((await snapshot(alice.socket, gameId)).awayMs).toEqual({ white: null, black: null });

    // Once she moves it is his turn: he has been away from the game all along.
    valueOf(await command(alice.socket, "game.move", { gameId, ply: 2, uci: "g1f3" }));
    valueOf(await claim(alice.socket, gameId, "claim.draw"));
    expect(await snapshot(alice.socket, gameId)).toMatchObject({ status: "ended", ending: { result: "1/2-1/2", reason: "abandonment" } });
  });

  it("never ends a daily game by abandonment, on either turn, however long the opponent is away", async () => {
    // After 1. e4 it is black's (bob's) move in a 3-day game.
    const { white: alice, black: bob, gameId } = await game("alice", "bob", daily, ["e2e4"]);
    bob.socket.close();
    await bob.socket.waitForClose();
    await waitForPresence(app, bob.id, (presence) => presence.status === "offline");
    skewMs = 2 * DAY_MS;
    expect(await claim(alice.socket, gameId)).toEqual({ ok: false, code: "claim_live_only" });
    expect(await claim(alice.socket, gameId, "claim.draw")).toEqual({ ok: false, code: "claim_live_only" });
    // Nor on the claimant's own turn, from a fresh socket of the absent player's.
    const bobAgain = await player("bob");
    valueOf(await command(bobAgain.socket, "game.move", { gameId, ply: 1, uci: "e7e5" }));
    alice.socket.close();
    skewMs = 5 * DAY_MS;
    expect(await claim(bobAgain.socket, gameId)).toEqual({ ok: false, code: "claim_live_only" });
    expect(await snapshot(bobAgain.socket, gameId)).toMatchObject({ status: "playing", awayMs: { white: null, black: null } });
  });

  it("never lets a player claim from an opponent on vacation", async () => {
    // After 1. e4 e5 2. Nf3 it is black's (carla's) move; she starts a vacation and leaves the game.
    const { white: alice, black: carla, gameId } = await game("alice", "carla", live, ["e2e4", "e7e5", "g1f3"]);
    valueOf(await command(carla.socket, "vacation.start", { days: 1 }));
    carla.socket.send({ type: "unsubscribe", data: { room: gameRoom(gameId) } });
    await awayRecorded(alice.socket, gameId, "black");
    skewMs = 2 * CLAIM_AFTER_MS;
    expect(await claim(alice.socket, gameId)).toEqual({ ok: false, code: "opponent_on_vacation" });
    valueOf(await command(carla.socket, "vacation.end", {}));
    valueOf(await claim(alice.socket, gameId));
  });
});
