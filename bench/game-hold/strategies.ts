import type pg from "pg";
import { parseFen } from "../../src/chess/rules.ts";
import type { ClockState } from "../../src/chess/clock.ts";
import { applyMove, newHeldGame, type HeldGame, type MoveRefusal } from "./scenario.ts";

/** One way of holding live games: create a game, then take its moves one at a time. */
export interface GameHold {
  readonly name: string;
  createGame(id: number): Promise<void>;
  /** Resolves once the move is durable (the acknowledgement point). */
  move(id: number, ply: number, uci: string): Promise<{ ok: true } | { ok: false; error: MoveRefusal }>;
  close(): Promise<void>;
}

export const schema = `
  CREATE TABLE IF NOT EXISTS bench_games (
    id bigint PRIMARY KEY,
    version integer NOT NULL,
    fen text NOT NULL,
    clock jsonb NOT NULL,
    repetition_keys jsonb NOT NULL,
    status text NOT NULL DEFAULT 'playing'
  );
  CREATE TABLE IF NOT EXISTS bench_moves (
    game_id bigint NOT NULL,
    ply integer NOT NULL,
    uci text NOT NULL,
    san text NOT NULL,
    clock_ms integer NOT NULL,
    moved_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, ply)
  );
  TRUNCATE bench_games, bench_moves;
`;

const insertGame = async (pool: pg.Pool, game: HeldGame): Promise<void> => {
  await pool.query("INSERT INTO bench_games (id, version, fen, clock, repetition_keys) VALUES ($1, 0, $2, $3, $4)", [
    game.id,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    JSON.stringify(game.clock),
    JSON.stringify(game.repetitionKeys),
  ]);
};

interface GameRow {
  version: number;
  fen: string;
  clock: ClockState;
  repetition_keys: string[];
}

/**
 * Group commit: the writes that arrive while earlier ones are in flight are
 * sent together by one statement (at most `maxInFlight` statements at once).
 * `write` answers, per row of the batch, whether it was applied.
 */
const groupCommitter = <Row>(write: (batch: readonly Row[]) => Promise<readonly boolean[]>, maxInFlight = 4) => {
  type Waiting = { row: Row; resolve: (applied: boolean) => void; reject: (error: Error) => void };
  let pending: Waiting[] = [];
  let inFlight = 0;
  const flush = (): void => {
    if (pending.length === 0 || inFlight >= maxInFlight) return;
    const batch = pending;
    pending = [];
    inFlight++;
    write(batch.map((waiting) => waiting.row))
      .then(
        (applied) => batch.forEach((waiting, index) => waiting.resolve(applied[index] === true)),
        (error: unknown) => batch.forEach((waiting) => waiting.reject(error instanceof Error ? error : new Error(String(error)))),
      )
      .finally(() => {
        inFlight--;
        flush();
      });
  };
  return (row: Row): Promise<boolean> =>
    new Promise<boolean>((resolve, reject) => {
      pending.push({ row, resolve, reject });
      if (pending.length === 1) setImmediate(flush);
    });
};

/**
 * (a1) The row is the authority, nothing cached: lock the row, parse its FEN,
 * validate, update it and append the move, commit. Any instance takes any move.
 */
