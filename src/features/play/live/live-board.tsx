import { useEffect, useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { pageSocketClient } from "../../../platform/realtime/page-socket.ts";
import type { SocketClient } from "../../../platform/realtime/socket-client.ts";
import { StaticBoard } from "../board/static-board.tsx";
import { gameMoveEvent, gameRoom, gameStateEvent } from "../play.events.ts";
import { eventPayload } from "../../../platform/realtime/protocol.ts";
import { versionStep } from "../../../platform/realtime/version-gap.ts";

export interface LiveBoardProps {
  readonly gameId: number;
  readonly fen: string;
  /** The game's stream version the fen belongs to: older or repeated moves are ignored. */
  readonly version: number;
  readonly label: string;
  /** The socket; the page's own by default (tests pass a fake). */
  readonly socket?: Pick<SocketClient, "command" | "subscribe">;
}

interface BoardState {
  readonly fen: string;
  readonly version: number;
  readonly over: boolean;
}


/**
 * A mini board that follows a game in progress: it listens to the game's
 * room (each `game.move` carries the position) and, when it missed events
 * (a reconnect, a gap in versions), asks for the game's snapshot. The board
 * itself is static HTML: no chessground, no chessops on /live.
 */
export function LiveBoard({ gameId, fen, version, label, socket: givenSocket }: LiveBoardProps) {
  const intl = useIntl();
  const [state, setState] = useState<BoardState>({ fen, version, over: false });

  useEffect(() => {
    const socket = givenSocket ?? pageSocketClient();
    const apply = (next: { fen: string | null; version: number; over: boolean }) =>
      setState((current) => (versionStep(current.version, next.version) === "repeat" ? current : { fen: next.fen ?? current.fen, version: next.version, over: current.over || next.over }));
    const refetch = async () => {
      const answer = await socket.command("game.snapshot", { gameId });
      if (answer.ok) apply({ fen: answer.value.fen, version: answer.value.version, over: answer.value.status !== "playing" });
    };
    return socket.subscribe(
      gameRoom(gameId),
      (event) => {
        const move = eventPayload(gameMoveEvent, event);
        const state = move ? undefined : eventPayload(gameStateEvent, event);
        if (move) apply({ fen: move.fen, version: move.version, over: move.ending !== null });
        else if (state) apply({ fen: null, version: state.version, over: state.ending !== null });
      },
      { refetch: () => void refetch() },
    );
  }, [gameId, givenSocket]);

  return (
    <div className="ks-live-board">
      <StaticBoard fen={state.fen} label={label} />
      {state.over && (
        <p className="ks-live-board__over" role="status">
          {intl.formatMessage({ id: "play.live.game_over" })}
        </p>
      )}
    </div>
  );
}
