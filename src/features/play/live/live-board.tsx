import { useEffect, useState } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { pageSocketClient } from "../../../platform/realtime/page-socket.ts";
import type { SocketClient } from "../../../platform/realtime/socket-client.ts";
import { StaticBoard } from "../board/static-board.tsx";
import { gameRoom } from "../play.events.ts";

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

function readFen(payload: unknown): { fen: string | null; version: number; over: boolean } | null {
  if (typeof payload !== "object" || payload === null) return null;
  const fields = payload as Record<string, unknown>;
  if (typeof fields.version !== "number") return null;
  return { fen: typeof fields.fen === "string" ? fields.fen : null, version: fields.version, over: fields.ending !== null && fields.ending !== undefined };
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
      setState((current) => (next.version <= current.version ? current : { fen: next.fen ?? current.fen, version: next.version, over: current.over || next.over }));
    const refetch = async () => {
      const answer = await socket.command("game.snapshot", { gameId });
      const snapshot = answer.ok ? readFen(answer.value) : null;
      if (answer.ok && snapshot) {
        const status = (answer.value as { status?: unknown }).status;
        apply({ ...snapshot, over: status !== "playing" });
      }
    };
    return socket.subscribe(
      gameRoom(gameId),
      (event) => {
        if (event.type !== "game.move" && event.type !== "game.state") return;
        const update = readFen(event.payload);
        if (update) apply(update);
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
