import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createClubRoles } from "../features/clubs/club-roles.service.server.ts";
import { createTestClub } from "../features/clubs/club-fixture.server.ts";
import { createSessionsService, type ActiveSession } from "../features/accounts/sessions.service.server.ts";
import { expireMemberships } from "../features/accounts/membership/membership.service.server.ts";
import { seedBulkMembers } from "../server/seed/demo-data.server.ts";
import { createMemberDirectory } from "../features/accounts/member-directory.service.server.ts";
import { createListedMembers } from "../features/accounts/listed-members.service.server.ts";
import { seedBenchSocialGraph } from "../features/social/bench-graph.server.ts";
import { createSocialServices } from "../features/social/social.service.server.ts";
import { createPreferencesService } from "../features/accounts/preferences/preferences.service.server.ts";
import { planSummary, queryPlanDatabase, queryPlansTarget } from "../test/query-plans.ts";

/**
 * The plans PostgreSQL chooses for the hot member queries, on enough members
 * (with fresh statistics) that a whole-table scan would cost more than the
 * index: the real services' statements, captured by auto_explain. The same
 * queries at 1,000,000 members: bench/query-plans.ts and docs/decisions/0013.
 */
const MEMBERS = 60_000;

describe.skipIf(!queryPlansTarget)("query plans on PostgreSQL", () => {

  const { capture } = queryPlanDatabase(async (db) => {
    await seedBulkMembers(db, MEMBERS);
    await seedBenchSocialGraph(db);
  }, 120_000);

  const viewerId = async (): Promise<number> => {
    const found = await createMemberDirectory(capture().db).memberByUsername("bench_4242");
    if (!found) throw new Error("bench_4242 is missing");
    return found.id;
  };

  it("searches username prefixes through the C-collation index", async () => {
    const directory = createMemberDirectory(capture().db);
    let found: { username: string }[] = [];
    // A later page too: the offset walks the same index.
    const plans = await capture().plansOf(async () => (found = await directory.searchByUsernamePrefix({ prefix: "bench_123", limit: 10, offset: 10 })));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((member) => member.username.startsWith("bench_123"))).toBe(true);
    expect(planSummary(plans)).toMatchObject({ indexes: expect.arrayContaining(["users_username_key_c_idx"]), seqScans: [] });
  });

  it("reads a member's counts by primary key", async () => {
    const social = createSocialServices(capture().db, { directory: createMemberDirectory(capture().db), settings: createPreferencesService(capture().db) });
    const id = await viewerId();
    const plans = await capture().plansOf(() => social.social.counts(id));
    expect(planSummary(plans)).toEqual({ indexes: ["social_counts_pkey"], seqScans: [] });
  });

  it("suggests follows without reading the whole follows table", async () => {
    const social = createSocialServices(capture().db, { directory: createMemberDirectory(capture().db), settings: createPreferencesService(capture().db) });
    const id = await viewerId();
    let suggested: string[] = [];
    const plans = await capture().plansOf(async () => (suggested = await social.follows.followSuggestions(id, 10)));
    expect(suggested).toHaveLength(10);
    const summary = planSummary(plans);
    expect(summary.indexes).toContain("social_counts_followers_idx");
    expect(summary.seqScans).toEqual([]);
  });

  it("finds ended memberships through the partial index", async () => {
    const plans = await capture().plansOf(() => expireMemberships(capture().db, new Date()));
    expect(planSummary(plans)).toMatchObject({ indexes: ["users_membership_expires_at_idx"], seqScans: [] });
  });

  it("lists titled players through the partial index, in its order", async () => {
    const members = createListedMembers(capture().db);
    let titled: unknown[] = [];
    const plans = await capture().plansOf(async () => (titled = await members.titled(20)));
    expect(titled).toHaveLength(20);
    expect(planSummary(plans)).toEqual({ indexes: ["users_titled_username_key_idx"], seqScans: [] });
  });

  it("resumes a signed-in member's session with their roles in one query", async () => {
    const id = await viewerId();
    await capture().db.execute(sql`insert into user_roles (user_id, role) values (${id}, 'cheat_analyst')`);
    const owner = await createMemberDirectory(capture().db).memberByUsername("bench_4243");
    if (!owner) throw new Error("bench_4243 is missing");
    const club = await createTestClub(capture().db, { owner: owner.id, admins: [id] });
    const sessions = createSessionsService(capture().db, undefined, undefined, createClubRoles());
    const { token } = await sessions.start(id, { remember: false, twoFactorPending: false, userAgent: null, ip: null });
    let resumed: ActiveSession | null = null;
    const plans = await capture().plansOf(async () => (resumed = await sessions.resume(token)));
    expect(plans).toHaveLength(1);
    expect(resumed).toMatchObject({ user: { id }, roles: { site: ["cheat_analyst"], clubs: [{ clubId: club.id, role: "admin" }] } });
    expect(planSummary(plans).seqScans).toEqual([]);
  });
});
