import { verify } from "@node-rs/argon2";
import { and, count, eq, gt, or, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../platform/http/errors.ts";
import { signInFailures, users, type UserRow } from "./accounts.tables.server.ts";
import { isClosedLevel, membershipName } from "./levels.ts";

/** Failed sign-ins allowed per account and per address within the window. */
export const SIGN_IN_LIMITS = { perAccount: 5, perAddress: 20, windowMs: 15 * 60 * 1000 } as const;

export type SignInFailure = "invalid_credentials" | "account_closed" | "account_disabled" | "too_many_attempts";

/** A hash to verify against when the account does not exist, so timing does not reveal which names exist. */
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$X89kqWmS9lmzpzv7Nn7HWw$V62sftvra81vun9tvspB5uzt6qPzDpjRo8Sa6R62N8o";

export function closedLabelKey(level: number): string {
  return `membership.${membershipName(level)}`;
}

export function createSignInService(db: Database, now: () => Date = () => new Date()) {
  async function recentFailures(usernameKey: string, ip: string): Promise<{ account: number; address: number }> {
    const since = new Date(now().getTime() - SIGN_IN_LIMITS.windowMs);
    const [row] = await db
      .select({
        account: sql<number>`count(*) filter (where ${signInFailures.usernameKey} = ${usernameKey})::int`,
        address: sql<number>`count(*) filter (where ${signInFailures.ip} = ${ip})::int`,
      })
      .from(signInFailures)
      .where(and(gt(signInFailures.failedAt, since), or(eq(signInFailures.usernameKey, usernameKey), eq(signInFailures.ip, ip))));
    return { account: row?.account ?? 0, address: row?.address ?? 0 };
  }

  return {
    /**
     * Checks a username (or email) and password. Failures are counted per
     * account and per address; past the limit nothing is checked at all.
     */
    async verifyPassword(login: string, password: string, ip: string): Promise<Result<UserRow, SignInFailure>> {
      const usernameKey = login.trim().toLowerCase().slice(0, 254);
      const failures = await recentFailures(usernameKey, ip);
      if (failures.account >= SIGN_IN_LIMITS.perAccount || failures.address >= SIGN_IN_LIMITS.perAddress) return fail("too_many_attempts");
      const [user] = await db
        .select()
        .from(users)
        .where(or(eq(users.usernameKey, usernameKey), sql`lower(${users.email}) = ${usernameKey}`))
        .limit(1);
      const passwordMatches = await verify(user?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
      if (!user || !user.passwordHash || !passwordMatches) {
        await db.insert(signInFailures).values({ usernameKey, ip });
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
