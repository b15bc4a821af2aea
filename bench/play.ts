import { randomBytes, randomInt } from "node:crypto";
import { loadavg } from "node:os";
import { Redis } from "ioredis";
import { WebSocket } from "ws";
import { createClock } from "../src/chess/clock.ts";
import { users } from "../src/features/accounts/accounts.tables.server.ts";
import { hashSessionToken } from "../src/features/accounts/sessions.service.server.ts";
import { sessionCookieName } from "../src/features/accounts/session-cookie.server.ts";
import { clockColumns } from "../src/features/play/games/game-clock.server.ts";
import { games } from "../src/features/play/play.tables.server.ts";
import { sessions } from "../src/features/accounts/accounts.tables.server.ts";
import { openDatabase } from "../src/platform/db/client.server.ts";
import { scriptedGames } from "./game-hold/scenario.ts";
import { addressOf, benchAdminUrl, cpuBetween, createPostgresDatabase, openAll, percentile, postgresCpuMs, processUsage, round, sleep, startProcess, startServerOn } from "./lib/bench-kit.ts";

/**
 * The play benchmark (issue 9): concurrent live games over loopback
 * WebSockets against the real server (its own process, on PostgreSQL), two
 * players and three spectators per game, each move after a random think time,
 * the load generator in this process on the same machine. Measures moves per
 * second, p50/p99 from sending a move to its ack and to each spectator's
 * receipt, the server's memory per socket and CPU, and a bare `ws` echo with
 * as many sockets at the same message rate, for scale.
 *
 * Env: BENCH_DATABASE_URL or TEST_DATABASE_URL (admin URL; a throwaway
 * database is made and dropped), BENCH_PLAY_GAMES (default 1000),
 * BENCH_PLAY_RATE (moves/s offered, default 2000), BENCH_PLAY_SECONDS
 * (default 15), BENCH_PLAY_PROFILE=1 (the server writes a --cpu-prof profile
 * to bench/results/profiles).
 *
 * With `instances: 2` (`npm run bench -- play2`) two servers share the
 * database and a Redis bus (BENCH_REDIS_URL, default database 9 of the local
 * Redis, flushed first): each game's white player is on one instance, its
 * black player on the other, spectators alternate, so every move crosses the
 * bus to reach the opponent and half the spectators. CPU figures are the sum
 * of both servers.
 */
export interface PlayBenchFigures {
  readonly instances: number;
  readonly games: number;
  readonly sockets: number;
  readonly offeredMovesPerSecond: number;
  readonly seconds: number;
  readonly movesPerSecond: number;
  readonly ackP50Ms: number;
  readonly ackP99Ms: number;
  readonly spectatorP50Ms: number;
  readonly spectatorP99Ms: number;
  readonly refusals: Record<string, number>;
  /** Acks slower than 50 ms, grouped into bursts by when their moves were sent. */
  readonly slowMoves: { readonly thresholdMs: number; readonly count: number; readonly bursts: readonly { readonly atSeconds: number; readonly moves: number; readonly maxMs: number }[] };
  readonly serverCpuPercent: number;
  /** The PostgreSQL backends of the bench's database, in % of one core (the shared WAL writer is not counted). */
  readonly postgresCpuPercent: number;
  /**
   * CPU milliseconds per acknowledged move: the server, its PostgreSQL
   * backends, the load generator. Unlike latency these hold when the shared
   * machine is overloaded; 2,000 ms of CPU per second over their sum is the
   * most this machine could move.
   */
  readonly cpuMsPerMove: { readonly server: number; readonly postgres: number; readonly loadGenerator: number };
  readonly loadGeneratorCpuPercent: number;
  /** The machine's 1-minute load average before and after the measured window (it is shared: figures are noisy). */
  readonly loadAverage: { readonly before: number; readonly after: number };
  readonly serverRssMb: number;
  readonly serverBytesPerSocket: number;
  readonly bareWs: { readonly messagesPerSecond: number; readonly rttP50Ms: number; readonly rttP99Ms: number; readonly serverCpuPercent: number; readonly serverBytesPerSocket: number };
  readonly profile: string | null;
}