export const rowLocked = (pool: pg.Pool): GameHold => ({
  name: "row authority, SELECT FOR UPDATE",
  createGame: (id) => insertGame(pool, newHeldGame(id)),
  async move(id, ply, uci) {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const { rows } = await client.query<GameRow>("SELECT version, fen, clock, repetition_keys FROM bench_games WHERE id = $1 FOR UPDATE", [id]);
      const row = rows[0];
      if (!row || row.version !== ply) {
        await client.query("ROLLBACK");
        return { ok: false, error: "game.version-conflict" };
      }
      const position = parseFen("standard", row.fen);
      if (!position.ok) throw new Error("stored FEN unreadable");
      const game: HeldGame = { id, ply, position: position.value, clock: row.clock, repetitionKeys: row.repetition_keys };
      const next = applyMove(game, uci, Date.now());
      if (!next.ok) {
        await client.query("ROLLBACK");
        return next;
      }
      await client.query("UPDATE bench_games SET version = $2, fen = $3, clock = $4, repetition_keys = $5 WHERE id = $1", [
        id, next.game.ply, next.fen, JSON.stringify(next.game.clock), JSON.stringify(next.game.repetitionKeys),
      ]);
      await client.query("INSERT INTO bench_moves (game_id, ply, uci, san, clock_ms) VALUES ($1, $2, $3, $4, $5)", [id, next.game.ply, uci, next.san, next.clockMs]);
      await client.query("COMMIT");
      return { ok: true };
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  },
  close: async () => undefined,
});

/**
 * (a2) The row is the authority, with the instance's cache of recent positions
 * keyed by (game, version): one statement updates the row only if its version
 * is the one the move was made on and appends the move. A cache miss (the
 * other instance took the last move) reads the row first.
 */
export const rowVersioned = (pool: pg.Pool): GameHold => {
  const cache = new Map<number, HeldGame>();
  const load = async (id: number): Promise<HeldGame | undefined> => {
    const { rows } = await pool.query<GameRow>("SELECT version, fen, clock, repetition_keys FROM bench_games WHERE id = $1", [id]);
    const row = rows[0];
    if (!row) return undefined;
    const position = parseFen("standard", row.fen);
    if (!position.ok) throw new Error("stored FEN unreadable");
    return { id, ply: row.version, position: position.value, clock: row.clock, repetitionKeys: row.repetition_keys };
  };
  return {
    name: "row authority, version-checked single statement + position cache",
    async createGame(id) {
      const game = newHeldGame(id);
      await insertGame(pool, game);
      cache.set(id, game);
    },
    async move(id, ply, uci) {
      let game = cache.get(id);
      if (!game || game.ply !== ply) game = await load(id);
      if (!game || game.ply !== ply) return { ok: false, error: "game.version-conflict" };
      const next = applyMove(game, uci, Date.now());
      if (!next.ok) return next;
      const { rowCount } = await pool.query(
        `WITH moved AS (
           UPDATE bench_games SET version = $2 + 1, fen = $3, clock = $4, repetition_keys = $5
           WHERE id = $1 AND version = $2 RETURNING id
         )
         INSERT INTO bench_moves (game_id, ply, uci, san, clock_ms) SELECT id, $2 + 1, $6, $7, $8 FROM moved`,
        [id, ply, next.fen, JSON.stringify(next.game.clock), JSON.stringify(next.game.repetitionKeys), uci, next.san, next.clockMs],
      );
      if (rowCount !== 1) {
        cache.delete(id);
        return { ok: false, error: "game.version-conflict" };
      }
      cache.set(id, next.game);
      return { ok: true };
    },
    close: async () => undefined,
  };
};

/**
 * (a3) The row is the authority, as (a2), with group commit: one statement
 * applies a batch of version-checked updates and appends the moves of the
 * games whose version matched (at most one move per game per batch: each game
 * has one move in flight).
 */
