/**
 * What the socket and PostgreSQL benchmarks share: a throwaway database, the
 * real server in its own process, the process's memory and CPU from /proc,
 * sockets spread over loopback addresses, percentiles.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import pg from "pg";
import { builtServerEntry, serverNodeFlags } from "../../src/server/built-server.ts";
import { createPostgresDatabase } from "../../src/test/databases.ts";

/** The hub allows 50 sockets per client address: the load spreads over 127.0.0.0/8. */
const SOCKETS_PER_ADDRESS = 40;

export const round = (value: number): number => Math.round(value * 100) / 100;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The p-th percentile of ascending values (nearest rank), rounded to 0.01. */
export const percentile = (sorted: ArrayLike<number>, p: number): number => round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

/** The loopback address the index-th socket connects from. */
export const addressOf = (index: number): string => `127.0.${1 + Math.floor(index / SOCKETS_PER_ADDRESS / 250)}.${1 + (Math.floor(index / SOCKETS_PER_ADDRESS) % 250)}`;

/** A process's resident memory and CPU time so far (Linux /proc). */
export function processUsage(pid: number): { rssBytes: number; cpuMs: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  return { rssBytes: rssKb * 1024, cpuMs: ticks * 10 };
}

/**
 * CPU time so far of the PostgreSQL backends serving one database (their
 * process titles name it), per process: the server is shared with other
 * helpers' tests, whose backends are left out.
 */
export function postgresCpuMs(database: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(` ${database} `)) continue;
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      byPid.set(Number(entry), (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10);
    } catch {
      // The process ended while we looked.
    }
  }
  return byPid;
}

/** CPU used between two samples by the processes still there at the second. */
export function cpuBetween(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

export interface BenchProcess {
  readonly child: ChildProcess;
  readonly url: string;
  stop(): Promise<void>;
}

/** A node process (args after `node`), resolved once its output matches `ready` (group 1: its URL). */
export function startProcess(args: string[], env: Record<string, string>, ready: RegExp): Promise<BenchProcess> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match?.[1]) {
        resolve({
          child,
          url: match[1].replace("localhost", "127.0.0.1"),
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited with ${code}:\n${output}`)));
  });
}

/**
 * `node`'s arguments for the server as it ships (`npm run serve`: the build,
 * with its flags), the given flags (e.g. --cpu-prof) before the entry.
 */
export function builtServerArgs(nodeArgs: readonly string[] = []): string[] {
  if (!existsSync(builtServerEntry)) throw new Error(`No server build at ${builtServerEntry}: run "npm run build" first.`);
  return [...serverNodeFlags, ...nodeArgs, builtServerEntry];
}

/** The real server on PostgreSQL, no demo data, no Redis (one instance), errors only in its log. */
export function startServerOn(databaseUrl: string, instanceId: string, options: { nodeArgs?: string[]; env?: Record<string, string> } = {}): Promise<BenchProcess> {
  return startProcess(
    builtServerArgs(options.nodeArgs),
    { PORT: "0", HOST: "0.0.0.0", DATABASE_URL: databaseUrl, REDIS_URL: "", SEED_DEMO_DATA: "0", LOG_LEVEL: "error", NODE_ENV: "", HTTPS_ONLY: "0", INSTANCE_ID: instanceId, ...options.env },
    /serving on (http:\/\/\S+)/,
  );
}

/** The admin URL benchmarks make their throwaway databases with. */
export const benchAdminUrl = (): string => process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** A fresh database next to the admin URL's, dropped (sessions forced out) by `drop`. */
export { createPostgresDatabase };

/** Runs statements on a database through one connection. */
export async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Opens sockets a batch at a time (a burst of thousands of handshakes only measures the accept queue). */
export async function openAll<T>(count: number, open: (index: number) => Promise<T>, batch = 200): Promise<T[]> {
  const opened: T[] = [];
  for (let start = 0; start < count; start += batch) {
    opened.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - start) }, (_, offset) => open(start + offset)))));
  }
  return opened;
}
