import { hash, verify } from "@node-rs/argon2";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../../platform/http/errors.ts";
import { generateLink } from "../../../platform/links/links.ts";
import type { AccountMail } from "../account-mail/account-mail.server.ts";
import { users } from "../accounts.tables.server.ts";
import type { AccountTokens } from "../email-links/account-tokens.server.ts";
import { newPasswordProblem } from "../registration/registration.service.server.ts";
import type { SessionsService } from "../sessions.service.server.ts";
import { createAttemptLimit } from "../two-factor/attempt-limit.server.ts";
import type { CredentialsFailure } from "./settings.schema.ts";

export interface CredentialsDeps {
  readonly tokens: AccountTokens;
  readonly sessions: Pick<SessionsService, "endAllFor">;
  readonly mail: Pick<AccountMail, "send">;
}

/**
 * The member's password and email address, from /settings. Both ask for the
 * current password (counted with the other re-authentications); a new
 * password follows the site's one password rule and signs out every other
 * session; a new address changes only when the link mailed to it is opened.
 */
export function createCredentialsService(db: Database, deps: CredentialsDeps, now: () => Date = () => new Date()) {
  const attempts = createAttemptLimit(db, now);

  async function account(userId: number) {
    const [row] = await db.select({ id: users.id, username: users.username, email: users.email, language: users.language, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
    return row ?? null;
  }

  /** The current password, checked against the member's hash, with the re-authentication limit. */
  async function proveIdentity(userId: number, password: string | undefined, ip: string): Promise<Result<NonNullable<Awaited<ReturnType<typeof account>>>, CredentialsFailure>> {
    if (!password) return fail("password_required");
    if (await attempts.isExhausted("reauthentication", userId)) return fail("too_many_attempts");
    const member = await account(userId);
    const matches = member?.passwordHash ? await verify(member.passwordHash, password).catch(() => false) : false;
    if (!member || !matches) {
      await attempts.recordFailure("reauthentication", userId, ip);
      return fail("wrong_password");
    }
    await attempts.clear("reauthentication", userId);
    return ok(member);
  }

  return {
    /** The member's address, as /settings shows it. */
    async emailOf(userId: number): Promise<string | null> {
      return (await account(userId))?.email ?? null;
    },

    /** A new password; every other session of the member ends (and its sockets close), this one stays. */
    async changePassword(userId: number, currentTokenHash: string, input: { current: string | undefined; password: string }, ip: string): Promise<Result<null, CredentialsFailure>> {
      const proven = await proveIdentity(userId, input.current, ip);
      if (!proven.ok) return proven;
      const problem = newPasswordProblem(input.password, proven.value);
      if (problem) return fail(problem);
      await db.update(users).set({ passwordHash: await hash(input.password) }).where(eq(users.id, userId));
      await deps.sessions.endAllFor(userId, currentTokenHash);
      return ok(null);
    },

    /**
     * Mails a confirmation link to the new address. When the address belongs
     * to another account, the answer is the same (no address is confirmed to
     * exist) and its owner is told instead.
     */
    async requestEmailChange(userId: number, input: { password: string | undefined; email: string }, ip: string, siteOrigin: string): Promise<Result<null, CredentialsFailure>> {
      const proven = await proveIdentity(userId, input.password, ip);
      if (!proven.ok) return proven;
      const member = proven.value;
      const email = input.email.trim();
      if (member.email && member.email.toLowerCase() === email.toLowerCase()) return fail("email_unchanged");
      const [owner] = await db
        .select({ username: users.username, email: users.email, language: users.language })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)))
        .limit(1);
      if (owner?.email) {
        await deps.mail.send("email_change_taken", { ...owner, email: owner.email }, siteOrigin);
        return ok(null);
      }
      const token = await deps.tokens.issue(userId, "email_change", email);
      if (!token) return fail("too_many_links");
      await deps.mail.send("email_change_confirm", { username: member.username, email, language: member.language }, siteOrigin, {
        path: generateLink("web_user_settings_confirm_email", { token }),
      });
      return ok(null);
    },

    /** The address a live confirmation link would set, or null (unknown, used or expired). */
    async pendingEmailOf(token: string): Promise<string | null> {
      return (await deps.tokens.peek(token, "email_change"))?.newEmail ?? null;
    },

    /**
     * Opens the link: the address changes now, the link is used up with every
     * other pending change, and the old address is told where mail goes from now on.
     */
    async confirmEmailChange(token: string, siteOrigin: string): Promise<Result<{ newEmail: string }, CredentialsFailure>> {
      const changed = await db
        .transaction(async (tx) => {
          const consumed = await deps.tokens.consume(tx, token, "email_change");
          if (!consumed?.newEmail) return null;
          const [before] = await tx.select({ username: users.username, email: users.email, language: users.language }).from(users).where(eq(users.id, consumed.userId)).limit(1);
          await tx.update(users).set({ email: consumed.newEmail }).where(eq(users.id, consumed.userId));
          return before ? { before, newEmail: consumed.newEmail } : null;
        })
        // Another account took the address since the link was sent (the unique index): the change cannot happen.
        .catch((error: unknown) => (isUniqueViolation(error) ? ("taken" as const) : Promise.reject(error instanceof Error ? error : new Error(String(error)))));
      if (changed === "taken") return fail("email_taken");
      if (!changed) return fail("invalid_link");
      if (changed.before.email) await deps.mail.send("email_changed", { ...changed.before, email: changed.before.email }, siteOrigin, { values: { newEmail: changed.newEmail } });
      return ok({ newEmail: changed.newEmail });
    },
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause && typeof cause === "object"; cause = "cause" in cause ? cause.cause : null) {
    if ("code" in cause && cause.code === "23505") return true;
  }
  return false;
}

export type CredentialsService = ReturnType<typeof createCredentialsService>;