const SPECTATORS = 3;

interface Socket {
  readonly ws: WebSocket;
  onMessage(handler: (message: { type: string; data: Record<string, unknown> }) => void): void;
}

function openSocket(url: string, index: number, cookie?: string): Promise<Socket> {
  const ws = new WebSocket(url, { localAddress: addressOf(index), headers: cookie ? { cookie } : {}, perMessageDeflate: false });
  const handlers: Array<(message: { type: string; data: Record<string, unknown> }) => void> = [];
  ws.on("message", (raw: Buffer) => {
    const message = JSON.parse(raw.toString()) as { type: string; data: Record<string, unknown> };
    for (const handler of handlers) handler(message);
  });
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve({ ws, onMessage: (handler) => handlers.push(handler) }));
    ws.once("error", reject);
  });
}

/** Players (with sessions) and their games, written straight into the tables: the bench measures moves, not sign-ins. */
async function prepareGames(databaseUrl: string, count: number): Promise<{ gameIds: number[]; cookies: string[] }> {
  const handle = await openDatabase({ databaseUrl, dataDir: "memory://", poolSize: 2 });
  try {
    const tag = randomBytes(3).toString("hex");
    const members = await handle.db
      .insert(users)
      .values(Array.from({ length: 2 * count }, (_, index) => ({ username: `pb${tag}_${index}`, usernameKey: `pb${tag}_${index}`, membershipLevel: 10 })))
      .returning({ id: users.id });
    const tokens = members.map(() => randomBytes(24).toString("base64url"));
    const expiresAt = new Date(Date.now() + 3_600_000);
    await handle.db.insert(sessions).values(members.map((member, index) => ({ tokenHash: hashSessionToken(tokens[index] ?? ""), userId: member.id, expiresAt })));
    const control = { kind: "live", baseSeconds: 1800, incrementSeconds: 0 } as const;
    const fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const rows = await handle.db
      .insert(games)
      .values(
        Array.from({ length: count }, (_, index) => ({
          rules: "standard",
          speed: "live",
          ratingType: "rapid",
          rated: false,
          baseSeconds: control.baseSeconds,
          incrementSeconds: control.incrementSeconds,
          whiteId: members[2 * index]?.id ?? 0,
          blackId: members[2 * index + 1]?.id ?? 0,
          initialFen: fen,
          fen,
          ...clockColumns(createClock(control)),
          deadlineAt: new Date(Date.now() + 600_000),
        })),
      )
      .returning({ id: games.id });
    // The bench servers serve plain http (HTTPS_ONLY=0): the session cookie has its plain name.
    return { gameIds: rows.map((row) => row.id), cookies: tokens.map((token) => `${sessionCookieName({ secure: false })}=${token}`) };
  } finally {
    await handle.close();
  }
}

