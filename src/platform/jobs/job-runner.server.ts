import { randomUUID } from "node:crypto";
import type { Database } from "../db/client.server.ts";
import { acquireLease, releaseLease } from "./job-lease.server.ts";
import type { PeriodicJobDefinition } from "./job-types.ts";

export interface JobLogger {
  error(details: object, message: string): void;
}

export interface JobRunnerOptions {
  readonly db: Database;
  /** Names this instance in the lease rows; a random suffix keeps two processes with one name apart. */
  readonly instanceId: string;
  readonly jobs: readonly PeriodicJobDefinition[];
  readonly log: JobLogger;
}

export interface JobRunner {
  /** Starts every job's timer (the first run comes after one interval). */
  start(): void;
  /**
   * Runs one tick of `name` now, as its timer would: a leader job only when
   * this instance gets its lease. Resolves with whether it ran (false: another
   * instance holds the lease, a run is already under way, or the runner stopped).
   */
  runNow(name: string): Promise<boolean>;
  /** Stops the timers, aborts runs under way and waits for them, then gives the leases back. */
  stop(): Promise<void>;
}

/**
 * How long a leader holds its lease after each tick: three intervals, so one
 * slow or missed tick does not hand the job over, and a dead leader's job
 * moves to another instance within a few intervals.
 */
export function leaseTtlMs(job: PeriodicJobDefinition): number {
  return Math.max(3 * job.everyMs, 15_000);
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, jobs, log } = options;
  const holder = `${options.instanceId}:${randomUUID().slice(0, 8)}`;
  const byName = new Map<string, PeriodicJobDefinition>();
  for (const job of jobs) {
    if (byName.has(job.name)) throw new Error(`two periodic jobs are named "${job.name}"`);
    if (!Number.isFinite(job.everyMs) || job.everyMs <= 0) throw new Error(`job "${job.name}" needs a positive interval, not ${job.everyMs}`);
    byName.set(job.name, job);
  }
  const shutdown = new AbortController();
  const running = new Map<string, Promise<boolean>>();
  const leased = new Set<string>();
  const timers: NodeJS.Timeout[] = [];

  async function tick(job: PeriodicJobDefinition): Promise<boolean> {
    if (shutdown.signal.aborted) return false;
    const ttl = leaseTtlMs(job);
    if (job.runOn === "leader") {
      if (!(await acquireLease(db, job.name, holder, ttl))) {
        leased.delete(job.name);
        return false;
      }
      leased.add(job.name);
    }
    // A leader's run must not outlive its lease: past it another instance may start the same job.
    const signal = job.runOn === "leader" ? AbortSignal.any([shutdown.signal, AbortSignal.timeout(ttl)]) : shutdown.signal;
    await job.run({ signal, now: new Date() });
    return true;
  }

  function runNow(name: string): Promise<boolean> {
    const job = byName.get(name);
    if (!job) return Promise.reject(new Error(`no periodic job is named "${name}"`));
    const current = running.get(name);
    if (current) return current.then(() => false);
    const run = tick(job)
      .catch((error: unknown) => {
        if (!shutdown.signal.aborted) log.error({ err: error, job: name }, "periodic job failed");
        return false;
      })
      .finally(() => running.delete(name));
    running.set(name, run);
    return run;
  }

  return {
    start() {
      if (timers.length > 0 || shutdown.signal.aborted) return;
      for (const job of jobs) {
        const timer = setInterval(() => void runNow(job.name), job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    runNow,
    async stop() {
      if (shutdown.signal.aborted) return;
      for (const timer of timers) clearInterval(timer);
      shutdown.abort();
      await Promise.allSettled(running.values());
      await Promise.allSettled([...leased].map((name) => releaseLease(db, name, holder)));
      leased.clear();
    },
  };
}
