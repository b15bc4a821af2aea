/**
 * The moves of live games, written in batches (decisions 0015 a3 and 0027).
 * Moves that arrive together, from many games, go into one statement: each
 * game row updated only if it is still at the version the move was made on,
 * the other boards the move changed (bughouse: the partner's pocket, decision
 * 0049), its game_moves row, and its event's outbox row. One statement in
 * autocommit is one round trip and one commit (one WAL flush) for the whole
 * batch. A game whose version moved on is left out alone (its caller
 * re-reads); a batch whose statement fails is written again one move at a
 * time, so one bad move fails no other. Every caller is answered only after
 * the commit: a move is acknowledged once it is durable.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../../../platform/db/client.server.ts";
import { insertSelfPublishedEvents } from "../../../platform/realtime/outbox.server.ts";
import { gameMoveEvent, gameRoom } from "../play.events.ts";
import type { GameMoveEvent } from "../play.schema.ts";
import { gameBoards, gameMoves, games } from "../play.tables.server.ts";

/** A board as a move leaves it: its position, ply, own version and clocks. */
export interface BoardWrite {
  readonly board: number;
  readonly fen: string;
  readonly ply: number;
  readonly version: number;
  readonly whiteClockMs: number | null;
  readonly blackClockMs: number | null;
  readonly whiteLagQuotaMs: number;
  readonly blackLagQuotaMs: number;
  readonly turnStartedAt: Date | null;
  readonly deadlineAt: Date | null;
}

/**
 * A move to write: the boards it changed as it leaves them, the move, and its
 * event (null when the caller announces it in its own transaction). Board 0
 * lives on the game row and is always written (unchanged if the move was
 * elsewhere); other boards only when the move changed them (bughouse: the
 * partner's pocket).
 */
export interface MoveWrite {
  readonly gameId: number;
  /** The game version the move was made on: the row must still be at it. */
  readonly version: number;
  readonly first: BoardWrite;
  readonly others: readonly BoardWrite[];
  /** The game's next deadline (the earliest of its boards'); the sweeper looks at the game then. */
  readonly deadlineAt: Date;
  readonly drawOfferBy: string | null;
  /** The board moved on, and its ply before the move. */
  readonly board: number;
  readonly ply: number;
  readonly uci: string;
  readonly san: string;
  /** The mover's clock after the move (live games). */
  readonly clockMs: number | null;
  readonly playedAt: Date;
  readonly event: GameMoveEvent | null;
}

/** A move written: its event's outbox id when the statement announced it. */
export interface WrittenMove {
  readonly move: MoveWrite;
  readonly outboxId: number | null;
}

const boardJson = (board: BoardWrite) => ({
  board: board.board,
  fen: board.fen,
  ply: board.ply,
  version: board.version,
  white_clock_ms: board.whiteClockMs,
  black_clock_ms: board.blackClockMs,
  white_lag_quota_ms: board.whiteLagQuotaMs,
  black_lag_quota_ms: board.blackLagQuotaMs,
  turn_started_at: board.turnStartedAt?.toISOString() ?? null,
  deadline_at: board.deadlineAt?.toISOString() ?? null,
});

/**
 * Writes moves of distinct games in one statement (inside the caller's
 * transaction if `db` is one). Answers the moves written, in the order given;
 * a move whose game is no longer at its version is not among them, and
 * nothing of it is written, on any board.
 */
