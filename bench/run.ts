import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { measure, type LoadResult } from "./lib/load.ts";
import { startBareFastify, startKingside } from "./lib/servers.ts";
import { runClubsBench } from "./clubs.ts";
import { runLeaderboardsBench } from "./leaderboards.ts";
import { runPlayBench } from "./play.ts";
import { runPolledBench } from "./polled.ts";

/**
 * `npm run bench`: the home page and /healthz of the real site against a bare
 * Fastify hello route, in the same run on the same machine, so the figures
 * compare. Results go to bench/results/<timestamp>.json.
 *
 * With BENCH_DATABASE_URL (PostgreSQL seeded by `npm run seed -- --members
 * 1000000`), a second instance serves that database and the member popover
 * JSON, the member page, presence and member search are measured on it too.
 *
 * Then the play benchmark (bench/play.ts: live games over WebSockets on
 * PostgreSQL) writes bench/results/play-<timestamp>.json, and the clubs
 * benchmark (bench/clubs.ts: a 2,000-member chat room, the pages of a
 * 100,000-member club) bench/results/clubs-<timestamp>.json. `npm run bench
 * -- http`, `-- play`, `-- play2` (the play benchmark on two instances and a
 * Redis bus) or `-- clubs` runs one of them; `-- polled` (bench/polled.ts:
 * the JSON calls pages poll, on a throwaway PostgreSQL database) writes
 * bench/results/polled-<timestamp>.json; `-- leaderboards` (bench/leaderboards.ts:
 * a million ranked players on a throwaway PostgreSQL database) writes
 * bench/results/leaderboards-<timestamp>.json.
 */
const modes = ["http", "polled", "play", "play2", "clubs", "leaderboards"] as const;
const only = process.argv[2];
if (only !== undefined && !(modes as readonly string[]).includes(only)) throw new Error(`npm run bench [${modes.join("|")}], not "${only}"`);
if (only === undefined || only === "http") await runHttpBench();
if (only === undefined || only === "polled") writeReport("polled", await runPolledBench());
if (only === undefined || only === "play") writeReport("play", await runPlayBench());
if (only === undefined || only === "play2") writeReport("play-two-instances", await runPlayBench({ instances: 2 }));
if (only === undefined || only === "clubs") writeReport("clubs", await runClubsBench());
if (only === undefined || only === "leaderboards") writeReport("leaderboards", await runLeaderboardsBench());

/** A benchmark's figures with the machine and the date, printed and written to bench/results/<name>-<timestamp>.json. */
function writeReport(benchmark: string, figures: object): void {
  const report = { benchmark, date: new Date().toISOString(), node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? "unknown", ...figures };
  mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/${benchmark}-${report.date.replace(/[:.]/g, "-")}.json`;
  writeFileSync(file, JSON.stringify(report, null, 2) + "\n");
  console.log(JSON.stringify(report, null, 2));
  console.log(`written ${file}`);
}

async function runHttpBench(): Promise<void> {
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const millionUrl = process.env.BENCH_DATABASE_URL;

const bare = await startBareFastify();
const site = await startKingside().catch(async (error: unknown) => {
  await bare.stop();
  throw error;
});
const results: LoadResult[] = [];
try {
  results.push(await measure("bare fastify /hello", `${bare.baseUrl}/hello`, { seconds }));
  results.push(await measure("kingside /healthz", `${site.baseUrl}/healthz`, { seconds }));
  results.push(await measure("kingside /home (SSR page)", `${site.baseUrl}/home`, { seconds }));
  results.push(await measure("kingside /es/clubs (SSR page)", `${site.baseUrl}/es/clubs`, { seconds }));
  if (millionUrl) {
    const million = await startKingside({ DATABASE_URL: millionUrl, SEED_DEMO_DATA: "0" });
    try {
      const presenceIds = Array.from({ length: 25 }, (_, index) => 424_000 + index * 7).join(",");
      results.push(await measure("1M: popover JSON /callback/user/popup", `${million.baseUrl}/callback/user/popup/bench_424242`, { seconds }));
      results.push(await measure("1M: member page /member/:username", `${million.baseUrl}/member/bench_424242`, { seconds }));
      results.push(await measure("1M: presence of 25 /callback/presence", `${million.baseUrl}/callback/presence?ids=${presenceIds}`, { seconds }));
      results.push(await measure("1M: member search /callback/user/search", `${million.baseUrl}/callback/user/search/bench_4242`, { seconds }));
    } finally {
      await million.stop();
    }
  }
} finally {
  await Promise.all([bare.stop(), site.stop()]);
}

const baseline = results[0]?.requestsPerSecond ?? 1;
const report = {
  benchmark: "http-pages",
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? "unknown",
  seconds,
  results: results.map((result) => ({ ...result, relativeToBare: Number((result.requestsPerSecond / baseline).toFixed(3)) })),
};
mkdirSync("bench/results", { recursive: true });
const file = `bench/results/http-pages-${report.date.replace(/[:.]/g, "-")}.json`;
writeFileSync(file, JSON.stringify(report, null, 2) + "\n");
console.table(report.results.map(({ name, requestsPerSecond, latencyP50Ms, latencyP99Ms, relativeToBare, non2xx }) => ({ name, requestsPerSecond, latencyP50Ms, latencyP99Ms, relativeToBare, non2xx })));
console.log(`written ${file}`);
const failed = results.filter((result) => result.non2xx > 0 || result.errors > 0);
if (failed.length > 0) {
  console.error(`non-2xx answers or errors in: ${failed.map((result) => result.name).join(", ")}`);
  process.exitCode = 1;
}
}
