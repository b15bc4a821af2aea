import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../platform/db/client.server.ts";
import { planSummary, queryPlanDatabase, queryPlansTarget } from "../../../test/query-plans.ts";
import { createMemberDirectory } from "../../accounts/member-directory.service.server.ts";
import { createContactGuard } from "../../social/contact-guard.server.ts";
import { createPlayMembers } from "../play-members.server.ts";
import { createArchiveService, type ArchiveService } from "./archive.service.server.ts";

/**
 * The plans PostgreSQL chooses for the archive's queries (page, filters,
 * months, a month, lifetime score, recent opponents) on enough games, with
 * fresh statistics, that reading the whole games table would cost more than
 * the member's end-date indexes (games_white_ended_idx, games_black_ended_idx).
 */
const MEMBERS = 4_000;
const GAMES = 120_000;

describe.skipIf(!queryPlansTarget)("archive query plans on PostgreSQL", () => {
  let archive: ArchiveService;
  let memberId = 0;
  let opponentId = 0;

  const { capture } = queryPlanDatabase(async (db) => {
    await db.execute(sql`insert into users (username, username_key, membership_level) select 'qp_' || g, 'qp_' || g, 10 from generate_series(1, ${MEMBERS}) g`);
    // Random pairs over two years; one game in twenty still playing or aborted.
    await db.execute(sql`
      with members as (select min(id) as first from users where username_key like 'qp_%')
      insert into games (rules, speed, rating_type, rated, base_seconds, increment_seconds, white_id, black_id, initial_fen, fen, ply, status, result, termination, created_at, ended_at)
      select case when g % 10 = 0 then 'chess960' else 'standard' end, 'live', 'blitz', true, 180, 2,
             first + (g * 7919) % ${MEMBERS}, first + (g * 7919 + 1 + g % 97) % ${MEMBERS},
             'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 40,
             case when g % 20 = 0 then 'aborted' else 'ended' end,
             case g % 3 when 0 then '1-0' when 1 then '0-1' else '1/2-1/2' end, 'resignation',
             timestamptz '2024-01-01' + (g * interval '9 minutes'), timestamptz '2024-01-01' + (g * interval '9 minutes') + interval '5 minutes'
      from members, generate_series(1, ${GAMES}) g`);
    await db.execute(sql`analyze users`);
    await db.execute(sql`analyze games`);
    const [first] = await queryRows(db, sql`select white_id, black_id from games where status = 'ended' order by id limit 1`);
    memberId = Number(first?.white_id);
    opponentId = Number(first?.black_id);
  }, 180_000);
  beforeAll(() => {
    archive = createArchiveService(capture().db, createPlayMembers(createMemberDirectory(capture().db), createContactGuard(capture().db)));
  });

  /**
   * The games statements of `work` reach the member's games through an index
   * on each side (white_id, black_id: the planner may take the end-date one or
   * the start-date one, both lead with the member) and never read the games table whole.
   */
  async function expectIndexed(work: () => Promise<unknown>): Promise<void> {
    const plans = await capture().plansOf(work);
    const gamePlans = plans.filter((plan) => plan.nodes.some((node) => node.relation === "games"));
    expect(gamePlans.length).toBeGreaterThan(0);
    const summary = planSummary(gamePlans);
    expect(summary.seqScans).toEqual([]);
    expect(summary.indexes.some((index) => index.startsWith("games_white_"))).toBe(true);
    expect(summary.indexes.some((index) => index.startsWith("games_black_"))).toBe(true);
    expect(summary.indexes.some((index) => index.endsWith("_ended_idx"))).toBe(true);
  }

  it("reads a page of a member's games, filtered or not, through the member's end-date indexes", async () => {
    let total = 0;
    await expectIndexed(async () => (total = (await archive.page(memberId, {}, { number: 1, size: 24 })).total));
    expect(total).toBeGreaterThan(24);
    await expectIndexed(() => archive.page(memberId, { result: "win", rules: "standard", from: new Date("2024-03-01"), before: new Date("2025-01-01") }, { number: 2, size: 24 }));
    await expectIndexed(() => archive.page(memberId, { opponentId, type: "blitz" }, { number: 1, size: 24 }));
  });

  it("lists the months, a month's games, the lifetime score and the recent opponents through the same indexes", async () => {
    await expectIndexed(() => archive.months(memberId));
    await expectIndexed(() => archive.month(memberId, 2024, 6));
    await expectIndexed(() => archive.lifetimeScore(memberId, opponentId));
    await expectIndexed(() => archive.recentOpponents(memberId, 10));
  });
});
