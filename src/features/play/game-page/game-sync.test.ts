import { describe, expect, it } from "vitest";
import type { GameMoveEvent, GameView } from "../play.schema.ts";
import { sampleGameView } from "./game-view.fixture.ts";
import { applyMoveEvent, applySnapshot, applyStateEvent, holdGame, shownClocks, withConnectionLost, withPendingMove } from "./game-sync.ts";

const afterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

const view: GameView = { ...sampleGameView, drawOfferBy: "black" };

const e4: GameMoveEvent = { version: 2, ply: 1, uci: "e2e4", san: "e4", fen: afterE4, clocks: { white: 180_000, black: 180_000, running: "black" }, ending: null };

describe("keeping the game in step with the server", () => {
  it("applies the next move, confirms the waiting move and answers the opponent's draw offer", () => {
    const waiting = withPendingMove(holdGame(view, 0), "e2e4");
    const step = applyMoveEvent(waiting, e4, 500);
    expect(step.applied).toBe(true);
    expect(step.refetch).toBe(false);
    expect(step.game.view.moves).toEqual([{ uci: "e2e4", san: "e4", clockMs: 180_000 }]);
    expect(step.game.view.version).toBe(2);
    expect(step.game.view.drawOfferBy).toBeNull();
    expect(step.game.pending).toBeNull();
    expect(step.game.clocks).toEqual({ white: 180_000, black: 180_000, running: "black", receivedAt: 500 });
  });

  it("takes a daily move's next deadline from its event, and keeps the deadline when a live move carries none", () => {
    const daily = holdGame({ ...view, deadlineAt: "2026-11-28T12:00:00.000Z" }, 0);
    expect(applyMoveEvent(daily, { ...e4, clocks: null, deadlineAt: "2026-12-01T12:00:05.000Z" }, 0).game.view.deadlineAt).toBe("2026-12-01T12:00:05.000Z");
    expect(applyMoveEvent(daily, e4, 0).game.view.deadlineAt).toBe("2026-11-28T12:00:00.000Z");
  });

  it("ignores a repeated event, so a move is never applied twice", () => {
    const once = applyMoveEvent(holdGame(view, 0), e4, 0).game;
    const twice = applyMoveEvent(once, e4, 10);
    expect(twice.applied).toBe(false);
    expect(twice.game.view.moves).toHaveLength(1);
  });

  it("asks for a snapshot when a version is skipped, and takes it", () => {
    const step = applyMoveEvent(holdGame(view, 0), { ...e4, version: 3, ply: 2 }, 0);
    expect(step.refetch).toBe(true);
    expect(step.game.view.version).toBe(1);
    const snapshot = applySnapshot(step.game, { ...view, version: 3, ply: 1, fen: afterE4, moves: [{ uci: "e2e4", san: "e4", clockMs: 180_000 }] }, 0);
    expect(snapshot.game.view.version).toBe(3);
    expect(snapshot.game.view.moves).toHaveLength(1);
  });

  it("keeps the waiting move through a snapshot taken before it arrived, drops it after", () => {
    const waiting = withPendingMove(holdGame(view, 0), "e2e4");
    expect(applySnapshot(waiting, { ...view, version: 1 }, 0).game.pending).toEqual({ ply: 0, uci: "e2e4" });
    expect(applySnapshot(waiting, { ...view, version: 2, ply: 1, fen: afterE4 }, 0).game.pending).toBeNull();
  });

  it("refuses a snapshot older than the game it holds", () => {
    const held = applyMoveEvent(holdGame(view, 0), e4, 0).game;
    expect(applySnapshot(held, view, 0).game.view.version).toBe(2);
  });

  it("stops the clocks where they stood when the connection is lost, until the server speaks again", () => {
    const running: GameView = { ...view, clocks: { white: 170_000, black: 175_000, running: "white" } };
    const cut = withConnectionLost(holdGame(running, 1_000), 4_000);
    expect(shownClocks(cut)).toEqual({ white: 167_000, black: 175_000, running: null, receivedAt: 4_000 });
    // A second loss before the server answered keeps the first moment.
    expect(shownClocks(withConnectionLost(cut, 9_000))?.white).toBe(167_000);
    // An event after the reconnect brings the server's clocks back, ticking.
    const move: GameMoveEvent = { ...e4, clocks: { white: 160_000, black: 175_000, running: "black" } };
    expect(shownClocks(applyMoveEvent(cut, move, 20_000).game)).toEqual({ white: 160_000, black: 175_000, running: "black", receivedAt: 20_000 });
  });

  it("takes the snapshot's clocks on a rejoin even when no move was made (the same version)", () => {
    const held: GameView = { ...view, ply: 2, clocks: { white: 296_000, black: 280_000, running: "white" } };
    const cut = withConnectionLost(holdGame(held, 0), 10_000);
    const server: GameView = { ...held, clocks: { white: 299_700, black: 300_000, running: "white" } };
    const step = applySnapshot(cut, server, 12_000);
    expect(shownClocks(step.game)).toEqual({ white: 299_700, black: 300_000, running: "white", receivedAt: 12_000 });
  });

  it("applies the end from a state event and stops waiting for the player's move", () => {
    const waiting = withPendingMove(holdGame(view, 0), "e2e4");
    const step = applyStateEvent(waiting, { version: 2, drawOfferBy: null, rematchOfferBy: null, rematchGameId: null, takebackOfferBy: null, takenBackTo: null, clocks: null, ending: { result: "*", reason: "aborted", ratingDiffs: null } }, 0);
    expect(step.game.view.status).toBe("aborted");
    expect(step.game.pending).toBeNull();
  });

  it("shows a takeback request, and refetches the snapshot when a takeback removed moves", () => {
    const held = applyMoveEvent(holdGame(view, 0), e4, 0).game;
    const request = { version: 3, drawOfferBy: null, rematchOfferBy: null, rematchGameId: null, takebackOfferBy: "white", takenBackTo: null, clocks: null, ending: null } as const;
    const asked = applyStateEvent(held, request, 0);
    expect(asked.game.view.takebackOfferBy).toBe("white");
    expect(asked.refetch).toBe(false);
    const takenBack = applyStateEvent(asked.game, { ...request, version: 4, takebackOfferBy: null, takenBackTo: 0 }, 0);
    expect(takenBack.refetch).toBe(true);
  });
});
