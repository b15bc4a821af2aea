import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../platform/db/client.server.ts";
import { seedBulkMembers } from "../../../server/seed/demo-data.server.ts";
import { planSummary, queryPlanDatabase, queryPlansTarget } from "../../../test/query-plans.ts";
import { createLiveGamesService } from "./live-games.service.server.ts";

const MEMBERS = 5_000;
const GAMES = 60_000;
/** One game in this many is still being played (the rest are the archive). */
const PLAYING_EVERY = 500;

/**
 * The plans PostgreSQL chooses for presence's "which members are in a game"
 * and /live's list, on an archive far bigger than the games in play: both
 * must read the partial indexes of games in play, never the whole table.
 */
describe.skipIf(!queryPlansTarget)("live games query plans on PostgreSQL", () => {
  let memberIds: number[] = [];

  const { capture } = queryPlanDatabase(async (db) => {
    await seedBulkMembers(db, MEMBERS);
    memberIds = (await queryRows(db, sql`select id from users order by id`)).map((row) => Number(row.id));
    const first = memberIds[0] ?? 1;
    const count = memberIds.length;
    await db.execute(sql`
      insert into games (rules, speed, rating_type, rated, base_seconds, increment_seconds, white_id, black_id, initial_fen, fen, status, created_at)
      select 'standard', 'live', 'blitz', true, 300, 0,
        ${first} + (n % ${count}), ${first} + ((n * 7 + 1) % ${count}),
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
        case when n % ${PLAYING_EVERY} = 0 then 'playing' else 'ended' end, now() - (n || ' seconds')::interval
      from generate_series(1, ${GAMES}) as n
      where (n % ${count}) <> ((n * 7 + 1) % ${count})`);
    await db.execute(sql`analyze games`);
  }, 120_000);

  it("finds the games members are playing through the partial indexes on either colour", async () => {
    const liveGames = createLiveGamesService({ db: capture().db, members: { usernamesByIds: async () => new Map() } });
    let found = new Map<number, number[]>();
    const asked = memberIds.slice(0, 25);
    const plans = await capture().plansOf(async () => (found = await liveGames.liveGamesOf(asked)));
    expect(found.size).toBeGreaterThan(0);
    const summary = planSummary(plans);
    expect(summary.indexes).toEqual(expect.arrayContaining(["games_playing_white_idx", "games_playing_black_idx"]));
    expect(summary.seqScans).not.toContain("games");
  });

  it("lists the games in play for /live without reading the archive", async () => {
    const liveGames = createLiveGamesService({ db: capture().db, members: { usernamesByIds: async () => new Map() } });
    let total = 0;
    const plans = await capture().plansOf(async () => (total = (await liveGames.gamesInProgress(1)).total));
    expect(total).toBe(GAMES / PLAYING_EVERY);
    const summary = planSummary(plans);
    expect(summary.seqScans).not.toContain("games");
    expect(summary.indexes).toContain("games_playing_idx");
  });
});
