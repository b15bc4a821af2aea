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
   * Runs `name` now (after a run under way ends), as its timer would: a
   * leader job only when this instance gets its lease. Resolves with whether
   * it ran (false: another instance holds the lease, or the runner stopped).
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

  function begin(job: PeriodicJobDefinition): Promise<boolean> {
    const run = tick(job)
      .catch((error: unknown) => {
        if (!shutdown.signal.aborted) log.error({ err: error, job: job.name }, "periodic job failed");
        return false;
      })
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  }

  /** A timer's tick is skipped while the previous run of its job is still under way. */
  function onTimer(job: PeriodicJobDefinition): void {
    if (!running.has(job.name)) void begin(job);
  }

  async function runNow(name: string): Promise<boolean> {
    const job = byName.get(name);
    if (!job) throw new Error(`no periodic job is named "${name}"`);
    for (let current = running.get(name); current; current = running.get(name)) await current;
    return begin(job);
  }

  return {
    start() {
      if (timers.length > 0 || shutdown.signal.aborted) return;
      for (const job of jobs) {
        const timer = setInterval(() => onTimer(job), job.everyMs);
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
