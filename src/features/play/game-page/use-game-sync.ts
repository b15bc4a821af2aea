/**
 * The game page's link to the server: holds the game, listens to its room
 * (`game:{id}`), refetches the snapshot (`game.snapshot`) on a reconnect, on
 * a version gap or a `stale` refusal, and sends moves (`game.move`) and
 * actions (`game.act`) through the page's socket. Moves carry their ply, so a
 * move resent after a network drop is applied once.
 *
 * While the socket is down the page says so and stops trusting its clocks
 * (game-sync.ts); a move made then waits in the socket client and is sent on
 * the reconnect: the server plays it if it is still legal at its ply, and if
 * it was not played the player is told (`move.not_played`) and the board
 * shows the server's position.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { eventPayload, type RealtimeEvent } from "../../../platform/realtime/protocol.ts";
import type { RegisteredCommands } from "../../../platform/realtime/socket-commands.ts";
import type { ConnectionState } from "../../../platform/realtime/socket-client.ts";
import { useRoomEvents, useSocketCommand, useSocketConnection } from "../../../platform/realtime/socket-provider.tsx";
import { gameMoveEvent, gameRoom, gameStateEvent } from "../play.events.ts";
import type { GameView } from "../play.schema.ts";
import { applyMoveEvent, applySnapshot, applyStateEvent, holdGame, withConnectionLost, withoutPendingMove, withPendingMove, type HeldGame, type SyncStep } from "./game-sync.ts";

/** The actions `game.act` takes, as the server's command defines them. */
export type GameActionName = RegisteredCommands["game.act"]["input"]["action"];

/** What happened, for sounds: a move (with its SAN and mover) or a state change. */
export type GameHappening =
  | { readonly kind: "move"; readonly san: string; readonly ply: number; readonly ending: boolean }
  | { readonly kind: "state"; readonly view: GameView; readonly previous: GameView };

/** How long a confirmed move may wait for its event before the page asks for a snapshot. */
const EVENT_GRACE_MS = 3_000;

const clockNow = (): number => performance.now();

/** The refusal handed over when a move was not played: the server moved on (or ended the game) before it arrived. */
export const MOVE_NOT_PLAYED = "move.not_played";
/** Refusals that mean the move came too late for the game as it now stands, not that it was a bad move. */
const tooLate = new Set(["stale", "timeout", "closed", "game_over", "not_your_turn"]);

export interface GameSync {
  readonly game: HeldGame;
  readonly connection: ConnectionState;
  readonly sendMove: (uci: string) => void;
  readonly act: (action: GameActionName) => Promise<string | null>;
  readonly refetch: () => void;
  /** Increments when the board must return to the held position (a refused move). */
  readonly resetToken: number;
}

export function useGameSync(initial: GameView, listener: (happening: GameHappening) => void, onRefusal: (code: string) => void): GameSync {
  const [game, setGame] = useState<HeldGame>(() => holdGame(initial, clockNow()));
  const [resetToken, setResetToken] = useState(0);
  const gameRef = useRef(game);
  const listenerRef = useRef(listener);
  const refusalRef = useRef(onRefusal);
  useEffect(() => {
    listenerRef.current = listener;
    refusalRef.current = onRefusal;
  });

  const gameId = initial.id;
  const command = useSocketCommand();
  const connection = useSocketConnection();
  /** The snapshot loop in flight; a refetch asked for meanwhile joins it (and makes it go round once more). */
  const fetching = useRef<Promise<void> | null>(null);
  /** A refetch asked for while one was in flight: that one may predate what prompted it. */
  const fetchAgain = useRef(false);

  /** Applies a step to the held game; the latest state is in gameRef, so socket callbacks never see a stale one. */
  const commit = useCallback((step: (held: HeldGame) => SyncStep): SyncStep => {
    const result = step(gameRef.current);
    gameRef.current = result.game;
    setGame(result.game);
    return result;
  }, []);

  useEffect(() => {
    if (connection === "down") commit((held) => ({ game: withConnectionLost(held, clockNow()), refetch: false, applied: false }));
  }, [connection, commit]);

  /** Asks for a snapshot; settles once the page holds one asked for after this call. */
  const snapshotNow = useCallback((): Promise<void> => {
    if (fetching.current) {
      fetchAgain.current = true;
      return fetching.current;
    }
    const loop = (async () => {
      do {
        fetchAgain.current = false;
        const answer = await command("game.snapshot", { gameId });
        if (!answer.ok) continue;
        const view = answer.value;
        const previous = gameRef.current.view;
        const result = commit((held) => applySnapshot(held, view, clockNow()));
        if (!result.applied) continue;
        // Moves that arrived with the snapshot sound once, as the last of them.
        const last = view.moves.at(-1);
        if (view.moves.length > previous.moves.length && last) listenerRef.current({ kind: "move", san: last.san, ply: view.ply, ending: view.status !== "playing" });
        else listenerRef.current({ kind: "state", view, previous });
      } while (fetchAgain.current);
      fetching.current = null;
    })();
    fetching.current = loop;
    return loop;
  }, [commit, command, gameId]);
  const refetch = useCallback(() => void snapshotNow(), [snapshotNow]);

  const handleEvent = useCallback(
    (event: RealtimeEvent) => {
      const receivedAt = clockNow();
      const move = eventPayload(gameMoveEvent, event);
      const state = eventPayload(gameStateEvent, event);
      if (move) {
        const payload = move;
        const result = commit((held) => applyMoveEvent(held, payload, receivedAt));
        if (result.refetch) refetch();
        else if (result.applied) listenerRef.current({ kind: "move", san: payload.san, ply: payload.ply, ending: payload.ending !== null });
      } else if (state) {
        const payload = state;
        const previous = gameRef.current.view;
        const result = commit((held) => applyStateEvent(held, payload, receivedAt));
        if (result.refetch) refetch();
        else if (result.applied) listenerRef.current({ kind: "state", view: result.game.view, previous });
      }
    },
    [commit, refetch],
  );

  // The first confirmation also refetches: moves made between the page's render and the subscription are not lost.
  useRoomEvents(gameRoom(gameId), handleEvent, { onSubscribed: refetch, refetch });

  const sendMove = useCallback(
    (uci: string) => {
      const ply = gameRef.current.view.ply;
      commit((held) => ({ game: withPendingMove(held, uci), refetch: false, applied: false }));
      void command("game.move", { gameId, ply, uci })
        .then((answer) => {
          if (answer.ok) {
            const acked = answer.value.version;
            // The event normally follows at once; if it got lost, the snapshot has the move.
            setTimeout(() => {
              if (gameRef.current.view.version < acked) refetch();
            }, EVENT_GRACE_MS);
            return;
          }
          commit((held) => ({ game: withoutPendingMove(held), refetch: false, applied: false }));
          setResetToken((token) => token + 1);
          if (!tooLate.has(answer.error)) {
            refusalRef.current(answer.error);
            return;
          }
          // Out of date or unanswered: whether the move counted, the snapshot says (a counted move comes back with it).
          return snapshotNow().then(() => {
            if (gameRef.current.view.moves[ply]?.uci !== uci) refusalRef.current(MOVE_NOT_PLAYED);
          });
        });
    },
    [commit, command, gameId, refetch, snapshotNow],
  );

  const act = useCallback(
    async (action: GameActionName): Promise<string | null> => {
      const answer = await command("game.act", { gameId, action });
      if (answer.ok) return null;
      refetch();
      return answer.error;
    },
    [command, gameId, refetch],
  );

  return { game, connection, sendMove, act, refetch, resetToken };
}
