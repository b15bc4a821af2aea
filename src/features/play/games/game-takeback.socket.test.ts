import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestSocket } from "../../../platform/realtime/test-kit.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite, type RunningApp } from "../../../test/start-app.ts";
import { openSocket, signIn } from "../../presence/presence.test-kit.server.ts";
import { gameRoom } from "../play.events.ts";
import type { ChallengeView, GameStateEvent, GameView } from "../play.schema.ts";
import { command, join, nextEvent, valueOf } from "../play.socket-kit.server.ts";

const afterE4E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

/**
 * Takeback requests through the real server (issue 21 item 7): a player asks,
 * the opponent accepts or declines, the next move cancels the request; rated
 * games allow it because the opponent decides (decision 0061).
 */
describe.each(databaseTargets())("takeback requests on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  let app: RunningApp;
  const sockets: TestSocket[] = [];

  beforeAll(() => {
    app = suite.current;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  async function player(username: string): Promise<TestSocket> {
    const member = await signIn(app, username);
    const socket = await openSocket(app, { cookie: member.cookie });
    sockets.push(socket);
    return socket;
  }

  /** White and black in a live game with both in its room, after `moves`. */
  async function game(moves: readonly string[], rated = false) {
    const white = await player("alice");
    const black = await player("bob");
    const terms = { rules: "standard", control: { kind: "live", baseSeconds: 300, incrementSeconds: 0 }, rated, color: "white" };
    const challenge = valueOf<ChallengeView>(await command(white, "challenge.create", { opponent: "bob", terms }));
    const { gameId } = valueOf<{ gameId: number }>(await command(black, "challenge.accept", { id: challenge.id }));
    await join(white, gameRoom(gameId));
    await join(black, gameRoom(gameId));
    for (const [ply, uci] of moves.entries()) valueOf(await command(ply % 2 === 0 ? white : black, "game.move", { gameId, ply, uci }));
    return { white, black, gameId };
  }

  const act = (socket: TestSocket, gameId: number, action: "takeback.offer" | "takeback.accept" | "takeback.decline" | "resign") => command(socket, "game.act", { gameId, action });
  const snapshot = async (socket: TestSocket, gameId: number) => valueOf<GameView>(await command(socket, "game.snapshot", { gameId }));

  it("takes back the asker's last move in a rated game once the opponent accepts, and play goes on from there", async () => {
    // 1. e4 e5 2. Nf3, then white asks: it is black's turn, so only Nf3 goes.
    const { white, black, gameId } = await game(["e2e4", "e7e5", "g1f3"], true);
    valueOf(await act(white, gameId, "takeback.offer"));
    const asked = (await nextEvent(black, "game.state")) as GameStateEvent;
    expect(asked).toMatchObject({ takebackOfferBy: "white", takenBackTo: null });
    expect(await nextEvent(white, "game.state")).toMatchObject({ takebackOfferBy: "white" });
    expect(await act(white, gameId, "takeback.offer")).toEqual({ ok: false, code: "takeback_already_offered" });
    expect(await act(white, gameId, "takeback.accept")).toEqual({ ok: false, code: "no_takeback_offer" });

    valueOf(await act(black, gameId, "takeback.accept"));
    const takenBack = (await nextEvent(white, "game.state")) as GameStateEvent;
    expect(takenBack).toMatchObject({ takebackOfferBy: null, takenBackTo: 2 });
    const view = await snapshot(white, gameId);
    expect(view).toMatchObject({ status: "playing", ply: 2, fen: afterE4E5, takebackOfferBy: null, rated: true });
    expect(view.moves.map((move) => move.san)).toEqual(["e4", "e5"]);
    // White plays another move at the same ply; the old one is gone.
    valueOf(await command(white, "game.move", { gameId, ply: 2, uci: "d2d4" }));
    expect((await snapshot(black, gameId)).moves.map((move) => move.san)).toEqual(["e4", "e5", "d4"]);
  });

  it("takes back the opponent's answer too when the asker is to move, so it is the asker's turn again", async () => {
    const { white, black, gameId } = await game(["e2e4", "e7e5", "g1f3", "b8c6"]);
    valueOf(await act(white, gameId, "takeback.offer"));
    valueOf(await act(black, gameId, "takeback.accept"));
    expect(await snapshot(white, gameId)).toMatchObject({ ply: 2, fen: afterE4E5 });
  });

  it("leaves the moves when the opponent declines, and the asker may withdraw", async () => {
    const { white, black, gameId } = await game(["e2e4", "e7e5", "g1f3"]);
    valueOf(await act(white, gameId, "takeback.offer"));
    valueOf(await act(black, gameId, "takeback.decline"));
    expect(await snapshot(white, gameId)).toMatchObject({ ply: 3, takebackOfferBy: null });
    expect(await act(black, gameId, "takeback.decline")).toEqual({ ok: false, code: "no_takeback_offer" });
    valueOf(await act(white, gameId, "takeback.offer"));
    valueOf(await act(white, gameId, "takeback.decline"));
    expect(await snapshot(black, gameId)).toMatchObject({ ply: 3, takebackOfferBy: null });
  });

  it("is cancelled by the next move", async () => {
    const { white, black, gameId } = await game(["e2e4", "e7e5", "g1f3"]);
    valueOf(await act(white, gameId, "takeback.offer"));
    valueOf(await command(black, "game.move", { gameId, ply: 3, uci: "b8c6" }));
    expect(await snapshot(white, gameId)).toMatchObject({ ply: 4, takebackOfferBy: null });
    expect(await act(black, gameId, "takeback.accept")).toEqual({ ok: false, code: "no_takeback_offer" });
    expect((await snapshot(white, gameId)).ply).toBe(4);
  });

  it("refuses a player with nothing to take back, anyone not playing, and a game that is over", async () => {
    const { white, black, gameId } = await game(["e2e4"]);
    // Black has not moved yet.
    expect(await act(black, gameId, "takeback.offer")).toEqual({ ok: false, code: "nothing_to_take_back" });
    const carla = await player("carla");
    expect(await act(carla, gameId, "takeback.offer")).toEqual({ ok: false, code: "not_a_player" });
    valueOf(await act(white, gameId, "takeback.offer"));
    expect(await act(carla, gameId, "takeback.accept")).toEqual({ ok: false, code: "not_a_player" });
    valueOf(await act(black, gameId, "resign"));
    expect(await act(black, gameId, "takeback.accept")).toEqual({ ok: false, code: "game_over" });
    expect(await act(white, gameId, "takeback.offer")).toEqual({ ok: false, code: "game_over" });
    expect((await snapshot(white, gameId)).moves).toHaveLength(1);
  });
});
