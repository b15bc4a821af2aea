import { hash } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../../platform/http/errors.ts";
import { generateLink } from "../../../platform/links/links.ts";
import type { AccountMail } from "../account-mail/account-mail.server.ts";
import { users } from "../accounts.tables.server.ts";
import type { AccountTokens } from "../email-links/account-tokens.server.ts";
import { isClosedLevel, levels } from "../levels.ts";
import { newPasswordProblem } from "../registration/registration.service.server.ts";
import type { SessionsService } from "../sessions.service.server.ts";
import type { PasswordResetFailure } from "./password-reset.schema.ts";

export interface PasswordResetDeps {
  readonly tokens: AccountTokens;
  readonly sessions: Pick<SessionsService, "endAllFor">;
  readonly mail: Pick<AccountMail, "send">;
}

/**
 * "Forgot password?": a single-use link by email, valid for an hour, that sets
 * a new password and ends every session of the member. Asking never tells
 * whether the address has an account.
 */
export function createPasswordResetService(db: Database, deps: PasswordResetDeps) {
  /** The account an address belongs to, when it can sign in at all (not a guest, not closed, not disabled). */
  async function resettableAccount(email: string) {
    const [row] = await db
      .select({ id: users.id, username: users.username, email: users.email, language: users.language, level: users.membershipLevel, isEnabled: users.isEnabled })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
      .limit(1);
    if (!row?.email || !row.isEnabled || isClosedLevel(row.level) || row.level < levels.basic) return null;
    return { ...row, email: row.email };
  }

  return {
    /**
     * Sends a reset link when the address has an account. The caller answers
     * the same either way; this resolves only after the mail is written, so
     * the caller should not make the visitor wait on it (see the route).
     */
    async request(email: string, siteOrigin: string): Promise<void> {
      const account = await resettableAccount(email);
      if (!account) return;
      const token = await deps.tokens.issue(account.id, "password_reset");
      if (!token) return;
      await deps.mail.send("password_reset", account, siteOrigin, { path: generateLink("web_security_reset_password", { token }) });
    },

    /** Whether the link can still be used (the page shows the form, or says it expired). */
    async linkIsLive(token: string): Promise<boolean> {
      return (await deps.tokens.peek(token, "password_reset")) !== null;
    },

    /**
     * Sets the new password and uses the link up, in one transaction; then
     * every session of the member ends (their sockets close). A password that
     * breaks a rule leaves the link usable.
     */
    async reset(token: string, password: string): Promise<Result<{ userId: number; username: string }, PasswordResetFailure>> {
      const live = await deps.tokens.peek(token, "password_reset");
      if (!live) return fail("invalid_link");
      const [owner] = await db.select({ username: users.username, email: users.email }).from(users).where(eq(users.id, live.userId)).limit(1);
      if (!owner) return fail("invalid_link");
      const problem = newPasswordProblem(password, owner);
      if (problem) return fail(problem);
      const passwordHash = await hash(password);
      const used = await db.transaction(async (tx) => {
        const consumed = await deps.tokens.consume(tx, token, "password_reset");
        if (!consumed) return false;
        await tx.update(users).set({ passwordHash }).where(eq(users.id, consumed.userId));
        return true;
      });
      if (!used) return fail("invalid_link");
      await deps.sessions.endAllFor(live.userId);
      return ok({ userId: live.userId, username: owner.username });
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
