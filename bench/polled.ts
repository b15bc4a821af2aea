/**
 * `npm run bench -- polled` (issue 20 item 9, decision 0047): the JSON calls a
 * page polls, each against a bare Fastify hello route in the same run. The
 * site runs in production mode on a throwaway PostgreSQL database with the
 * demo data; each call is measured as a cookie-less visitor asks it (no
 * cookie, no compression asked) and, where a browser would, with a signed-in
 * member's cookies and `accept-encoding: br`. The lobby list is the socket
 * command the lobby page sends (seek.lobby), asked on 1,000 anonymous
 * sockets, 4 times a second each (the hub allows 5). Server CPU per request is the
 * site process's CPU time over the run divided by the requests it answered.
 * BENCH_POLLED_PROFILE=1 profiles the site over the run (decision 0067).
 */
import { randomBytes } from "node:crypto";
import { inArray } from "drizzle-orm";
import { hashSessionToken } from "../src/features/accounts/sessions.service.server.ts";
import { sessionCookieName } from "../src/features/accounts/session-cookie.server.ts";
import { sessions, users } from "../src/features/accounts/accounts.tables.server.ts";
import { openDatabase } from "../src/platform/db/client.server.ts";
import { createPostgresDatabase } from "../src/test/databases.ts";
import { benchAdminUrl, processUsage, round } from "./lib/bench-kit.ts";
import { measure, type LoadResult } from "./lib/load.ts";
import { measureSocketCommand } from "./lib/socket-calls.ts";
import { startBareFastify, startKingside, type RunningServer } from "./lib/servers.ts";

export interface PolledResult extends LoadResult {
  readonly relativeToBare: number;
  /** The answering process's CPU time per request, in milliseconds. */
  readonly serverCpuMsPerRequest: number;
}

/** Demo members whose presence the bench asks for (three ids, as a page with three names does). */
const PRESENCE_OF = ["alice", "bob", "carla"];

/** A session for the demo member alice, written straight into the table, and the cookies a browser holds with it after a page. */
async function signedInCookies(site: RunningServer, databaseUrl: string): Promise<{ cookie: string; presenceIds: string }> {
  const handle = await openDatabase({ databaseUrl, dataDir: "memory://", poolSize: 1 });
  try {
    const members = await handle.db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, PRESENCE_OF));
    const alice = members.find((member) => member.username === "alice");
    if (!alice || members.length !== PRESENCE_OF.length) throw new Error("the demo members are missing");
    const token = randomBytes(24).toString("base64url");
    await handle.db.insert(sessions).values({ tokenHash: hashSessionToken(token), userId: alice.id, expiresAt: new Date(Date.now() + 3_600_000) });
    // The plain cookie name: the bench server serves plain http (HTTPS_ONLY=0).
    const session = `${sessionCookieName({ secure: false })}=${token}`;
    const page = await fetch(`${site.baseUrl}/home`, { headers: { cookie: session } });
    const minted = page.headers.getSetCookie().map((line) => line.split(";")[0] ?? "");
    return { cookie: [session, ...minted].join("; "), presenceIds: members.map((member) => member.id).join(",") };
  } finally {
    await handle.close();
  }
}

const seconds = Number(process.env.BENCH_SECONDS ?? 8);

/** A load run with the answering process's CPU time over it. */
async function withServerCpu(server: RunningServer, run: () => Promise<LoadResult>): Promise<LoadResult & { serverCpuMs: number }> {
  const before = processUsage(server.pid).cpuMs;
  const result = await run();
  return { ...result, serverCpuMs: processUsage(server.pid).cpuMs - before };
}

function measureOn(server: RunningServer, name: string, path: string, headers: Record<string, string> = {}) {
  return withServerCpu(server, () => measure(name, `${server.baseUrl}${path}`, { seconds, headers }));
}

export async function runPolledBench(): Promise<{ results: PolledResult[] }> {
  const database = await createPostgresDatabase(benchAdminUrl(), "ks_bench_polled");
  const bare = await startBareFastify();
  let site: RunningServer | null = null;
  try {
    // BENCH_POLLED_PROFILE=1: the site writes a --cpu-prof profile to bench/results/profiles when it stops.
    const profile = process.env.BENCH_POLLED_PROFILE === "1" ? ["--cpu-prof", "--cpu-prof-dir=bench/results/profiles"] : [];
    const running = await startKingside({ DATABASE_URL: database.url, SEED_DEMO_DATA: "1" }, profile);
    site = running;
    const { cookie, presenceIds } = await signedInCookies(running, database.url);
    const browser = { cookie, "accept-encoding": "br" };
    const measured = [
      await measureOn(bare, "bare fastify /hello", "/hello"),
      await measureOn(running, "presence of 3, cookie-less", `/callback/presence?ids=${presenceIds}`),
      await measureOn(running, "presence of 3, signed in, br", `/callback/presence?ids=${presenceIds}`, browser),
      await measureOn(running, "card JSON, cookie-less", "/callback/user/popup/bob"),
      await measureOn(running, "card JSON, signed in, br", "/callback/user/popup/bob", browser),
      await measureOn(running, "notification count, signed in", "/callback/notifications/unread", browser),
      // The lobby page reads its list over its socket (seek.lobby, on every (re)subscription), not by HTTP.
      await withServerCpu(running, () => measureSocketCommand("lobby list, socket seek.lobby", `${running.baseUrl.replace(/^http/, "ws")}/ws`, "seek.lobby", {}, { seconds })),
    ];
    const bareRate = measured[0]?.requestsPerSecond ?? 1;
    const results = measured.map(({ serverCpuMs, ...result }) => ({
      ...result,
      relativeToBare: round(result.requestsPerSecond / bareRate),
      serverCpuMsPerRequest: Math.round((serverCpuMs / Math.max(1, result.requestsServed)) * 1000) / 1000,
    }));
    console.table(results.map(({ name, requestsPerSecond, latencyP50Ms, latencyP99Ms, relativeToBare, serverCpuMsPerRequest, non2xx }) => ({ name, requestsPerSecond, latencyP50Ms, latencyP99Ms, relativeToBare, serverCpuMsPerRequest, non2xx })));
    return { results };
  } finally {
    await Promise.all([bare.stop(), site?.stop()]);
    await database.drop();
  }
}
