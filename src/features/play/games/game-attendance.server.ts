/**
 * Which of their own live games in play a player's sockets are in: a claim
 * counts the opponent's absence from that game, not from the whole site
 * (decision 0044). The game room's join hook reports each socket that joins
 * or leaves a game's room; a player's socket declares the set of its own live
 * games to the attendance port (presence, through the composition root's declared port), so
 * that any instance can tell whether a player is connected to a game and
 * since when they left it. Spectators declare nothing.
 */
import type { SocketIdentity } from "../../../platform/realtime/socket-identity.ts";

export interface GameAttendancePort {
  /** The live games this socket attends, replacing what it declared before (an empty list: none). */
  declare(memberId: number, socketId: string, gameIds: readonly number[]): Promise<void>;
  /** How long the member has been away from the game (null: connected to it); `unrecordedSince` when no departure is on record. */
  awayFromGameMs(memberId: number, gameId: number, unrecordedSince: number): Promise<number | null>;
}

declare module "../../../platform/composition/ports.ts" {
  interface Ports {
    gameAttendance: GameAttendancePort;
  }
}

interface SocketGames {
  readonly memberId: number;
  readonly gameIds: Set<number>;
  /** One socket's joins and leaves run in order: a quick leave never overtakes its join. */
  queue: Promise<void>;
  pending: number;
}

export interface GameAttendanceDeps {
  /** The members seated at a live game in play, on every board, or null (a daily game, one that is over, or none). */
  livePlayersOf(gameId: number): Promise<readonly number[] | null>;
  readonly port: () => GameAttendancePort;
  readonly log: (error: unknown, message: string) => void;
}

export function createGameAttendance(deps: GameAttendanceDeps) {
  const sockets = new Map<string, SocketGames>();

  function enqueue(socketId: string, entry: SocketGames, work: () => Promise<void>): void {
    entry.pending += 1;
    entry.queue = entry.queue
      .then(work)
      .catch((error: unknown) => deps.log(error, "game attendance not declared"))
      .then(() => {
        entry.pending -= 1;
        if (entry.pending === 0 && entry.gameIds.size === 0 && sockets.get(socketId) === entry) sockets.delete(socketId);
      });
  }

  function declareAll(socketId: string, entry: SocketGames): Promise<void> {
    return deps.port().declare(entry.memberId, socketId, [...entry.gameIds]);
  }

  return {
    /** The game room kind's join hook: a signed-in player's socket attends its live game until it leaves the room. */
    joined(identity: SocketIdentity, id: string | null): (() => void) | undefined {
      const { memberId, socketId } = identity;
      const gameId = Number(id);
      if (memberId === null || !Number.isSafeInteger(gameId)) return undefined;
      let entry = sockets.get(socketId);
      if (!entry) {
        entry = { memberId, gameIds: new Set(), queue: Promise.resolve(), pending: 0 };
        sockets.set(socketId, entry);
      }
      const socket = entry;
      let attending = false;
      enqueue(socketId, socket, async () => {
        const players = await deps.livePlayersOf(gameId);
        if (!players?.includes(memberId)) return;
        attending = true;
        socket.gameIds.add(gameId);
        await declareAll(socketId, socket);
      });
      return () =>
        enqueue(socketId, socket, async () => {
          if (!attending || !socket.gameIds.delete(gameId)) return;
          await declareAll(socketId, socket);
        });
    },
  };
}

export type GameAttendance = ReturnType<typeof createGameAttendance>;
