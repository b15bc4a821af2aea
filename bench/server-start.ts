/**
 * `npx tsx bench/server-start.ts [built|tsx]`: how long the server takes from
 * process start to /healthz answering 200, and its memory then, three runs
 * each on an already-seeded PGlite data directory and on PostgreSQL
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL's server, an already-migrated
 * throwaway database). `built` starts `node` on the server build (`npm run
 * build` first), `tsx` the sources through tsx's loader, as `npm run serve`
 * did before decision 0046. Prints the figures and the served process tree.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { serverNodeFlags } from "../src/server/built-server.ts";
import { benchAdminUrl, builtServerArgs, createPostgresDatabase, sleep } from "./lib/bench-kit.ts";

const RUNS = 3;
const variants = { built: () => builtServerArgs(), tsx: () => [...serverNodeFlags, "--import", "tsx", "src/server/main.ts"] } as const;
const variant = z.enum(["built", "tsx"], { error: "bench/server-start.ts [built|tsx]" }).parse(process.argv[2] ?? "built");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** The process and its descendants: pid, command line, resident KB (Linux /proc). */
function processTree(root: number): { pid: number; command: string; rssKb: number }[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index++) for (const [pid, parent] of parents) if (parent === tree[index]) tree.push(pid);
  return tree.map((pid) => ({
    pid,
    command: readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim(),
    rssKb: Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0),
  }));
}

interface StartFigures {
  readonly startMs: number;
  readonly serverRssMb: number;
  readonly treeRssMb: number;
  readonly tree: string[];
}

async function startOnce(env: Record<string, string>): Promise<StartFigures> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, variants[variant](), {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", REDIS_URL: "", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.status === 200, () => false);
      if (ok) break;
      await sleep(10);
    }
    const startMs = Math.round(performance.now() - began);
    await sleep(1000);
    const tree = processTree(child.pid ?? 0);
    const mb = (kb: number) => Math.round(kb / 1024);
    return { startMs, serverRssMb: mb(tree[0]?.rssKb ?? 0), treeRssMb: mb(tree.reduce((sum, entry) => sum + entry.rssKb, 0)), tree: tree.map((entry) => `${entry.pid} ${entry.command}`) };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

async function measure(label: string, env: Record<string, string>): Promise<void> {
  await startOnce(env); // Migrates and seeds: the runs below start on a ready database.
  for (let run = 1; run <= RUNS; run++) {
    const figures = await startOnce(env);
    console.log(`${variant} ${label} run ${run}: ${figures.startMs} ms to /healthz 200, RSS ${figures.serverRssMb} MB (process tree ${figures.treeRssMb} MB)`);
    if (run === 1) for (const line of figures.tree) console.log(`  ${line}`);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "kingside-start-"));
try {
  await measure("pglite", { DATA_DIR: dataDir, SEED_DEMO_DATA: "1" });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
const database = await createPostgresDatabase(benchAdminUrl(), "ks_bench_start");
try {
  await measure("postgres", { DATABASE_URL: database.url, SEED_DEMO_DATA: "1" });
} finally {
  await database.drop();
}
