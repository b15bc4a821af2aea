/**
 * `DATABASE_URL=... npx tsx bench/query-plans.ts`: the plans and times
 * PostgreSQL gives the hot member queries of the real services on a seeded
 * database (`npm run seed -- --members 1000000`), captured by auto_explain.
 * Fails when one of them reads a whole table. Results go to
 * bench/results/query-plans-<timestamp>.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { expireMemberships } from "../src/features/accounts/membership/membership.service.server.ts";
import { createSessionsService } from "../src/features/accounts/sessions.service.server.ts";
import { createMemberDirectory } from "../src/features/accounts/member-directory.service.server.ts";
import { createListedMembers } from "../src/features/accounts/listed-members.service.server.ts";
import { createSocialServices } from "../src/features/social/social.service.server.ts";
import { createPreferencesService } from "../src/features/accounts/preferences/preferences.service.server.ts";
import { capturePlans, planSummary } from "../src/test/query-plans.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("Set DATABASE_URL to a seeded PostgreSQL database.");
const capture = await capturePlans(databaseUrl);
const social = createSocialServices(capture.db, { directory: createMemberDirectory(capture.db), settings: createPreferencesService(capture.db) });
const members = createListedMembers(capture.db);
const directory = createMemberDirectory(capture.db);
const sessions = createSessionsService(capture.db);
const viewer = await social.social.findTarget("bench_424242");
if (!viewer) throw new Error("bench_424242 is missing: seed with --members 1000000 first.");
const { token } = await sessions.start(viewer.id, { remember: false, twoFactorPending: false, userAgent: "bench", ip: null });

const cases: Record<string, () => Promise<unknown>> = {
  "member search 'bench_4242'": () => directory.searchByUsernamePrefix({ prefix: "bench_4242", limit: 10 }),
  "member search 'bench_9'": () => directory.searchByUsernamePrefix({ prefix: "bench_9", limit: 10 }),
  "member search 'bench_9', page 50": () => directory.searchByUsernamePrefix({ prefix: "bench_9", limit: 21, offset: 49 * 20 }),
  "friend/follower counts": () => social.social.counts(viewer.id),
  "follow suggestions": () => social.follows.followSuggestions(viewer.id, 10),
  "membership expiry": () => expireMemberships(capture.db, new Date()),
  "titled players": () => members.titled(20),
  "session + roles": () => sessions.resume(token),
};

const results = [];
try {
  for (const [name, work] of Object.entries(cases)) {
    await work(); // warm the cache: the figure is the steady state
    const plans = await capture.plansOf(work);
    const summary = planSummary(plans);
    results.push({ name, statements: plans.length, executionMs: Number(plans.reduce((sum, plan) => sum + plan.durationMs, 0).toFixed(3)), ...summary });
  }
  await sessions.end((await sessions.resume(token))?.tokenHash ?? "");
} finally {
  await capture.close();
}
console.table(results.map((result) => ({ ...result, indexes: result.indexes.join(" "), seqScans: result.seqScans.join(" ") })));
mkdirSync("bench/results", { recursive: true });
const file = `bench/results/query-plans-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
writeFileSync(file, JSON.stringify({ benchmark: "query-plans", date: new Date().toISOString(), results }, null, 2) + "\n");
console.log(`written ${file}`);
const scanning = results.filter((result) => result.seqScans.length > 0);
if (scanning.length > 0) {
  console.error(`whole-table reads in: ${scanning.map((result) => result.name).join(", ")}`);
  process.exitCode = 1;
}
