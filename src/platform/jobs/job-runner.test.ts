import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "../db/client.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { acquireLease } from "./job-lease.server.ts";
import { createJobRunner, type JobRunner } from "./job-runner.server.ts";
import type { JobRunContext, PeriodicJobDefinition } from "./job-types.ts";

const silent = { error: () => {} };

/** Each instance has its own connection pool, as two processes would (PGlite: one process, one handle). */
describe.each(databaseTargets())("the job runner on $name", (target) => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await target.create();
    drop = created.drop;
    first = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" });
    await first.migrate();
    second = created.databaseUrl ? await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" }) : first;
  });
  afterAll(async () => {
    if (second !== first) await second?.close();
    await first?.close();
    await drop?.();
  });

  function countingJob(name: string, runOn: PeriodicJobDefinition["runOn"], runs: string[], instance: string): PeriodicJobDefinition {
    return {
      name,
      everyMs: 60_000,
      runOn,
      async run() {
        runs.push(instance);
        // Long enough that the other instance's tick overlaps this run.
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    };
  }

  it("runs a leader job on one instance only, even when both tick at the same moment", async () => {
    const runs: string[] = [];
    const a = createJobRunner({ db: first.db, instanceId: "a", jobs: [countingJob("leader-once", "leader", runs, "a")], log: silent });
    const b = createJobRunner({ db: second.db, instanceId: "b", jobs: [countingJob("leader-once", "leader", runs, "b")], log: silent });
    try {
      for (let round = 0; round < 5; round++) {
        const ran = await Promise.all([a.runNow("leader-once"), b.runNow("leader-once")]);
        expect(ran.filter(Boolean)).toHaveLength(1);
      }
      expect(runs).toHaveLength(5);
      // The leader keeps its lease from tick to tick.
      expect(new Set(runs).size).toBe(1);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it("hands the job over when the leader stops", async () => {
    const runs: string[] = [];
    const a = createJobRunner({ db: first.db, instanceId: "a", jobs: [countingJob("leader-handover", "leader", runs, "a")], log: silent });
    const b = createJobRunner({ db: second.db, instanceId: "b", jobs: [countingJob("leader-handover", "leader", runs, "b")], log: silent });
    try {
      expect(await a.runNow("leader-handover")).toBe(true);
      expect(await b.runNow("leader-handover")).toBe(false);
      await a.stop();
      expect(await b.runNow("leader-handover")).toBe(true);
      expect(runs).toEqual(["a", "b"]);
    } finally {
      await b.stop();
    }
  });

  it("takes over a lease whose holder died (expired) but never a live one", async () => {
    expect(await acquireLease(first.db, "dead-leader", "gone:1", 60_000)).toBe(true);
    expect(await acquireLease(second.db, "dead-leader", "alive:2", 60_000)).toBe(false);
    await first.db.execute(sql`update job_leases set expires_at = now() - interval '1 second' where name = 'dead-leader'`);
    expect(await acquireLease(second.db, "dead-leader", "alive:2", 60_000)).toBe(true);
    const [row] = await queryRows(first.db, sql`select holder from job_leases where name = 'dead-leader'`);
    expect(row?.holder).toBe("alive:2");
  });

  it("runs an every-instance job on each instance", async () => {
    const runs: string[] = [];
    const a = createJobRunner({ db: first.db, instanceId: "a", jobs: [countingJob("everywhere", "every-instance", runs, "a")], log: silent });
    const b = createJobRunner({ db: second.db, instanceId: "b", jobs: [countingJob("everywhere", "every-instance", runs, "b")], log: silent });
    try {
      expect(await Promise.all([a.runNow("everywhere"), b.runNow("everywhere")])).toEqual([true, true]);
      expect(runs.sort()).toEqual(["a", "b"]);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it("aborts a run under way on stop and waits for it", async () => {
    let seen: JobRunContext | null = null;
    let finished = false;
    const runner: JobRunner = createJobRunner({
      db: first.db,
      instanceId: "a",
      log: silent,
      jobs: [
        {
          name: "long-run",
          everyMs: 60_000,
          runOn: "leader",
          async run(context) {
            seen = context;
            await new Promise((resolve) => context.signal.addEventListener("abort", resolve, { once: true }));
            finished = true;
          },
        },
      ],
    });
    const run = runner.runNow("long-run");
    await vi.waitFor(() => expect(seen).not.toBeNull());
    await runner.stop();
    expect(finished).toBe(true);
    expect(await run).toBe(true);
    expect(await runner.runNow("long-run")).toBe(false);
  });

  it("refuses two jobs with one name and unknown names", async () => {
    const job = countingJob("twice", "leader", [], "a");
    expect(() => createJobRunner({ db: first.db, instanceId: "a", jobs: [job, job], log: silent })).toThrow(/twice/);
    const runner = createJobRunner({ db: first.db, instanceId: "a", jobs: [], log: silent });
    await expect(runner.runNow("nothing")).rejects.toThrow(/nothing/);
  });
});