export async function runPlayBench(options: { readonly instances: 1 | 2 } = { instances: 1 }): Promise<PlayBenchFigures> {
  const adminUrl = benchAdminUrl();
  const gameCount = Number(process.env.BENCH_PLAY_GAMES ?? 1000);
  const offered = Number(process.env.BENCH_PLAY_RATE ?? 2000);
  const seconds = Number(process.env.BENCH_PLAY_SECONDS ?? 15);
  const profileDir = process.env.BENCH_PLAY_PROFILE === "1" ? "bench/results/profiles" : null;
  const meanThinkMs = (gameCount / offered) * 1000;
  const scripts = scriptedGames(64, 400);

  const database = await createPostgresDatabase(adminUrl, "kingside_play_bench");
  const redisUrl = options.instances > 1 ? await freshBenchRedis() : "";
  const servers = await Promise.all(
    Array.from({ length: options.instances }, (_, index) =>
      startServerOn(database.url, `play-bench-${index}`, { env: { REDIS_URL: redisUrl }, ...(profileDir ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] } : {}) }),
    ),
  );
  const bare = await startProcess(["--import", "tsx", "bench/bare-ws.ts"], {}, /listening (ws:\/\/\S+)/);
  try {
    const serverPids = servers.map((server) => server.child.pid ?? 0);
    const wsUrls = servers.map((server) => `${server.url.replace(/^http/, "ws").replace("0.0.0.0", "127.0.0.1")}/ws`);
    /** Socket `index` of a kind goes to this instance: white and black of a game apart, spectators in turn. */
    const wsUrlOf = (index: number) => wsUrls[index % wsUrls.length] ?? "";
    const { gameIds, cookies } = await prepareGames(database.url, gameCount);
    await sleep(1_000);
    const idle = serversUsage(serverPids);

    // Two players and three spectators per game, each subscribed to the game's room.
    const playerSockets = await openAll(2 * gameCount, (index) => openSocket(wsUrlOf(index), index, cookies[index]));
    const spectatorSockets = await openAll(SPECTATORS * gameCount, (index) => openSocket(wsUrlOf(index), 2 * gameCount + index));
    const subscribe = async (socket: Socket, gameId: number) => {
      const subscribed = new Promise<void>((resolve) => socket.onMessage((message) => message.type === "subscribed" && resolve()));
      socket.ws.send(JSON.stringify({ type: "subscribe", data: { room: `game:${gameId}` } }));
      await subscribed;
    };
    for (let start = 0; start < gameCount; start += 100) {
      await Promise.all(
        gameIds.slice(start, start + 100).flatMap((gameId, offset) => {
          const index = start + offset;
          const own = [playerSockets[2 * index], playerSockets[2 * index + 1], ...spectatorSockets.slice(SPECTATORS * index, SPECTATORS * index + SPECTATORS)];
          return own.flatMap((socket) => (socket ? [subscribe(socket, gameId)] : []));
        }),
      );
    }
    const socketCount = playerSockets.length + spectatorSockets.length;
    await sleep(2_000);
    const connected = serversUsage(serverPids);

    // Spectators' receipt of each move: (game, ply after the move) -> when it was sent.
    const sentAt = new Map<string, number>();
    const spectatorLatencies: number[] = [];
    let measuring = false;
    for (const [index, socket] of spectatorSockets.entries()) {
      const gameId = gameIds[Math.floor(index / SPECTATORS)];
      socket.onMessage((message) => {
        if (!measuring || message.type !== "event" || message.data.type !== "game.move") return;
        const payload = message.data.payload as { ply: number };
        const sent = sentAt.get(`${gameId}:${payload.ply}`);
        if (sent !== undefined) spectatorLatencies.push(performance.now() - sent);
      });
    }

    const ackLatencies: number[] = [];
    /** Acks slower than SLOW_MOVE_MS, with when their move was sent: do the slow ones come in bursts, and how often? */
    const slowMoves: { readonly sentAt: number; readonly latencyMs: number }[] = [];
    const refusals: Record<string, number> = {};
    let acked = 0;
    let stop = false;
    let requestSeq = 0;
    const play = async (index: number) => {
      const gameId = gameIds[index] ?? 0;
      const moves = scripts[index % scripts.length] ?? [];
      const pending = new Map<string, (answer: { type: string; data: Record<string, unknown> }) => void>();
      for (const side of [0, 1]) {
        playerSockets[2 * index + side]?.onMessage((message) => {
          if (message.type !== "ack" && message.type !== "refusal") return;
          const id = String(message.data.id);
          pending.get(id)?.(message);
          pending.delete(id);
        });
      }
      for (let ply = 0; ply < moves.length && !stop; ply++) {
        // Human-like: a random think time, exponential around the mean that offers the wanted rate.
        await sleep(-Math.log(1 - Math.random()) * meanThinkMs);
        if (stop) return;
        const socket = playerSockets[2 * index + (ply % 2)];
        if (!socket) return;
        const id = `m${(requestSeq += 1)}`;
        const started = performance.now();
        sentAt.set(`${gameId}:${ply + 1}`, started);
        const answer = await new Promise<{ type: string; data: Record<string, unknown> }>((resolve) => {
          pending.set(id, resolve);
          socket.ws.send(JSON.stringify({ type: "command", data: { id, name: "game.move", input: { gameId, ply, uci: moves[ply] } } }));
        });
        if (!measuring) continue;
        if (answer.type === "ack") {
          const latency = performance.now() - started;
          ackLatencies.push(latency);
          if (latency > SLOW_MOVE_MS) slowMoves.push({ sentAt: started, latencyMs: latency });
          acked += 1;
        } else {
          const code = String(answer.data.code);
          refusals[code] = (refusals[code] ?? 0) + 1;
          return;
        }
      }
    };

    const players = gameIds.map((_, index) => play(index));
    await sleep(3_000); // warm-up: JIT, caches, pools
    measuring = true;
    const cpuBefore = serversUsage(serverPids).cpuMs;
    const postgresBefore = postgresCpuMs(database.name);
    const loadBefore = loadavg()[0] ?? 0;
    const localBefore = process.cpuUsage();
    const startedAt = performance.now();
    await sleep(seconds * 1000);
    const elapsed = (performance.now() - startedAt) / 1000;
    measuring = false;
    const serverCpuMs = serversUsage(serverPids).cpuMs - cpuBefore;
    const serverCpuPercent = round((serverCpuMs / (elapsed * 1000)) * 100);
    const postgresCpuMsUsed = cpuBetween(postgresBefore, postgresCpuMs(database.name));
    const postgresCpuPercent = round((postgresCpuMsUsed / (elapsed * 1000)) * 100);
    const loadAfter = loadavg()[0] ?? 0;
    const local = process.cpuUsage(localBefore);
    const loadGeneratorCpuMs = (local.user + local.system) / 1000;
    const loadGeneratorCpuPercent = round((loadGeneratorCpuMs / (elapsed * 1000)) * 100);
    const movesPerSecond = round(acked / elapsed);
    stop = true;
    await Promise.race([Promise.all(players), sleep(10_000)]);
    for (const socket of [...playerSockets, ...spectatorSockets]) socket.ws.terminate();

    // About as many frames as the play run moved (a move is a command, its ack and five events; an echo is two frames).
    const bareFigures = await bareEcho(bare.url, bare.child.pid ?? 0, socketCount, movesPerSecond * 3.5, seconds);
    ackLatencies.sort((a, b) => a - b);
    spectatorLatencies.sort((a, b) => a - b);
    return {
      instances: options.instances,
      games: gameCount,
      sockets: socketCount,
      offeredMovesPerSecond: offered,
      seconds,
      movesPerSecond,
      ackP50Ms: percentile(ackLatencies, 50),
      ackP99Ms: percentile(ackLatencies, 99),
      spectatorP50Ms: percentile(spectatorLatencies, 50),
      spectatorP99Ms: percentile(spectatorLatencies, 99),
      refusals,
      slowMoves: slowMoveBursts(slowMoves, startedAt),
      serverCpuPercent,
      postgresCpuPercent,
      loadGeneratorCpuPercent,
      loadAverage: { before: round(loadBefore), after: round(loadAfter) },
      cpuMsPerMove: { server: round(serverCpuMs / Math.max(1, acked)), postgres: round(postgresCpuMsUsed / Math.max(1, acked)), loadGenerator: round(loadGeneratorCpuMs / Math.max(1, acked)) },
      serverRssMb: round(connected.rssBytes / 1_048_576),
      serverBytesPerSocket: Math.round((connected.rssBytes - idle.rssBytes) / socketCount),
      bareWs: bareFigures,
      profile: profileDir,
    };
  } finally {
    await Promise.all([...servers.map((server) => server.stop()), bare.stop()]);
    await database.drop();
  }
}

