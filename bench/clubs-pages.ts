/**
 * The club pages benchmark (issue 11): a club of BENCH_CLUB_MEMBERS (100,000)
 * members on PostgreSQL, its page /club/{url} and its members page
 * /clubs/members/{url} (page 1, the middle page and the last) served by the
 * real server in its own process, against the bare Fastify hello route in the
 * same run (bench/lib/load.ts: autocannon, 50 connections, BENCH_SECONDS
 * each). Anonymous visitors: the pages as most readers see them.
 *
 * The members are written in a few set-based statements (generate_series),
 * joined a minute apart, with a few admins and chat moderators so the pages'
 * role lookups find rows.
 */
import { CLUB_MEMBERS_PAGE_SIZE } from "../src/features/clubs/clubs.constants.ts";
import { benchAdminUrl, cpuBetween, createPostgresDatabase, postgresCpuMs, processUsage, round, startServerOn, withClient } from "./lib/bench-kit.ts";
import { measure, type LoadResult } from "./lib/load.ts";
import { startBareFastify } from "./lib/servers.ts";

export const BENCH_CLUB_URL = "bench-big";

export interface ClubPagesBenchFigures {
  readonly members: number;
  readonly seedSeconds: number;
  /**
   * CPU time per answered request of the serving process and of the bench
   * database's PostgreSQL backends: steadier than requests per second on a
   * shared machine, and they say where a page's time goes.
   */
  readonly results: ReadonlyArray<LoadResult & { readonly relativeToBare: number; readonly cpuMsPerRequest: { readonly server: number; readonly postgres: number } }>;
}

/** The club and its members, in one transaction; answers the club's id. */
export async function seedBigClub(databaseUrl: string, count: number): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    await client.query("begin");
    await client.query(
      `insert into users (username, username_key, membership_level, created_at)
       select 'member_' || g, 'member_' || g, 10, now() - make_interval(mins => g) from generate_series(1, $1::int) as g`,
      [count],
    );
    const { rows } = await client.query<{ id: number }>(
      `insert into clubs (url, name, description, join_policy, member_count) values ($1, 'Bench big club', 'A club of many members.', 'open', $2) returning id`,
      [BENCH_CLUB_URL, count],
    );
    const clubId = rows[0]?.id ?? 0;
    // The newest member joined a minute ago, the oldest `count` minutes ago.
    await client.query(
      `insert into club_members (club_id, user_id, joined_at)
       select $1, id, now() - make_interval(mins => id) from users where username_key like 'member\\_%'`,
      [clubId],
    );
    await client.query(
      `insert into club_roles (club_id, user_id, role)
       select $1, id, case when id = min(id) over () then 'owner' when id <= min(id) over () + 3 then 'admin' else 'chat_moderator' end
       from (select id from users where username_key like 'member\\_%' order by id limit 8) as staff`,
      [clubId],
    );
    await client.query("commit");
    await client.query("analyze users, clubs, club_members, club_roles");
    return clubId;
  });
}

export async function runClubPagesBench(): Promise<ClubPagesBenchFigures> {
  const memberCount = Number(process.env.BENCH_CLUB_MEMBERS ?? 100_000);
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const lastPage = Math.ceil(memberCount / CLUB_MEMBERS_PAGE_SIZE);
  const database = await createPostgresDatabase(benchAdminUrl(), "kingside_clubs_pages_bench");
  let stopServers = async () => undefined as unknown;
  try {
    // Production mode, as served: React's production build, no dev logging.
    const server = await startServerOn(database.url, "clubs-pages-bench", { env: { NODE_ENV: "production", SITE_URL: "http://127.0.0.1", TRUST_PROXY: "0" } });
    const bare = await startBareFastify();
    stopServers = () => Promise.all([server.stop(), bare.stop()]);
    const seedStarted = performance.now();
    await seedBigClub(database.url, memberCount);
    const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
    const site = server.url.replace("0.0.0.0", "127.0.0.1");
    const results: (LoadResult & { cpuMsPerRequest: { server: number; postgres: number } })[] = [];
    /** A load run with the CPU time the serving process and PostgreSQL spent on it. */
    const measureOn = async (pid: number, name: string, url: string) => {
      const before = processUsage(pid).cpuMs;
      const postgresBefore = postgresCpuMs(database.name);
      const result = await measure(name, url, { seconds });
      const served = Math.max(1, result.requestsServed);
      const server = round((processUsage(pid).cpuMs - before) / served);
      results.push({ ...result, cpuMsPerRequest: { server, postgres: round(cpuBetween(postgresBefore, postgresCpuMs(database.name)) / served) } });
    };
    const sitePid = server.child.pid ?? 0;
    const middlePage = Math.ceil(lastPage / 2);
    await measureOn(bare.pid, "bare fastify /hello", `${bare.baseUrl}/hello`);
    // What every request costs before the club: the server's JSON health route and a small SSR page.
    await measureOn(sitePid, "kingside /healthz", `${site}/healthz`);
    await measureOn(sitePid, "kingside /clubs/find (SSR, one club)", `${site}/clubs/find`);
    await measureOn(sitePid, `club page /club/${BENCH_CLUB_URL}`, `${site}/club/${BENCH_CLUB_URL}`);
    await measureOn(sitePid, "members page 1", `${site}/clubs/members/${BENCH_CLUB_URL}`);
    await measureOn(sitePid, `members page ${middlePage} (the middle, the deepest read)`, `${site}/clubs/members/${BENCH_CLUB_URL}?page=${middlePage}`);
    await measureOn(sitePid, `members page ${lastPage} (the last)`, `${site}/clubs/members/${BENCH_CLUB_URL}?page=${lastPage}`);
    const failed = results.filter((result) => result.non2xx > 0 || result.errors > 0);
    if (failed.length > 0) {
      console.error(`non-2xx answers or errors in: ${failed.map((result) => result.name).join(", ")}`);
      process.exitCode = 1;
    }
    const baseline = results[0]?.requestsPerSecond ?? 1;
    return { members: memberCount, seedSeconds, results: results.map((result) => ({ ...result, relativeToBare: Number((result.requestsPerSecond / baseline).toFixed(3)) })) };
  } finally {
    await stopServers();
    await database.drop();
  }
}
