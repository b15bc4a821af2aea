import { and, count, eq, gt } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { signInFailures } from "../accounts.tables.server.ts";

/**
 * Failed second-factor and re-authentication attempts, counted in the shared
 * sign_in_failures table (every instance sees the same count): "2FA:<userId>"
 * for the /2fa step, "REAUTH:<userId>" for the confirmations in /settings.
 * The keys are upper case on purpose: the sign-in service lower-cases every
 * login it records, so no typed username can add to (or be blocked by) them.
 */
export const ATTEMPT_LIMITS = {
  /** Wrong codes on /2fa: 5 per 15 minutes per member. */
  twoFactor: { max: 5, windowMs: 15 * 60 * 1000 },
  /** Wrong codes or passwords in /settings (confirming, turning off, closing): 10 per 15 minutes. */
  reauthentication: { max: 10, windowMs: 15 * 60 * 1000 },
} as const;

export type AttemptKind = keyof typeof ATTEMPT_LIMITS;

export function attemptKey(kind: AttemptKind, userId: number): string {
  return `${kind === "twoFactor" ? "2FA" : "REAUTH"}:${userId}`;
}

export function createAttemptLimit(db: Database, now: () => Date) {
  return {
    async isExhausted(kind: AttemptKind, userId: number): Promise<boolean> {
      const limit = ATTEMPT_LIMITS[kind];
      const since = new Date(now().getTime() - limit.windowMs);
      const [row] = await db
        .select({ failures: count() })
        .from(signInFailures)
        .where(and(eq(signInFailures.usernameKey, attemptKey(kind, userId)), gt(signInFailures.failedAt, since)));
      return (row?.failures ?? 0) >= limit.max;
    },

    async recordFailure(kind: AttemptKind, userId: number, ip: string): Promise<void> {
      await db.insert(signInFailures).values({ usernameKey: attemptKey(kind, userId), ip: ip.slice(0, 64), failedAt: now() });
    },

    async clear(kind: AttemptKind, userId: number): Promise<void> {
      await db.delete(signInFailures).where(eq(signInFailures.usernameKey, attemptKey(kind, userId)));
    },
  };
}

export type AttemptLimit = ReturnType<typeof createAttemptLimit>;