/**
 * The same number of sockets on a bare `ws` echo server, sending as many
 * frames per second as the play run sent and received, at random intervals:
 * what the socket layer alone costs on this machine.
 */
async function bareEcho(url: string, pid: number, socketCount: number, framesPerSecond: number, seconds: number): Promise<PlayBenchFigures["bareWs"]> {
  const idle = processUsage(pid);
  const sockets = await openAll(socketCount, (index) => openSocket(url, index));
  await sleep(1_000);
  const connected = processUsage(pid);
  const meanGapMs = (socketCount / Math.max(1, framesPerSecond)) * 1000;
  const latencies: number[] = [];
  let stop = false;
  let measuring = false;
  let echoed = 0;
  const loops = sockets.map(async (socket) => {
    let waiting: (() => void) | undefined;
    socket.ws.on("message", () => waiting?.());
    while (!stop) {
      await sleep(-Math.log(1 - Math.random()) * meanGapMs);
      if (stop) return;
      const started = performance.now();
      await new Promise<void>((resolve) => {
        waiting = resolve;
        socket.ws.send(JSON.stringify({ type: "command", data: { id: String(randomInt(1e9)), name: "echo", input: { text: "e2e4" } } }));
      });
      if (measuring) {
        latencies.push(performance.now() - started);
        echoed += 1;
      }
    }
  });
  await sleep(2_000);
  measuring = true;
  const cpuBefore = processUsage(pid).cpuMs;
  const startedAt = performance.now();
  await sleep(seconds * 1000);
  const elapsed = (performance.now() - startedAt) / 1000;
  measuring = false;
  const cpu = processUsage(pid).cpuMs - cpuBefore;
  stop = true;
  await Promise.race([Promise.all(loops), sleep(5_000)]);
  for (const socket of sockets) socket.ws.terminate();
  latencies.sort((a, b) => a - b);
  return {
    messagesPerSecond: round(echoed / elapsed),
    rttP50Ms: percentile(latencies, 50),
    rttP99Ms: percentile(latencies, 99),
    serverCpuPercent: round((cpu / (elapsed * 1000)) * 100),
    serverBytesPerSocket: Math.round((connected.rssBytes - idle.rssBytes) / socketCount),
  };
}

