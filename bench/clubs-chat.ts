/**
 * The club chat benchmark (issue 11): one club of BENCH_CHAT_MEMBERS (2,000)
 * members, every one a real signed-in socket in the club's chat room on one
 * server instance (its own process, on PostgreSQL, no Redis), and
 * BENCH_CHAT_RATE (20) lines a second sent through `club.chat.send` for
 * BENCH_CHAT_SECONDS (30) after a warm-up. Every receipt of every line by
 * every member is timed from its send; a line that some member never got is
 * counted lost.
 *
 * The chat's flood limit (5 lines per member in 10 s, in the database) and
 * the hub's command rate (5 a second per socket) are left as they are: the
 * lines come round-robin from distinct members, so at 20 a second over 2,000
 * members each sends about once in 100 s and no limit is reached (a refusal
 * would show in `refusals`).
 *
 * The sockets live in BENCH_CHAT_GENERATORS (2) forked processes
 * (bench/lib/chat-members.ts), each with its share of members and of the send
 * rate; this process only seeds, orchestrates and adds up.
 */
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { sessionCookieName } from "../src/features/accounts/session-cookie.server.ts";
import { benchAdminUrl, createPostgresDatabase, percentile, processUsage, round, sleep, startServerOn, withClient } from "./lib/bench-kit.ts";
import type { ChatMembersReply, ChatMembersReport, ChatMembersRequest, ChatMembersSetup } from "./lib/chat-members.ts";

export interface ClubChatBenchFigures {
  readonly members: number;
  readonly generators: number;
  readonly offeredLinesPerSecond: number;
  readonly seconds: number;
  readonly linesAcked: number;
  readonly refusals: Record<string, number>;
  readonly ack: { readonly p50Ms: number; readonly p99Ms: number; readonly maxMs: number };
  /** Every receipt by every member, send to receipt. */
  readonly receipt: { readonly count: number; readonly p50Ms: number; readonly p99Ms: number; readonly maxMs: number };
  /** Per line, when its last member got it. */
  readonly lastMember: { readonly p50Ms: number; readonly p99Ms: number; readonly maxMs: number };
  readonly receiptsExpected: number;
  readonly lost: number;
  readonly duplicates: number;
  /** cpuMsPerLine: the server's CPU time per line sent (steadier than latency on a shared machine): storing it and 2,000 frames out. */
  readonly server: { readonly idleRssMb: number; readonly connectedRssMb: number; readonly peakRssMb: number; readonly bytesPerSocket: number; readonly cpuPercent: number; readonly cpuMsPerLine: number };
  readonly loadGeneratorCpuPercent: number;
  readonly loadAverage: { readonly before: number; readonly after: number };
}

/** Members, their sessions and the club, straight into the tables in a few set-based statements (the bench measures the room, not sign-ups). */
async function seedClub(databaseUrl: string, count: number): Promise<{ clubId: number; cookies: string[] }> {
  const secret = randomBytes(12).toString("hex");
  return withClient(databaseUrl, async (client) => {
    await client.query("begin");
    const { rows: members } = await client.query<{ id: number }>(
      `insert into users (username, username_key, membership_level)
       select 'chat_' || g, 'chat_' || g, 10 from generate_series(1, $1::int) as g
       returning id`,
      [count],
    );
    const ids = members.map((row) => row.id).sort((a, b) => a - b);
    await client.query(
      `insert into sessions (token_hash, user_id, expires_at)
       select encode(sha256(convert_to($1 || id, 'UTF8')), 'hex'), id, now() + interval '2 hours' from unnest($2::int[]) as id`,
      [`${secret}-`, ids],
    );
    const { rows: clubRows } = await client.query<{ id: number }>(`insert into clubs (url, name, join_policy, member_count) values ('bench-chat', 'Bench chat', 'open', $1) returning id`, [count]);
    const clubId = clubRows[0]?.id ?? 0;
    await client.query(`insert into club_members (club_id, user_id) select $1, id from unnest($2::int[]) as id`, [clubId, ids]);
    await client.query(`insert into club_roles (club_id, user_id, role) values ($1, $2, 'owner')`, [clubId, ids[0]]);
    await client.query("commit");
    // The bench servers serve plain http (HTTPS_ONLY=0): the session cookie has its plain name.
    return { clubId, cookies: ids.map((id) => `${sessionCookieName({ secure: false })}=${secret}-${id}`) };
  });
}

