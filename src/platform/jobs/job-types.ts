/**
 * Scheduled work that a feature hands the platform's job runner through its
 * feature definition. Periodic jobs run on one leased leader across all
 * instances; claimed work (sweepers) may run on every instance and takes its
 * rows with FOR UPDATE SKIP LOCKED, so nothing is done twice.
 */
export interface JobRunContext {
  /** Aborted when the process shuts down or the lease is lost. */
  readonly signal: AbortSignal;
  readonly now: Date;
}

export interface PeriodicJobDefinition {
  /** Unique across the application; names the lease and the logs. */
  readonly name: string;
  readonly everyMs: number;
  /**
   * "leader": one instance at a time (a lease), e.g. membership expiry.
   * "every-instance": each instance runs it, e.g. a sweeper that claims rows with SKIP LOCKED.
   */
  readonly runOn: "leader" | "every-instance";
  run(context: JobRunContext): Promise<void>;
}
