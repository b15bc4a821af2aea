import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../platform/db/client.server.ts";
import { planSummary, queryPlanDatabase, queryPlansTarget } from "../../../test/query-plans.ts";
import { createGameStatsReader, type GameStatsReader } from "./game-stats.server.ts";

/**
 * The plans PostgreSQL chooses for the stats pages' figures (decision 0077)
 * on enough games, seats and moves, with fresh statistics, that reading any
 * of those tables whole would cost more than following the member's seats
 * (game_seats_member_idx) to their games and moves by key.
 */
const MEMBERS = 4_000;
const GAMES = 100_000;

describe.skipIf(!queryPlansTarget)("game stats query plans on PostgreSQL", () => {
  let reader: GameStatsReader;
  let memberId = 0;

  const { capture } = queryPlanDatabase(async (db) => {
    await db.execute(sql`insert into users (username, username_key, membership_level) select 'gs_' || g, 'gs_' || g, 10 from generate_series(1, ${MEMBERS}) g`);
    // Random pairs over two years; one game in four daily.
    await db.execute(sql`
      with members as (select min(id) as first from users where username_key like 'gs_%')
      insert into games (rules, speed, rating_type, rated, base_seconds, increment_seconds, days_per_move, white_id, black_id, initial_fen, fen, ply, status, result, termination, white_rating, black_rating, created_at, ended_at)
      select 'standard', case when g % 4 = 0 then 'daily' else 'live' end, case when g % 4 = 0 then 'daily' else 'blitz' end, true, 180, 2, 3,
             first + (g * 7919) % ${MEMBERS}, first + (g * 7919 + 1 + g % 97) % ${MEMBERS},
             'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 6, 'ended',
             case g % 3 when 0 then '1-0' when 1 then '0-1' else '1/2-1/2' end, case when g % 11 = 0 then 'timeout' else 'resignation' end, 1400 + g % 300, 1400 + (g * 7) % 300,
             timestamptz '2024-01-01' + (g * interval '9 minutes'), timestamptz '2024-01-01' + (g * interval '9 minutes') + interval '5 minutes'
      from members, generate_series(1, ${GAMES}) g`);
    await db.execute(sql`insert into game_seats (game_id, seat, member_id, board, color, team) select id, 0, white_id, 0, 'white', 0 from games`);
    await db.execute(sql`insert into game_seats (game_id, seat, member_id, board, color, team) select id, 1, black_id, 0, 'black', 1 from games`);
    await db.execute(sql`insert into game_moves (game_id, ply, board, uci, san, played_at) select id, p, 0, 'e2e4', 'e4', created_at + p * interval '1 hour' from games, generate_series(0, 5) p where speed = 'daily'`);
    await db.execute(sql`analyze users`);
    await db.execute(sql`analyze games`);
    await db.execute(sql`analyze game_seats`);
    await db.execute(sql`analyze game_moves`);
    const [first] = await queryRows(db, sql`select white_id from games order by id limit 1`);
    memberId = Number(first?.white_id);
  }, 180_000);
  beforeAll(() => {
    reader = createGameStatsReader(capture().db);
  });

  it("reaches a member's games through their seats and their moves by key, never reading a table whole", async () => {
    let found = 0;
    const plans = await capture().plansOf(async () => {
      const stats = await reader.statsOf(memberId, { ratingTypes: ["daily", "blitz"], since: new Date("2024-06-01"), timePerMove: true });
      found = stats.length;
      expect(stats.find((entry) => entry.ratingType === "daily")?.secondsPerMove).toBeGreaterThan(0);
    });
    expect(found).toBe(2);
    expect(plans.length).toBe(2);
    const summary = planSummary(plans);
    expect(summary.seqScans).toEqual([]);
    expect(summary.indexes).toContain("game_seats_member_idx");
    expect(summary.indexes).toContain("games_pkey");
    expect(summary.indexes).toContain("game_moves_game_id_ply_board_pk");
  });
});