/** A forked load generator, spoken to one request and one awaited reply at a time. */
function startGenerator(): { child: ChildProcess; ask(request: ChatMembersRequest, expected: ChatMembersReply["type"]): Promise<ChatMembersReply> } {
  const child = fork("bench/lib/chat-members.ts", [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return {
    child,
    ask: (request, expected) =>
      new Promise((resolve, reject) => {
        const onMessage = (reply: ChatMembersReply) => {
          if (reply.type !== expected) return;
          child.off("message", onMessage);
          child.off("exit", onExit);
          resolve(reply);
        };
        const onExit = (code: number | null) => reject(new Error(`chat load generator exited with ${code}`));
        child.on("message", onMessage);
        child.once("exit", onExit);
        child.send(request);
      }),
  };
}

const sorted = (values: readonly number[]): Float64Array => Float64Array.from(values).sort();
const spread = (values: Float64Array) => ({ p50Ms: percentile(values, 50), p99Ms: percentile(values, 99), maxMs: round(values[values.length - 1] ?? 0) });

export async function runClubChatBench(): Promise<ClubChatBenchFigures> {
  const memberCount = Number(process.env.BENCH_CHAT_MEMBERS ?? 2000);
  const rate = Number(process.env.BENCH_CHAT_RATE ?? 20);
  const seconds = Number(process.env.BENCH_CHAT_SECONDS ?? 30);
  const generatorCount = Number(process.env.BENCH_CHAT_GENERATORS ?? 2);
  const warmupSeconds = 5;

  const database = await createPostgresDatabase(benchAdminUrl(), "kingside_clubs_chat_bench");
  const generators: ReturnType<typeof startGenerator>[] = [];
  let server: Awaited<ReturnType<typeof startServerOn>> | undefined;
  try {
    server = await startServerOn(database.url, "clubs-chat-bench");
    const serverPid = server.child.pid ?? 0;
    const wsUrl = `${server.url.replace(/^http/, "ws").replace("0.0.0.0", "127.0.0.1")}/ws`;
    const { clubId, cookies } = await seedClub(database.url, memberCount);
    await sleep(1_000);
    const idle = processUsage(serverPid);

    const share = Math.ceil(memberCount / generatorCount);
    for (let generator = 0; generator < generatorCount; generator++) generators.push(startGenerator());
    await Promise.all(
      generators.map((generator, index) => {
        const setup: ChatMembersSetup = { wsUrl, clubId, room: `club-chat:${clubId}`, cookies: cookies.slice(index * share, (index + 1) * share), generator: index, firstIndex: index * share };
        return generator.ask({ type: "setup", setup }, "ready");
      }),
    );
    await sleep(2_000);
    const connected = processUsage(serverPid);

    let peakRss = connected.rssBytes;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, processUsage(serverPid).rssBytes)), 500);
    const loadBefore = loadavg()[0] ?? 0;
    const startedAt = performance.now();
    await Promise.all(generators.map((generator) => generator.ask({ type: "send", plan: { ratePerSecond: rate / generatorCount, warmupSeconds, seconds } }, "sent")));

    // Drain: wait until every acknowledged line reached every member, or give up after 20 s (what is missing then is lost).
    const drainUntil = performance.now() + 20_000;
    for (;;) {
      const counts = await Promise.all(generators.map((generator) => generator.ask({ type: "count" }, "count")));
      const receipts = counts.reduce((sum, count) => sum + (count.type === "count" ? count.receipts : 0), 0);
      const acked = counts.reduce((sum, count) => sum + (count.type === "count" ? count.acked : 0), 0);
      if (receipts >= acked * memberCount || performance.now() > drainUntil) break;
      await sleep(250);
    }
    const elapsedMs = performance.now() - startedAt;
    clearInterval(sampler);
    const serverCpuMs = processUsage(serverPid).cpuMs - connected.cpuMs;
    const loadAfter = loadavg()[0] ?? 0;

    const reports = (await Promise.all(generators.map((generator) => generator.ask({ type: "report" }, "report")))).flatMap((reply) => (reply.type === "report" ? [reply.report] : []));
    return summarise(reports, {
      memberCount,
      generatorCount,
      rate,
      seconds,
      elapsedMs,
      server: {
        idleRssMb: round(idle.rssBytes / 1_048_576),
        connectedRssMb: round(connected.rssBytes / 1_048_576),
        peakRssMb: round(peakRss / 1_048_576),
        bytesPerSocket: Math.round((connected.rssBytes - idle.rssBytes) / memberCount),
        cpuPercent: round((serverCpuMs / elapsedMs) * 100),
        cpuMsPerLine: round(serverCpuMs / Math.max(1, Math.round((warmupSeconds + seconds) * rate))),
      },
      loadAverage: { before: round(loadBefore), after: round(loadAfter) },
    });
  } finally {
    await Promise.all(
      generators.map((generator) =>
        generator.child.connected ? Promise.race([generator.ask({ type: "close" }, "closed"), sleep(5_000)]).catch(() => undefined) : Promise.resolve(undefined),
      ),
    );
    for (const generator of generators) if (generator.child.exitCode === null) generator.child.kill("SIGTERM");
    await server?.stop();
    await database.drop();
  }
}

