/**
 * `npm run bench -- leaderboards` (issue 23): one million players rated in
 * blitz on a throwaway PostgreSQL database, the rank table rebuilt whole
 * (timed), then the reads the boards make — the first page, page 2,000, a
 * country's first page, a friends page (200 friends) and "my rank" of a
 * median player — p50/p99 at the service (sequential calls) and over HTTP
 * (the real server's pages), and "my rank" against counting the ratings
 * above the median player (what decision 0056 did).
 *
 * Members: BENCH_LEADERBOARD_PLAYERS (1,000,000) in 20 countries (50,000 each),
 * ratings spread 600..2,800, deviations 60..91: all established and active.
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/platform/db/client.server.ts";
import { createRatingRanksService } from "../src/features/ratings/rating-ranks.service.server.ts";
import { createMemberDirectory } from "../src/features/accounts/member-directory.service.server.ts";
import { benchAdminUrl, createPostgresDatabase, percentile, round, startServerOn, withClient } from "./lib/bench-kit.ts";
import { measure, type LoadResult } from "./lib/load.ts";

const COUNTRIES = ["US", "IN", "RU", "DE", "FR", "GB", "BR", "ES", "IT", "PL", "NL", "UA", "TR", "AR", "CA", "HU", "SE", "NO", "MX", "CN"];
const CALLS = 2_000;

export interface LeaderboardsBenchFigures {
  readonly players: number;
  readonly seedSeconds: number;
  readonly rebuildSeconds: number;
  readonly service: ReadonlyArray<{ readonly name: string; readonly p50Ms: number; readonly p99Ms: number }>;
  readonly myRankVersusCounting: { readonly rankTableP50Ms: number; readonly countingP50Ms: number; readonly timesFaster: number };
  readonly http: readonly LoadResult[];
}

async function timed(calls: number, call: () => Promise<unknown>): Promise<{ p50Ms: number; p99Ms: number }> {
  for (let i = 0; i < 50; i++) await call();
  const times = new Float64Array(calls);
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await call();
    times[i] = performance.now() - started;
  }
  times.sort();
  return { p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) };
}

async function seedPlayers(databaseUrl: string, players: number): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    await client.query(
      `insert into users (username, username_key, membership_level, country_code)
       select 'lb_' || g, 'lb_' || g, 10, ($2::text[])[1 + g % array_length($2::text[], 1)] from generate_series(1, $1::int) as g`,
      [players, COUNTRIES],
    );
    await client.query(
      `insert into ratings (member_id, rating_type, rating, deviation, volatility, games, wins, draws, losses, updated_at)
       select id, 'blitz', 600 + (hashint4(id) & 65535) / 65535.0 * 2200, 60 + (hashint4(id * 7) & 31), 0.06, 40, 20, 5, 15, now() - interval '1 day'
       from users where username_key like 'lb\\_%'`,
    );
    await client.query("analyze users, ratings");
  });
}

export async function runLeaderboardsBench(): Promise<LeaderboardsBenchFigures> {
  const players = Number(process.env.BENCH_LEADERBOARD_PLAYERS ?? 1_000_000);
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const database = await createPostgresDatabase(benchAdminUrl(), "kingside_leaderboards_bench");
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: "memory://" });
  let stopServer = async () => undefined as unknown;
  try {
    await handle.migrate();
    const seedStarted = performance.now();
    await seedPlayers(database.url, players);
    const seedSeconds = round((performance.now() - seedStarted) / 1000);
    const ranks = createRatingRanksService(handle.db);
    const today = new Date().toISOString().slice(0, 10);
    const eligibility = { activeSince: new Date(Date.now() - 90 * 86_400_000), excludedMemberIds: [], memberCountries: createMemberDirectory(handle.db).memberCountriesRelation() };
    // The first build also takes the day's snapshot; the timed one is a rebuild in place, as the job does every time a game moved the ratings.
    await ranks.rebuild("blitz", eligibility, today, today);
    const rebuildStarted = performance.now();
    const rebuilt = await ranks.rebuild("blitz", eligibility, today, today);
    const rebuildSeconds = round((performance.now() - rebuildStarted) / 1000);
    if (rebuilt.ranked !== players) throw new Error(`ranked ${rebuilt.ranked} of ${players}`);
    await handle.db.execute(sql`insert into leaderboard_rank_builds (rating_type, built_at) values ('blitz', now())`);
    await handle.db.execute(sql`analyze rating_ranks`);

    const [middle] = await handle.db.select({ memberId: sql<number>`member_id` }).from(sql`rating_ranks`).where(sql`rating_type = 'blitz' and rank = ${Math.floor(players / 2)}`);
    const medianId = middle?.memberId ?? 1;
    const friendIds = Array.from({ length: 200 }, (_, index) => 1 + index * 4_999);

    const service = [
      { name: "first page", ...(await timed(CALLS, () => ranks.page("blitz", { offset: 0, limit: 50 }))) },
      { name: "page 2,000", ...(await timed(CALLS, () => ranks.page("blitz", { offset: 99_950, limit: 50 }))) },
      { name: `country filter (first page of ${players / COUNTRIES.length} members)`, ...(await timed(CALLS, () => ranks.page("blitz", { offset: 0, limit: 50, country: "NO" }))) },
      { name: "country filter, page 100", ...(await timed(CALLS, () => ranks.page("blitz", { offset: 4_950, limit: 50, country: "NO" }))) },
      { name: "friends filter (200 friends)", ...(await timed(CALLS, () => ranks.page("blitz", { offset: 0, limit: 50, memberIds: friendIds }))) },
      { name: "my rank (median player)", ...(await timed(CALLS, () => ranks.rankOf(medianId, "blitz"))) },
    ];
    const counting = await timed(50, () =>
      handle.db.execute(sql`select count(*) from ratings r, (select rating from ratings where member_id = ${medianId} and rating_type = 'blitz') me
        where r.rating_type = 'blitz' and r.deviation <= 110 and (r.rating > me.rating or (r.rating = me.rating and r.member_id < ${medianId}))`),
    );
    const myRank = service.at(-1)?.p50Ms ?? 1;

    const server = await startServerOn(database.url, "leaderboards-bench", { env: { NODE_ENV: "production", SITE_URL: "http://127.0.0.1", TRUST_PROXY: "0" } });
    stopServer = () => server.stop();
    const site = server.url.replace("0.0.0.0", "127.0.0.1");
    const http: LoadResult[] = [];
    for (const [name, path] of [
      ["GET /pub/leaderboards (top 50 of each board)", "/pub/leaderboards"],
      ["page /leaderboard/live/blitz", "/leaderboard/live/blitz"],
      ["page /leaderboard/live/blitz?page=2000", "/leaderboard/live/blitz?page=2000"],
      ["page /leaderboard/live/blitz?country=NO", "/leaderboard/live/blitz?country=NO"],
      // Ten connections for the pages; the public API allows a client six requests in flight, so five there.
    ] as const) http.push(await measure(name, `${site}${path}`, { seconds, connections: path.startsWith("/pub/") ? 5 : 10 }));

    return {
      players,
      seedSeconds,
      rebuildSeconds,
      service,
      myRankVersusCounting: { rankTableP50Ms: myRank, countingP50Ms: counting.p50Ms, timesFaster: Math.round(counting.p50Ms / Math.max(myRank, 0.001)) },
      http,
    };
  } finally {
    await stopServer();
    await handle.close();
    await database.drop();
  }
}
