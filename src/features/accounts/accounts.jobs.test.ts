import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../platform/db/client.server.ts";
import { createJobRunner, type JobRunner } from "../../platform/jobs/job-runner.server.ts";
import { humanCheckCounterPruneJob, COUNTER_PREFIX } from "../../platform/security/human-check/human-check.server.ts";
import { incrementCounter } from "../../platform/security/human-check/request-counters.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { accountsJobs, SIGN_IN_FAILURE_RETENTION_MS } from "./accounts.jobs.server.ts";
import { requestCounters } from "../../platform/security/security.tables.server.ts";
import { sessions, signInFailures, users } from "./accounts.tables.server.ts";
import { levels } from "./levels.ts";

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe.each(databaseTargets())("the cleanup jobs on $name", (target) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let runner: JobRunner;
  let memberId = 0;

  beforeAll(async () => {
    const created = await target.create();
    drop = created.drop;
    database = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" });
    await database.migrate();
    const [member] = await database.db.insert(users).values({ username: "Cleo", usernameKey: "cleo" }).returning({ id: users.id });
    memberId = member?.id ?? 0;
    runner = createJobRunner({ db: database.db, instanceId: "test", jobs: [...accountsJobs(database.db), humanCheckCounterPruneJob(database.db)], log: { error: () => {} } });
  });
  afterAll(async () => {
    await runner?.stop();
    await database?.close();
    await drop?.();
  });

  it("deletes expired sessions and keeps live ones", async () => {
    await database.db.insert(sessions).values([
      { tokenHash: "expired-1", userId: memberId, expiresAt: ago(HOUR) },
      { tokenHash: "expired-2", userId: memberId, expiresAt: ago(1000) },
      { tokenHash: "live", userId: memberId, expiresAt: ago(-HOUR) },
    ]);
    expect(await runner.runNow("accounts.expired-sessions")).toBe(true);
    const left = await database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(left.map((row) => row.tokenHash)).toEqual(["live"]);
  });

  it("deletes sign-in failures older than the retention, in batches", async () => {
    await database.db.execute(sql`insert into sign_in_failures (username_key, ip, failed_at) select 'old' || n, '10.0.0.1', now() - interval '2 days' from generate_series(1, 2500) n`);
    await database.db.insert(signInFailures).values({ usernameKey: "recent", ip: "10.0.0.2", failedAt: ago(SIGN_IN_FAILURE_RETENTION_MS - HOUR) });
    expect(await runner.runNow("accounts.old-sign-in-failures")).toBe(true);
    const left = await database.db.select({ usernameKey: signInFailures.usernameKey }).from(signInFailures);
    expect(left.map((row) => row.usernameKey)).toEqual(["recent"]);
  });

  it("lowers ended memberships", async () => {
    await database.db.update(users).set({ membershipLevel: levels.gold, membershipExpiresAt: ago(1000) }).where(eq(users.id, memberId));
    expect(await runner.runNow("accounts.membership-expiry")).toBe(true);
    const [row] = await database.db.select({ level: users.membershipLevel, expiresAt: users.membershipExpiresAt }).from(users).where(eq(users.id, memberId));
    expect(row).toEqual({ level: levels.basic, expiresAt: null });
  });

  it("prunes the human check's old counters and nobody else's", async () => {
    await incrementCounter(database.db, `${COUNTER_PREFIX}register:old`, ago(3 * 24 * HOUR));
    await incrementCounter(database.db, `${COUNTER_PREFIX}register:new`, ago(HOUR));
    await incrementCounter(database.db, "other:old", ago(3 * 24 * HOUR));
    expect(await runner.runNow("security.human-check-counters")).toBe(true);
    const left = await database.db.select({ key: requestCounters.key }).from(requestCounters).orderBy(requestCounters.key);
    expect(left.map((row) => row.key)).toEqual([`${COUNTER_PREFIX}register:new`, "other:old"]);
  });
});