export async function writeMoves(db: Database, moves: readonly MoveWrite[]): Promise<WrittenMove[]> {
  if (moves.length === 0) return [];
  const input = JSON.stringify(
    moves.map((move) => {
      const first = move.first;
      return {
        game_id: move.gameId,
        version: move.version,
        // Board 0's columns on the game row (its deadline is the game's).
        fen: first.fen,
        ply: first.ply,
        board_version: first.version,
        white_clock_ms: first.whiteClockMs,
        black_clock_ms: first.blackClockMs,
        white_lag_quota_ms: first.whiteLagQuotaMs,
        black_lag_quota_ms: first.blackLagQuotaMs,
        turn_started_at: first.turnStartedAt?.toISOString() ?? null,
        deadline_at: move.deadlineAt.toISOString(),
        draw_offer_by: move.drawOfferBy,
        others: move.others.length === 0 ? null : move.others.map(boardJson),
        board: move.board,
        move_ply: move.ply,
        uci: move.uci,
        san: move.san,
        clock_ms: move.clockMs,
        played_at: move.playedAt.toISOString(),
        room: move.event ? gameRoom(move.gameId) : null,
        payload: move.event,
      };
    }),
  );
  // The whole batch travels as one JSON parameter: one parse, and the same statement text for every batch size.
  // The game row is updated only at the version the move was made on; the other boards and the move row follow
  // only where it was, so a refused move writes nothing.
  const rows = await queryRows(
    db,
    sql`with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as i(
        game_id bigint, version integer, fen text, ply smallint, board_version integer, white_clock_ms integer, black_clock_ms integer,
        white_lag_quota_ms integer, black_lag_quota_ms integer, turn_started_at timestamptz, deadline_at timestamptz,
        draw_offer_by varchar, others jsonb,
        board smallint, move_ply smallint, uci varchar, san varchar, clock_ms integer, played_at timestamptz, room text, payload jsonb)
    ), moved as (
      update ${games} as g set
        fen = i.fen, ply = i.ply, board_version = i.board_version, version = i.version + 1,
        white_clock_ms = i.white_clock_ms, black_clock_ms = i.black_clock_ms,
        white_lag_quota_ms = i.white_lag_quota_ms, black_lag_quota_ms = i.black_lag_quota_ms,
        turn_started_at = i.turn_started_at, deadline_at = i.deadline_at, draw_offer_by = i.draw_offer_by,
        takeback_offer_by = null -- any move cancels a takeback request
      from input i
      where g.id = i.game_id and g.version = i.version and g.status = 'playing'
      returning g.id
    ), boards_moved as (
      update ${gameBoards} as b set
        fen = o.fen, ply = o.ply, version = o.version,
        white_clock_ms = o.white_clock_ms, black_clock_ms = o.black_clock_ms,
        white_lag_quota_ms = o.white_lag_quota_ms, black_lag_quota_ms = o.black_lag_quota_ms,
        turn_started_at = o.turn_started_at, deadline_at = o.deadline_at
      from input i join moved m on m.id = i.game_id
        cross join lateral jsonb_to_recordset(i.others) as o(
          board smallint, fen text, ply smallint, version integer, white_clock_ms integer, black_clock_ms integer,
          white_lag_quota_ms integer, black_lag_quota_ms integer, turn_started_at timestamptz, deadline_at timestamptz)
      where i.others is not null and b.game_id = i.game_id and b.board = o.board
    ), appended as (
      insert into ${gameMoves} (game_id, ply, board, uci, san, clock_ms, played_at)
      select i.game_id, i.move_ply, i.board, i.uci, i.san, i.clock_ms, i.played_at from input i join moved m on m.id = i.game_id
    ), announced as (
      ${insertSelfPublishedEvents(sql`select i.room, ${gameMoveEvent.type}::text as type, i.payload, i.version + 1 as version from input i join moved m on m.id = i.game_id where i.payload is not null`)}
    )
    select m.id as game_id, a.id as outbox_id from moved m join input i on i.game_id = m.id left join announced a on a.room = i.room`,
  );
  const outboxIdOf = new Map(rows.map((row) => [Number(row.game_id), row.outbox_id === null ? null : Number(row.outbox_id)]));
  return moves.flatMap((move) => (outboxIdOf.has(move.gameId) ? [{ move, outboxId: outboxIdOf.get(move.gameId) ?? null }] : []));
}

interface Pending {
  readonly move: MoveWrite;
  resolve(written: WrittenMove | null): void;
  reject(error: unknown): void;
}

export interface MoveBatcherOptions {
  /** Most moves in one statement. */
  readonly maxBatch?: number;
  /** Most statements in flight at once (PostgreSQL shares one WAL flush between commits that arrive together). */
  readonly maxConcurrent?: number;
  /** Told after each commit, before any caller is answered, of the moves it wrote (their events are published from here). */
  readonly committed?: (written: readonly WrittenMove[]) => void;
}

export function createMoveBatcher(db: Database, options: MoveBatcherOptions = {}) {
  const maxBatch = options.maxBatch ?? 256;
  const maxConcurrent = options.maxConcurrent ?? 4;
  const queue: Pending[] = [];
  /** Games with a move in a statement not yet answered: their next move waits, so moves of one game are written in arrival order. */
  const gamesInFlight = new Set<number>();
  let inFlight = 0;
  let scheduled = false;

  function schedule(): void {
    if (scheduled || inFlight >= maxConcurrent || queue.length === 0) return;
    scheduled = true;
    // Gather what arrives in the same turn of the event loop.
    setImmediate(() => {
      scheduled = false;
      const batch = takeBatch();
      if (batch.length === 0) return;
      inFlight += 1;
      for (const pending of batch) gamesInFlight.add(pending.move.gameId);
      void writeBatch(batch).finally(() => {
        inFlight -= 1;
        for (const pending of batch) gamesInFlight.delete(pending.move.gameId);
        schedule();
      });
      schedule();
    });
  }

  /** At most one move per game in a statement, and none while that game's last one is in flight: a second one (a retry racing its original) waits for the next. */
  function takeBatch(): Pending[] {
    const batch: Pending[] = [];
    const waiting: Pending[] = [];
    const games = new Set<number>();
    for (const pending of queue) {
      if (batch.length < maxBatch && !games.has(pending.move.gameId) && !gamesInFlight.has(pending.move.gameId)) {
        games.add(pending.move.gameId);
        batch.push(pending);
      } else {
        waiting.push(pending);
      }
    }
    queue.splice(0, queue.length, ...waiting);
    return batch;
  }

  async function writeBatch(batch: readonly Pending[]): Promise<void> {
    let written: WrittenMove[];
    try {
      written = await writeMoves(
        db,
        batch.map((pending) => pending.move),
      );
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // Nothing of the batch was written: each move again alone, so only the one at fault fails.
      await Promise.all(batch.map((pending) => writeBatch([pending])));
      return;
    }
    options.committed?.(written);
    const byGame = new Map(written.map((entry) => [entry.move.gameId, entry]));
    for (const pending of batch) pending.resolve(byGame.get(pending.move.gameId) ?? null);
  }

  return {
    /** Writes the move in the next batch; answers once that batch committed (null: the game was no longer at the move's version). */
    write(move: MoveWrite): Promise<WrittenMove | null> {
      return new Promise((resolve, reject) => {
        queue.push({ move, resolve, reject });
        schedule();
      });
    },
  };
}

export type MoveBatcher = ReturnType<typeof createMoveBatcher>;
