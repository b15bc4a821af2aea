import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestSocket } from "../../platform/realtime/test-kit.server.ts";
import { memberRoom } from "../../platform/realtime/member-room.ts";
import { databaseTargets } from "../../test/databases.ts";
import { appForSuite, type RunningApp } from "../../test/start-app.ts";
import { openSocket, signIn, waitForPresence } from "../presence/presence.test-kit.server.ts";
import { CLAIM_AFTER_MS } from "./game-actions.ts";
import type { ChallengeView, GameView } from "./play.schema.ts";
import { command, join, valueOf } from "./play.socket-kit.server.ts";

/**
 * Claiming a game from a player who left (issue 9 §3), through the real
 * server: the away time is presence's, from the moment the opponent's last
 * socket closed. The application's clock is moved forward instead of
 * waiting half a minute.
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

  async function player(username: string): Promise<{ socket: TestSocket; id: number }> {
    const member = await signIn(app, username);
    const socket = await openSocket(app, { cookie: member.cookie });
    sockets.push(socket);
    await join(socket, memberRoom(member.id));
    await waitForPresence(app, member.id, (presence) => presence.status !== "offline");
    return { socket, id: member.id };
  }

  /** Alice (white) and Bob in a live blitz game, one move each. */
  async function gameInPlay(): Promise<{ alice: TestSocket; bob: TestSocket; bobId: number; gameId: number }> {
    const alice = await player("alice");
    const bob = await player("bob");
    const terms = { rules: "standard", control: { kind: "live", baseSeconds: 300, incrementSeconds: 0 }, rated: false, color: "white" };
    const challenge = valueOf<ChallengeView>(await command(alice.socket, "challenge.create", { opponent: "bob", terms }));
    const { gameId } = valueOf<{ gameId: number }>(await command(bob.socket, "challenge.accept", { id: challenge.id }));
    valueOf(await command(alice.socket, "game.move", { gameId, ply: 0, uci: "e2e4" }));
    valueOf(await command(bob.socket, "game.move", { gameId, ply: 1, uci: "e7e5" }));
    return { alice: alice.socket, bob: bob.socket, bobId: bob.id, gameId };
  }

  async function bobLeaves(bob: TestSocket, bobId: number): Promise<void> {
    bob.close();
    await bob.waitForClose();
    await waitForPresence(app, bobId, (presence) => presence.status === "offline");
  }

  it("refuses a claim while the opponent is here or gone for less than the limit, and ends the game by abandonment after it", async () => {
    const { alice, bob, bobId, gameId } = await gameInPlay();
    expect(await command(alice, "game.act", { gameId, action: "claim.win" })).toEqual({ ok: false, code: "opponent_present" });

    await bobLeaves(bob, bobId);
    // Gone a few seconds (the close's grace): not yet.
    expect(await command(alice, "game.act", { gameId, action: "claim.win" })).toEqual({ ok: false, code: "opponent_present" });
    const snapshot = valueOf<GameView>(await command(alice, "game.snapshot", { gameId }));
    expect(snapshot.awayMs.black).toBeGreaterThan(0);
    expect(snapshot.awayMs.black).toBeLessThan(CLAIM_AFTER_MS);

    skewMs = CLAIM_AFTER_MS;
    expect(valueOf<GameView>(await command(alice, "game.snapshot", { gameId })).awayMs.black).toBeGreaterThanOrEqual(CLAIM_AFTER_MS);
    valueOf(await command(alice, "game.act", { gameId, action: "claim.win" }));
    const ended = valueOf<GameView>(await command(alice, "game.snapshot", { gameId }));
    expect(ended).toMatchObject({ status: "ended", ending: { result: "1-0", reason: "abandonment" } });
    // Once over, nothing more to claim.
    expect(await command(alice, "game.act", { gameId, action: "claim.draw" })).toEqual({ ok: false, code: "game_over" });
  });

  it("lets the player who stayed take a draw instead, and never lets the one who left claim", async () => {
    const { alice, bob, bobId, gameId } = await gameInPlay();
    // The absent player cannot claim from the one who stayed (she is here).
    expect(await command(bob, "game.act", { gameId, action: "claim.win" })).toEqual({ ok: false, code: "opponent_present" });
    await bobLeaves(bob, bobId);
    skewMs = CLAIM_AFTER_MS;
    valueOf(await command(alice, "game.act", { gameId, action: "claim.draw" }));
    expect(valueOf<GameView>(await command(alice, "game.snapshot", { gameId }))).toMatchObject({ status: "ended", ending: { result: "1/2-1/2", reason: "abandonment" } });
  });
});
