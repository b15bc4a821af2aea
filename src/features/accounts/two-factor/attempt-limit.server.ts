import { and, count, eq, gt, max } from "drizzle-orm";
import { crossesIntoWaits, nextTryAt, type EscalationPolicy } from "../attempt-escalation.ts";
import type { Database } from "../../../platform/db/client.server.ts";
import { signInFailures } from "../accounts.tables.server.ts";

/**
 * Failed second-factor and re-authentication attempts, counted in the shared
 * sign_in_failures table (every instance sees the same count): "2FA:<userId>"
 * for the /2fa step, "REAUTH:<userId>" for the confirmations in /settings.
 * The keys are upper case on purpose: the sign-in service lower-cases every
 * login it records, so no typed username can add to (or be blocked by) them,
 * and the sign-in's per-address count leaves them out: a member mistyping
 * codes never uses up their whole address's sign-ins.
 *
 * Both escalate (attempt-escalation.ts): a few free tries, then waits that
 * double with each wrong code. Whoever reaches /2fa knows the password, so
 * the member is told by mail when the waits begin.
 */
export const ATTEMPT_LIMITS = {
  /** Wrong codes on /2fa: 5 free a day, then from one minute up to an hour between tries. */
  twoFactor: { free: 5, firstDelayMs: 60_000, maxDelayMs: 60 * 60_000, windowMs: 24 * 60 * 60_000 },
  /** Wrong codes or passwords in /settings (confirming, turning off, closing): 10 free, then from one minute up to 15. */
  reauthentication: { free: 10, firstDelayMs: 60_000, maxDelayMs: 15 * 60_000, windowMs: 60 * 60_000 },
} as const satisfies Record<string, EscalationPolicy>;

export type AttemptKind = keyof typeof ATTEMPT_LIMITS;

export function attemptKey(kind: AttemptKind, userId: number): string {
  return `${kind === "twoFactor" ? "2FA" : "REAUTH"}:${userId}`;
}

export function createAttemptLimit(db: Database, now: () => Date) {
  async function recent(kind: AttemptKind, userId: number): Promise<{ failures: number; last: Date | null }> {
    const since = new Date(now().getTime() - ATTEMPT_LIMITS[kind].windowMs);
    const [row] = await db
      .select({ failures: count(), last: max(signInFailures.failedAt) })
      .from(signInFailures)
      .where(and(eq(signInFailures.usernameKey, attemptKey(kind, userId)), gt(signInFailures.failedAt, since)));
    return { failures: row?.failures ?? 0, last: row?.last ?? null };
  }

  return {
    /** Whether the next try must wait (the last wrong codes were too recent). */
    async isExhausted(kind: AttemptKind, userId: number): Promise<boolean> {
      const { failures, last } = await recent(kind, userId);
      return nextTryAt(failures, last, ATTEMPT_LIMITS[kind], now()) !== null;
    },

    /** Records a wrong code; true when it is the one that starts the waits (tell the member). */
    async recordFailure(kind: AttemptKind, userId: number, ip: string): Promise<boolean> {
      await db.insert(signInFailures).values({ usernameKey: attemptKey(kind, userId), ip: ip.slice(0, 64), failedAt: now() });
      return crossesIntoWaits((await recent(kind, userId)).failures, ATTEMPT_LIMITS[kind]);
    },

    async clear(kind: AttemptKind, userId: number): Promise<void> {
      await db.delete(signInFailures).where(eq(signInFailures.usernameKey, attemptKey(kind, userId)));
    },
  };
}

export type AttemptLimit = ReturnType<typeof createAttemptLimit>;
