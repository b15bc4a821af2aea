import type { FastifyBaseLogger } from "fastify";
import type { PeriodicJobDefinition } from "../platform/jobs/job-types.ts";

export interface JobTimers {
  stop(): Promise<void>;
}

/**
 * Runs the features' periodic jobs on plain timers in this process, as the
 * membership expiry always ran: on every instance, one run of a job at a time.
 * A stand-in until the platform's leased job runner (platform/jobs) takes the
 * same list.
 */
export function startLocalJobTimers(jobs: readonly PeriodicJobDefinition[], log: FastifyBaseLogger): JobTimers {
  const shutdown = new AbortController();
  const running = new Set<Promise<void>>();
  const timers = jobs.map((job) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const run = job
        .run({ signal: shutdown.signal, now: new Date() })
        .catch((error: unknown) => log.error({ err: error, job: job.name }, "periodic job failed"))
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      shutdown.abort();
      await Promise.all(running);
    },
  };
}
