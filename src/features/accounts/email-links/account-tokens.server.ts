import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { accountTokens, users } from "../accounts.tables.server.ts";

export type AccountTokenPurpose = "password_reset" | "email_change";

/** How long each kind of link works. */
export const TOKEN_LIFETIME_MS: Readonly<Record<AccountTokenPurpose, number>> = {
  password_reset: 60 * 60_000,
  email_change: 24 * 60 * 60_000,
};

/** Links of one kind a member may have waiting at once: past that, no more mail goes out (no mailbox flooding). */
export const MAX_LIVE_TOKENS = 3;

/** A token is 32 random bytes in base64url: exactly 43 characters of [A-Za-z0-9_-]. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashAccountToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface LiveAccountToken {
  readonly userId: number;
  readonly newEmail: string | null;
}

/** Who may hold a transaction or the database: the consuming statement runs in the caller's transaction. */
type Queryable = Pick<Database, "select" | "update" | "insert" | "delete">;

/**
 * Single-use, expiring links for email (password reset, new address
 * confirmation). The raw token only ever leaves in the mail; the table keeps
 * its hash.
 */
export function createAccountTokens(db: Database, now: () => Date = () => new Date()) {
  function liveWhere(tokenHash: string, purpose: AccountTokenPurpose) {
    return and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now()));
  }

  return {
    /** A new link for the member, or null when they already have MAX_LIVE_TOKENS of this kind waiting. */
    async issue(userId: number, purpose: AccountTokenPurpose, newEmail: string | null = null): Promise<string | null> {
      const token = randomBytes(32).toString("base64url");
      return db.transaction(async (tx) => {
        // The member's row is the lock: concurrent requests for one member count one after the other.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
        const [live] = await tx
          .select({ total: count() })
          .from(accountTokens)
          .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now())));
        if ((live?.total ?? 0) >= MAX_LIVE_TOKENS) return null;
        await tx.insert(accountTokens).values({ tokenHash: hashAccountToken(token), userId, purpose, newEmail, createdAt: now(), expiresAt: new Date(now().getTime() + TOKEN_LIFETIME_MS[purpose]) });
        return token;
      });
    },

    /** The live link a token names, without using it (to show the form it opens); null when unknown, used or expired. */
    async peek(token: string, purpose: AccountTokenPurpose): Promise<LiveAccountToken | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const [row] = await db.select({ userId: accountTokens.userId, newEmail: accountTokens.newEmail }).from(accountTokens).where(liveWhere(hashAccountToken(token), purpose)).limit(1);
      return row ?? null;
    },

    /**
     * Uses the link: marks it used and, in the same statement, checks that it
     * was live, so that of two concurrent uses one wins. Every other live link
     * of the member for the same purpose is used up with it. Run it in the
     * transaction that does the link's work (`tx`).
     */
    async consume(tx: Queryable, token: string, purpose: AccountTokenPurpose): Promise<LiveAccountToken | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const [row] = await tx
        .update(accountTokens)
        .set({ usedAt: now() })
        .where(liveWhere(hashAccountToken(token), purpose))
        .returning({ userId: accountTokens.userId, newEmail: accountTokens.newEmail });
      if (!row) return null;
      await tx
        .update(accountTokens)
        .set({ usedAt: now() })
        .where(and(eq(accountTokens.userId, row.userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
      return row;
    },

    /** Forgets links that expired or were used more than a day ago (the accounts cleanup job). */
    async prune(): Promise<void> {
      const dayAgo = new Date(now().getTime() - 24 * 60 * 60_000);
      await db.delete(accountTokens).where(or(lt(accountTokens.expiresAt, dayAgo), lt(accountTokens.usedAt, dayAgo)));
    },
  };
}

export type AccountTokens = ReturnType<typeof createAccountTokens>;