/** Memory and CPU of the bench's servers together. */
function serversUsage(pids: readonly number[]): { rssBytes: number; cpuMs: number } {
  return pids.map(processUsage).reduce((sum, usage) => ({ rssBytes: sum.rssBytes + usage.rssBytes, cpuMs: sum.cpuMs + usage.cpuMs }), { rssBytes: 0, cpuMs: 0 });
}

/** The two-instance run's Redis: its own logical database, emptied, so no other run's keys or channels mix in. */
async function freshBenchRedis(): Promise<string> {
  const url = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/9";
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  redis.disconnect();
  return url;
}

/** A move acknowledged later than this counts as slow in the report's bursts. */
const SLOW_MOVE_MS = 50;

/**
 * The slow moves grouped into bursts (moves sent within 250 ms of the previous
 * slow one), each with when it began in the measured window: a tail that comes
 * in bursts at a steady period points at periodic work (a job, a vacuum, a
 * collection), one spread evenly at queueing.
 */
function slowMoveBursts(slow: readonly { readonly sentAt: number; readonly latencyMs: number }[], windowStart: number) {
  const sorted = [...slow].sort((a, b) => a.sentAt - b.sentAt);
  const bursts: { atSeconds: number; moves: number; maxMs: number }[] = [];
  let last = -Infinity;
  for (const move of sorted) {
    const current = bursts[bursts.length - 1];
    if (current && move.sentAt - last < 250) {
      current.moves += 1;
      current.maxMs = Math.max(current.maxMs, round(move.latencyMs));
    } else {
      bursts.push({ atSeconds: round((move.sentAt - windowStart) / 1000), moves: 1, maxMs: round(move.latencyMs) });
    }
    last = move.sentAt;
  }
  return { thresholdMs: SLOW_MOVE_MS, count: sorted.length, bursts: bursts.slice(0, 40) };
}