function summarise(
  reports: readonly ChatMembersReport[],
  run: { memberCount: number; generatorCount: number; rate: number; seconds: number; elapsedMs: number; server: ClubChatBenchFigures["server"]; loadAverage: ClubChatBenchFigures["loadAverage"] },
): ClubChatBenchFigures {
  const acked = reports.flatMap((report) => report.acked);
  const refusals: Record<string, number> = {};
  for (const report of reports) for (const [code, times] of Object.entries(report.refusals)) refusals[code] = (refusals[code] ?? 0) + times;
  // A line's receipts and its last receipt over every process.
  const lines = new Map<number, { receipts: number; lastMs: number }>();
  for (const report of reports) {
    for (const [id, [receipts, lastMs]] of Object.entries(report.perLine)) {
      const line = lines.get(Number(id)) ?? { receipts: 0, lastMs: 0 };
      lines.set(Number(id), { receipts: line.receipts + receipts, lastMs: Math.max(line.lastMs, lastMs) });
    }
  }
  const lost = acked.reduce((sum, id) => sum + Math.max(0, run.memberCount - (lines.get(id)?.receipts ?? 0)), 0);
  const receipts = sorted(reports.flatMap((report) => report.receiptLatenciesMs));
  const lastMember = sorted(acked.map((id) => lines.get(id)?.lastMs ?? Number.POSITIVE_INFINITY).filter(Number.isFinite));
  const generatorCpuMs = reports.reduce((sum, report) => sum + report.cpuMs, 0);
  return {
    members: run.memberCount,
    generators: run.generatorCount,
    offeredLinesPerSecond: run.rate,
    seconds: run.seconds,
    linesAcked: acked.length,
    refusals,
    ack: spread(sorted(reports.flatMap((report) => report.ackLatenciesMs))),
    receipt: { count: receipts.length, ...spread(receipts) },
    lastMember: spread(lastMember),
    receiptsExpected: acked.length * run.memberCount,
    lost,
    duplicates: reports.reduce((sum, report) => sum + report.duplicates, 0),
    server: run.server,
    loadGeneratorCpuPercent: round((generatorCpuMs / run.elapsedMs) * 100),
    loadAverage: run.loadAverage,
  };
}
