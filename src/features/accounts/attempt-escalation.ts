/**
 * Growing waits after wrong guesses (passwords, second-factor codes): a few
 * tries are free, then each further failure doubles the wait before the next
 * try is even checked, up to a ceiling. A member is slowed, never locked out
 * for good, and an attacker gets a handful of guesses an hour at most.
 */
export interface EscalationPolicy {
  /** Failures within the window that cost nothing. */
  readonly free: number;
  /** The wait after the first failure past the free ones. */
  readonly firstDelayMs: number;
  /** The longest wait. */
  readonly maxDelayMs: number;
  /** Failures older than this are forgotten. */
  readonly windowMs: number;
}

/** How long to wait after the last of `failures` failures before the next try is checked. */
export function waitAfterFailures(failures: number, policy: EscalationPolicy): number {
  if (failures < policy.free) return 0;
  const doublings = Math.min(failures - policy.free, 30);
  return Math.min(policy.firstDelayMs * 2 ** doublings, policy.maxDelayMs);
}

/** When the next try may be checked, or null when it may be now. */
export function nextTryAt(failures: number, lastFailureAt: Date | null, policy: EscalationPolicy, now: Date): Date | null {
  const wait = waitAfterFailures(failures, policy);
  if (wait === 0 || !lastFailureAt) return null;
  const at = new Date(lastFailureAt.getTime() + wait);
  return at > now ? at : null;
}

/** The failure that crosses from free tries into waits: the member hears of it then, once per window. */
export function crossesIntoWaits(failuresAfterThisOne: number, policy: EscalationPolicy): boolean {
  return failuresAfterThisOne === policy.free;
}
