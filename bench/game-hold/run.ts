import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { Redis } from "ioredis";
import pg from "pg";
import { playMove, startPosition } from "../../src/chess/rules.ts";
import { measureLeases, round2 } from "./lease.ts";
import { scriptedGames } from "./scenario.ts";
import { ownerInMemory, rowLocked, rowVersioned, rowVersionedGroupCommit, schema, type GameHold } from "./strategies.ts";

/**
 * `npx tsx bench/game-hold/run.ts`: how a live game could be held, measured on
 * PostgreSQL (fsync and synchronous_commit as the server has them) before play
 * is built. Every strategy validates each move with chessops, runs the clock
 * and acknowledges only once the move is durable. Figures go to
 * bench/results/game-hold-<timestamp>.json; docs/decisions/0015 reads them.
 *
 * Env: BENCH_DATABASE_URL (admin URL; a throwaway database is created and
 * dropped), REDIS_URL, BENCH_SECONDS (per run, default 6).
 */
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const poolSize = Number(process.env.BENCH_POOL ?? 16);

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

interface RunFigures {
  readonly strategy: string;
  readonly games: number;
  readonly load: string;
  readonly movesPerSecond: number;
  readonly ackP50Ms: number;
  readonly ackP99Ms: number;
  readonly refused: number;
  /** CPU of this process (load generator + move logic + pg client) as % of one core. */
  readonly benchProcessCpuPercent: number;
}

const scripts = scriptedGames(64, 160);
let nextGameId = 1;

/**
 * N games play their scripted moves for `seconds`. Closed loop: each game sends
 * its next move as soon as the last is acknowledged (the ceiling). Paced: each
 * game waits a random think time so that all together aim at `targetPerSecond`.
 */
const runLoad = async (hold: GameHold, games: number, targetPerSecond: number | undefined, runSeconds = seconds): Promise<RunFigures> => {
  const latencies: number[] = [];
  let refused = 0;
  let stop = false;
  const meanThinkMs = targetPerSecond ? (games / targetPerSecond) * 1000 : 0;
  // Every game exists before the clock starts; a game whose script ends is followed by a new one.
  const firstGames = Array.from({ length: games }, () => nextGameId++);
  for (let index = 0; index < firstGames.length; index += 100) {
    await Promise.all(firstGames.slice(index, index + 100).map((id) => hold.createGame(id)));
  }
  const player = async (slot: number): Promise<void> => {
    let id = firstGames[slot] ?? 0;
    while (!stop) {
      const moves = scripts[slot % scripts.length] ?? [];
      for (let ply = 0; ply < moves.length && !stop; ply++) {
        if (meanThinkMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * meanThinkMs));
        if (stop) break;
        const started = performance.now();
        const answer = await hold.move(id, ply, moves[ply] ?? "");
        latencies.push(performance.now() - started);
        if (!answer.ok) {
          refused++;
          break;
        }
      }
      if (stop) break;
      id = nextGameId++;
      await hold.createGame(id);
    }
  };
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const players = Array.from({ length: games }, (_, slot) => player(slot));
  await new Promise((resolve) => setTimeout(resolve, runSeconds * 1000));
  stop = true;
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await Promise.all(players);
  latencies.sort((a, b) => a - b);
  return {
    strategy: hold.name,
    games,
    load: targetPerSecond ? `paced at ${targetPerSecond}/s` : "closed loop",
    movesPerSecond: Math.round(latencies.length / elapsed),
    ackP50Ms: round2(percentile(latencies, 50)),
    ackP99Ms: round2(percentile(latencies, 99)),
    refused,
    benchProcessCpuPercent: Math.round(((cpu.user + cpu.system) / 1e6 / elapsed) * 100),
  };
};

/** Plays whole scripted games (for the replay measurement). */
const playWholeGames = async (hold: GameHold, count: number): Promise<void> => {
  await Promise.all(
    Array.from({ length: count }, async (_, slot) => {
      const id = nextGameId++;
      await hold.createGame(id);
      const moves = scripts[slot % scripts.length] ?? [];
      for (let ply = 0; ply < moves.length; ply++) {
        const answer = await hold.move(id, ply, moves[ply] ?? "");
        if (!answer.ok) throw new Error(`scripted move refused: ${answer.error}`);
      }
    }),
  );
};

/** Takeover cost for an owner: read a game's log and replay it to rebuild the position. */
const measureReplay = async (pool: pg.Pool): Promise<{ games: number; averagePlies: number; averageMs: number }> => {
  const { rows: ids } = await pool.query<{ game_id: string }>("SELECT game_id FROM bench_moves GROUP BY game_id HAVING count(*) > 60 LIMIT 200");
  let plies = 0;
  const started = performance.now();
  for (const { game_id } of ids) {
    const { rows } = await pool.query<{ uci: string }>("SELECT uci FROM bench_moves WHERE game_id = $1 ORDER BY ply", [game_id]);
    const start = startPosition("standard");
    if (!start.ok) throw new Error("no start");
    let position = start.value.position;
    for (const { uci } of rows) {
      const played = playMove(position, uci);
      if (!played.ok) throw new Error(`log of game ${game_id} does not replay`);
      position = played.value.position;
    }
    plies += rows.length;
  }
  const count = Math.max(1, ids.length);
  return { games: ids.length, averagePlies: Math.round(plies / count), averageMs: round2((performance.now() - started) / count) };
};

const databaseName = `ks_bench_game_hold_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${databaseName}`);
const url = new URL(adminUrl);
url.pathname = `/${databaseName}`;
const pool = new pg.Pool({ connectionString: url.toString(), max: poolSize });
const redis = new Redis(redisUrl, { lazyConnect: true });

try {
  const settings = await pool.query<{ name: string; setting: string }>(
    "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'shared_buffers', 'wal_level')",
  );
  const serverVersion = (await pool.query<{ server_version: string }>("SHOW server_version")).rows[0]?.server_version;
  const runs: RunFigures[] = [];
  const strategies = (): GameHold[] => [
    rowLocked(pool),
    rowVersioned(pool),
    rowVersionedGroupCommit(pool),
    ownerInMemory(pool, { groupCommit: false }),
    ownerInMemory(pool, { groupCommit: true }),
  ];
  for (const [games, target] of [[100, undefined], [1000, undefined], [1000, 2000]] as const) {
    for (const hold of strategies()) {
      await pool.query(schema);
      // Warm-up: JIT, pool connections, plans.
      await runLoad(hold, 50, undefined, 1);
      await pool.query(schema);
      const figures = await runLoad(hold, games, target);
      console.log(JSON.stringify(figures));
      runs.push(figures);
    }
  }
  await pool.query(schema);
  await playWholeGames(ownerInMemory(pool, { groupCommit: true }), 100);
  const replay = await measureReplay(pool);
  await redis.connect();
  const leases = [await measureLeases(redis, 100, `bench-${process.pid}`), await measureLeases(redis, 1000, `bench-${process.pid}`)];
  const report = {
    benchmark: "game-hold",
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "unknown",
    postgres: serverVersion,
    postgresSettings: Object.fromEntries(settings.rows.map((row) => [row.name, row.setting])),
    poolSize,
    secondsPerRun: seconds,
    runs,
    takeoverReplay: replay,
    leases,
  };
  mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/game-hold-${report.date.replace(/[:.]/g, "-")}.json`;
  writeFileSync(file, JSON.stringify(report, null, 2) + "\n");
  console.table(runs);
  console.log("takeover replay", replay);
  console.table(leases);
  console.log(`written ${file}`);
} finally {
  await pool.end();
  redis.disconnect();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
}
