import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedBulkMembers } from "../../server/seed/demo-data.server.ts";
import { planSummary, queryPlanDatabase, queryPlansTarget } from "../../test/query-plans.ts";
import { ratingTypes } from "./rating-types.ts";
import { createRatingRanksService } from "./rating-ranks.service.server.ts";
import { createRatingsService } from "./ratings.service.server.ts";

/**
 * The leaderboards' top N and a member's history read their indexes, on
 * enough ratings (with fresh statistics) that a whole-table scan would cost
 * more: the real service's statements, captured by auto_explain.
 */
const MEMBERS = 20_000;

describe.skipIf(!queryPlansTarget)("ratings query plans on PostgreSQL", () => {

  const { capture } = queryPlanDatabase(async (db) => {
    await seedBulkMembers(db, MEMBERS);
    // Every member rated in every type, a quarter of them provisional; ten history points each in blitz.
    await db.execute(sql`
      insert into ratings (member_id, rating_type, rating, deviation, volatility, games)
      select u.id, t.type, 800 + random() * 1800, case when u.id % 4 = 0 then 300 else 60 + random() * 40 end, 0.06, 20
      from users u cross join unnest(${`{${ratingTypes.join(",")}}`}::text[]) as t(type)`);
    await db.execute(sql`
      insert into rating_history (member_id, rating_type, game_id, rating, deviation, at)
      select u.id, 'blitz', g, 1500, 100, now() - (g || ' days')::interval from users u cross join generate_series(1, 10) g`);
    await db.execute(sql`analyze ratings`);
    await db.execute(sql`analyze rating_history`);
    const ranks = createRatingRanksService(db);
    await ranks.rebuild("blitz", { activeSince: new Date(0), excludedMemberIds: [], memberCountries: sql`select id as member_id, country_code as country from users` }, "2026-11-01", "2026-08-01");
    await ranks.rebuild("blitz", { activeSince: new Date(0), excludedMemberIds: [], memberCountries: sql`select id as member_id, country_code as country from users` }, "2026-11-02", "2026-08-01");
    await db.execute(sql`analyze rating_ranks`);
    await db.execute(sql`analyze rating_rank_snapshots`);
  }, 180_000);

  it("reads a deep page, a member set's page, my rank and the trend through the rank table's keys, reading no table whole", async () => {
    const ranks = createRatingRanksService(capture().db);
    const ids = Array.from({ length: 60 }, (_, index) => 1 + index * 37);
    let deep: { rank: number }[] = [];
    const plans = await capture().plansOf(async () => {
      deep = [...(await ranks.page("blitz", { offset: 10_000, limit: 50 })).rows];
      await ranks.page("blitz", { offset: 50, limit: 50, memberIds: ids });
      await ranks.standingOf(4242, "blitz");
      await ranks.rankOf(4242, "blitz");
      await ranks.trendsOf("blitz", ids.slice(0, 50), "2026-08-01");
    });
    expect(deep.map((row) => row.rank)).toEqual(Array.from({ length: 50 }, (_, index) => 10_001 + index));
    const summary = planSummary(plans);
    expect(summary.seqScans).toEqual([]);
    // The ranks are the type's partition (decision 0071): its indexes are named after the table each rebuild fills.
    expect(summary.indexes).toEqual(expect.arrayContaining([expect.stringMatching(/^rating_ranks_blitz_next_pkey\d*$/), expect.stringMatching(/^rating_ranks_blitz_next_rating_type_member_id_idx\d*$/), "rating_rank_snapshots_rating_type_day_member_id_pk"]));
  });

  it("walks the (type, rating) index for a top list, reading no table whole", async () => {
    const service = createRatingsService(capture().db);
    let top: { rating: number }[] = [];
    const plans = await capture().plansOf(async () => (top = await service.topRated("blitz", 50)));
    expect(top).toHaveLength(50);
    expect(top.map((row) => row.rating)).toEqual([...top.map((row) => row.rating)].sort((a, b) => b - a));
    expect(planSummary(plans)).toEqual({ indexes: ["ratings_type_rating_idx"], seqScans: [] });
  });

  it("reads a member's history of a type through its index", async () => {
    const service = createRatingsService(capture().db);
    let points: unknown[] = [];
    const plans = await capture().plansOf(async () => (points = await service.ratingHistory(4242, "blitz")));
    expect(points).toHaveLength(10);
    expect(planSummary(plans).seqScans).toEqual([]);
    expect(planSummary(plans).indexes.length).toBeGreaterThan(0);
  });
});
