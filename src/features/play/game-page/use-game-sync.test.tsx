/**
 * The game page's link to the server across a lost connection: a hub that
 * goes down and comes back, holding the commands made meanwhile as the socket
 * client does (socket-client.reconnect.test.ts proves the client does).
 */
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { ok, fail } from "../../../shared/result.ts";
import type { RealtimeEventHandler, ConnectionState, SubscribeOptions } from "../../../platform/realtime/socket-client.ts";
import type { CommandCall } from "../../../platform/realtime/socket-commands.ts";
import { fakeCommands, type ScriptedAnswers } from "../../../platform/realtime/socket-fakes.fixture.ts";
import { SocketProvider, type SocketHub } from "../../../platform/realtime/socket-provider.tsx";
import type { GameView } from "../play.schema.ts";
import { shownClocks } from "./game-sync.ts";
import { sampleGameView } from "./game-view.fixture.ts";
import { MOVE_NOT_PLAYED, useGameSync } from "./use-game-sync.ts";

const afterE4E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
const afterNf3 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";

/** White to move at ply 2, its clock running. */
const whiteToMove: GameView = {
  ...sampleGameView,
  fen: afterE4E5,
  moves: [
    { uci: "e2e4", san: "e4", clockMs: 180_000 },
    { uci: "e7e5", san: "e5", clockMs: 180_000 },
  ],
  ply: 2,
  version: 3,
  clocks: { white: 175_000, black: 178_000, running: "white" },
};

/** A hub that can be cut off: commands made while down wait and go out on the reconnect, answered by `server`. */
function cuttableHub(server: ScriptedAnswers) {
  let connection: ConnectionState = "up";
  const watchers = new Set<() => void>();
  const held: Array<() => void> = [];
  const answering = fakeCommands(server);
  let subscription: { handler: RealtimeEventHandler; options: SubscribeOptions } | null = null;
  const command: CommandCall = (name, input) =>
    new Promise((resolve) => {
      const send = () => void answering.command(name, input).then(resolve);
      if (connection === "up") send();
      else held.push(send);
    });
  const hub: SocketHub = {
    command,
    subscribe: (_room, handler, options = {}) => {
      subscription = { handler, options };
      return () => undefined;
    },
    get connection() {
      return connection;
    },
    watchConnection: (listener) => {
      watchers.add(listener);
      return () => watchers.delete(listener);
    },
  };
  const setConnection = (next: ConnectionState) => {
    connection = next;
    for (const watcher of watchers) watcher();
  };
  return {
    hub,
    sent: answering.calls,
    down: () => setConnection("down"),
    /** Back: the held commands go out, then the room is confirmed again (the page refetches). */
    up: () => {
      setConnection("up");
      for (const send of held.splice(0)) send();
      subscription?.options.onSubscribed?.();
      subscription?.options.refetch?.();
    },
  };
}

function renderSync(hub: SocketHub) {
  const refusals: string[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => <SocketProvider hub={hub}>{children}</SocketProvider>;
  const rendered = renderHook(() => useGameSync(whiteToMove, () => undefined, (code) => refusals.push(code)), { wrapper });
  return { ...rendered, refusals };
}

describe("the game page across a lost connection", () => {
  it("keeps a move made while cut off and plays it on the reconnect when it is still legal", async () => {
    const played: GameView = { ...whiteToMove, fen: afterNf3, moves: [...whiteToMove.moves, { uci: "g1f3", san: "Nf3", clockMs: 171_000 }], ply: 3, version: 4, clocks: { white: 171_000, black: 178_000, running: "black" } };
    let moved = false;
    const socket = cuttableHub({
      "game.move": (input) => {
        moved = true;
        expect(input).toEqual({ gameId: whiteToMove.id, ply: 2, uci: "g1f3" });
        return ok({ gameId: whiteToMove.id, ply: 3, version: 4, clocks: played.clocks, ending: null });
      },
      "game.snapshot": () => ok(moved ? played : whiteToMove),
    });
    const { result, refusals } = renderSync(socket.hub);
    act(() => socket.down());
    expect(result.current.connection).toBe("down");
    // The clocks stop: nothing runs while the page cannot trust them.
    expect(shownClocks(result.current.game)?.running).toBeNull();

    act(() => result.current.sendMove("g1f3"));
    expect(result.current.game.pending).toEqual({ ply: 2, uci: "g1f3" });
    expect(socket.sent).toEqual([]);

    act(() => socket.up());
    await waitFor(() => expect(result.current.game.view.ply).toBe(3));
    expect(result.current.game.view.moves.at(-1)?.san).toBe("Nf3");
    expect(result.current.game.pending).toBeNull();
    expect(shownClocks(result.current.game)).toMatchObject({ white: 171_000, black: 178_000, running: "black" });
    expect(refusals).toEqual([]);
  });

  it("tells the player a move made while cut off was not played when the game moved on, and shows the server's position", async () => {
    // Meanwhile the opponent's side flagged white: the game is over at ply 2.
    const over: GameView = { ...whiteToMove, version: 4, status: "ended", ending: { result: "0-1", reason: "timeout", ratingDiffs: null }, clocks: { white: 0, black: 178_000, running: null } };
    const socket = cuttableHub({ "game.move": () => fail("game_over"), "game.snapshot": () => ok(over) });
    const { result, refusals } = renderSync(socket.hub);
    act(() => socket.down());
    act(() => result.current.sendMove("g1f3"));

    act(() => socket.up());
    await waitFor(() => expect(refusals).toEqual([MOVE_NOT_PLAYED]));
    expect(result.current.game.pending).toBeNull();
    expect(result.current.game.view.status).toBe("ended");
    expect(result.current.game.view.moves).toHaveLength(2);
    expect(shownClocks(result.current.game)).toMatchObject({ white: 0, running: null });
  });

  it("says nothing when a move that timed out was played after all (the snapshot has it)", async () => {
    const played: GameView = { ...whiteToMove, fen: afterNf3, moves: [...whiteToMove.moves, { uci: "g1f3", san: "Nf3", clockMs: 171_000 }], ply: 3, version: 4 };
    const socket = cuttableHub({ "game.move": () => fail("timeout"), "game.snapshot": () => ok(played) });
    const { result, refusals } = renderSync(socket.hub);
    act(() => result.current.sendMove("g1f3"));
    await waitFor(() => expect(result.current.game.view.ply).toBe(3));
    expect(refusals).toEqual([]);
  });
});