export const rowVersionedGroupCommit = (pool: pg.Pool): GameHold => {
  const versioned = rowVersioned(pool);
  type Row = { id: number; version: number; fen: string; clock: string; keys: string; uci: string; san: string; clockMs: number };
  const commit = groupCommitter<Row>(async (batch) => {
    const { rows } = await pool.query<{ game_id: string }>(
      `WITH input AS (
         SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::jsonb[], $5::jsonb[], $6::text[], $7::text[], $8::int[])
           AS i(id, version, fen, clock, keys, uci, san, clock_ms)
       ), moved AS (
         UPDATE bench_games g SET version = i.version + 1, fen = i.fen, clock = i.clock, repetition_keys = i.keys
         FROM input i WHERE g.id = i.id AND g.version = i.version RETURNING g.id
       )
       INSERT INTO bench_moves (game_id, ply, uci, san, clock_ms)
       SELECT i.id, i.version + 1, i.uci, i.san, i.clock_ms FROM input i JOIN moved m ON m.id = i.id
       RETURNING game_id`,
      [
        batch.map((row) => row.id), batch.map((row) => row.version), batch.map((row) => row.fen), batch.map((row) => row.clock),
        batch.map((row) => row.keys), batch.map((row) => row.uci), batch.map((row) => row.san), batch.map((row) => row.clockMs),
      ],
    );
    const applied = new Set(rows.map((row) => Number(row.game_id)));
    return batch.map((row) => applied.has(row.id));
  });
  const cache = new Map<number, HeldGame>();
  return {
    name: "row authority, version-checked, group commit + position cache",
    async createGame(id) {
      await versioned.createGame(id);
      cache.set(id, newHeldGame(id));
    },
    async move(id, ply, uci) {
      const game = cache.get(id);
      if (!game || game.ply !== ply) return versioned.move(id, ply, uci);
      const next = applyMove(game, uci, Date.now());
      if (!next.ok) return next;
      const applied = await commit({
        id, version: ply, fen: next.fen, clock: JSON.stringify(next.game.clock), keys: JSON.stringify(next.game.repetitionKeys), uci, san: next.san, clockMs: next.clockMs,
      });
      if (!applied) {
        cache.delete(id);
        return { ok: false, error: "game.version-conflict" };
      }
      cache.set(id, next.game);
      return { ok: true };
    },
    close: async () => undefined,
  };
};

/**
 * (b) One owning instance holds the game in memory and appends each move to
 * the log (the primary key (game, ply) refuses a second writer of the same
 * ply, which fences a stale owner). With `groupCommit`, the moves of many
 * games that arrive together are appended by one INSERT.
 */
export const ownerInMemory = (pool: pg.Pool, options: { groupCommit: boolean; maxInFlight?: number }): GameHold => {
  const games = new Map<number, HeldGame>();
  type Row = { id: number; ply: number; uci: string; san: string; clockMs: number };
  const appendBatch = groupCommitter<Row>(async (batch) => {
    await pool.query(
      "INSERT INTO bench_moves (game_id, ply, uci, san, clock_ms) SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $5::int[])",
      [batch.map((row) => row.id), batch.map((row) => row.ply), batch.map((row) => row.uci), batch.map((row) => row.san), batch.map((row) => row.clockMs)],
    );
    return batch.map(() => true);
  }, options.maxInFlight);
  const append = async (row: Row): Promise<void> => {
    if (options.groupCommit) {
      await appendBatch(row);
      return;
    }
    await pool.query("INSERT INTO bench_moves (game_id, ply, uci, san, clock_ms) VALUES ($1, $2, $3, $4, $5)", [row.id, row.ply, row.uci, row.san, row.clockMs]);
  };
  return {
    name: options.groupCommit ? "owner in memory, append-only log, group commit" : "owner in memory, append-only log, one INSERT per move",
    async createGame(id) {
      const game = newHeldGame(id);
      await insertGame(pool, game);
      games.set(id, game);
    },
    async move(id, ply, uci) {
      const game = games.get(id);
      if (!game) return { ok: false, error: "game.over" };
      if (game.ply !== ply) return { ok: false, error: "game.version-conflict" };
      const next = applyMove(game, uci, Date.now());
      if (!next.ok) return next;
      // Taken in memory before the write, so a second move on the same ply is refused at once; undone if the write fails.
      games.set(id, next.game);
      try {
        await append({ id, ply: next.game.ply, uci, san: next.san, clockMs: next.clockMs });
      } catch (error) {
        games.set(id, game);
        throw error;
      }
      return { ok: true };
    },
    close: async () => undefined,
  };
};
