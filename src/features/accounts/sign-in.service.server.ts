import { verify } from "@node-rs/argon2";
import { and, count, eq, gt, or, sql } from "drizzle-orm";
import { crossesIntoWaits, nextTryAt, type EscalationPolicy } from "./attempt-escalation.ts";
import type { Database } from "../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../platform/http/errors.ts";
import { signInFailures, users, type UserRow } from "./accounts.tables.server.ts";
import { isClosedLevel, levelMessageIds, membershipName } from "./levels.ts";

/**
 * Wrong passwords. Per account: five free tries a day, then growing waits for
 * every browser that never signed in to the account (the member's own
 * browsers are not slowed). Per address: twenty failures in fifteen minutes,
 * counting password failures only (wrong second-factor codes have their own
 * escalation, two-factor/attempt-limit.server.ts).
 */
export const SIGN_IN_LIMITS = {
  perAccount: { free: 5, firstDelayMs: 30_000, maxDelayMs: 15 * 60_000, windowMs: 24 * 60 * 60_000 } satisfies EscalationPolicy,
  perAddress: 20,
  addressWindowMs: 15 * 60_000,
} as const;

/** Who tries to sign in, beyond the name and password. */
export interface SignInAttempt {
  readonly ip: string;
  /** Accounts this browser signed in to before (known-browser.server.ts). */
  readonly recognisedUserIds: readonly number[];
  /** The origin for the links of the notice mail. */
  readonly siteOrigin: string;
}

/** Told once when an account's free tries run out (the member hears of it by mail). */
export type RepeatedFailuresNotice = (user: UserRow, siteOrigin: string) => Promise<unknown>;

/** Keys of the other failure kinds in the shared table (upper case: never a lower-cased login). */
const notPasswordFailure = sql`${signInFailures.usernameKey} not like '2FA:%' and ${signInFailures.usernameKey} not like 'REAUTH:%'`;

export type SignInFailure = "invalid_credentials" | "account_closed" | "account_disabled" | "too_many_attempts";

/** A hash to verify against when the account does not exist, so timing does not reveal which names exist. */
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$X89kqWmS9lmzpzv7Nn7HWw$V62sftvra81vun9tvspB5uzt6qPzDpjRo8Sa6R62N8o";

export function closedLabelKey(level: number): string {
  return levelMessageIds[membershipName(level)];
}

export function createSignInService(db: Database, options: { now?: () => Date; notice?: RepeatedFailuresNotice } = {}) {
  const now = options.now ?? (() => new Date());
  async function recentFailures(usernameKey: string, ip: string): Promise<{ account: number; lastAccountFailure: Date | null; address: number }> {
    const at = now().getTime();
    const accountSince = new Date(at - SIGN_IN_LIMITS.perAccount.windowMs);
    const addressSince = new Date(at - SIGN_IN_LIMITS.addressWindowMs);
    const isAccount = sql`${signInFailures.usernameKey} = ${usernameKey} and ${signInFailures.failedAt} > ${accountSince}`;
    const [row] = await db
      .select({
        account: sql<number>`count(*) filter (where ${isAccount})::int`,
        lastAccountFailure: sql<string | null>`max(${signInFailures.failedAt}) filter (where ${isAccount})`,
        address: sql<number>`count(*) filter (where ${signInFailures.ip} = ${ip} and ${signInFailures.failedAt} > ${addressSince} and ${notPasswordFailure})::int`,
      })
      .from(signInFailures)
      .where(and(gt(signInFailures.failedAt, accountSince), or(eq(signInFailures.usernameKey, usernameKey), eq(signInFailures.ip, ip))));
    return { account: row?.account ?? 0, lastAccountFailure: row?.lastAccountFailure ? new Date(row.lastAccountFailure) : null, address: row?.address ?? 0 };
  }

  return {
    /**
     * Checks a username (or email) and password. Failures are counted per
     * account and per address. Past an account's free tries, a browser that
     * never signed in to it must wait longer after each failure before its
     * next try is even checked; the member's own browsers are not slowed.
     */
    async verifyPassword(login: string, password: string, attempt: SignInAttempt): Promise<Result<UserRow, SignInFailure>> {
      const typedKey = login.trim().toLowerCase().slice(0, 254);
      const { ip } = attempt;
      const [user] = await db
        .select()
        .from(users)
        .where(or(eq(users.usernameKey, typedKey), sql`lower(${users.email}) = ${typedKey}`))
        .limit(1);
      // One count per account, whether its name or its email was typed.
      const usernameKey = user?.usernameKey ?? typedKey;
      const failures = await recentFailures(usernameKey, ip);
      if (failures.address >= SIGN_IN_LIMITS.perAddress) return fail("too_many_attempts");
      const recognised = user !== undefined && attempt.recognisedUserIds.includes(user.id);
      const waitUntil = recognised ? null : nextTryAt(failures.account, failures.lastAccountFailure, SIGN_IN_LIMITS.perAccount, now());
      if (waitUntil) return fail("too_many_attempts", { retryAfterSeconds: Math.ceil((waitUntil.getTime() - now().getTime()) / 1000) });
      const passwordMatches = await verify(user?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
      if (!user || !user.passwordHash || !passwordMatches) {
        await db.insert(signInFailures).values({ usernameKey, ip: ip.slice(0, 64), failedAt: now() });
        if (user && crossesIntoWaits(failures.account + 1, SIGN_IN_LIMITS.perAccount)) await options.notice?.(user, attempt.siteOrigin);
        return fail("invalid_credentials");
      }
      if (isClosedLevel(user.membershipLevel)) return fail("account_closed", { label: closedLabelKey(user.membershipLevel) });
      if (!user.isEnabled) return fail("account_disabled");
      await db.delete(signInFailures).where(eq(signInFailures.usernameKey, usernameKey));
      await db.update(users).set({ lastLoginAt: now() }).where(eq(users.id, user.id));
      return ok(user);
    },

    async failureCount(usernameKey: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(signInFailures).where(eq(signInFailures.usernameKey, usernameKey));
      return row?.n ?? 0;
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
