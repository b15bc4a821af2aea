import { verify } from "@node-rs/argon2";
import { noDomainEventNotifier, publishDomainEvent, type DomainEventNotifier } from "../../../platform/domain-events/domain-events.server.ts";
import { memberDeactivatedDomainEvent } from "../accounts.domain-events.server.ts";
import { createHash } from "node:crypto";
import { and, eq, notBetween } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../../platform/http/errors.ts";
import { users } from "../accounts.tables.server.ts";
import { levels } from "../levels.ts";
import { createSessionsService, hashSessionToken } from "../sessions.service.server.ts";
import { createAttemptLimit } from "../two-factor/attempt-limit.server.ts";
import { openRecoveryCodes, recoveryCodesKey } from "../two-factor/recovery-codes-flash.server.ts";
import { createTwoFactorService } from "../two-factor/two-factor.service.server.ts";
import type { AccountSettingsPage, SessionView, SettingsFailure } from "./settings.schema.ts";
import { summariseUserAgent } from "./user-agent-summary.ts";
import { noSessionsEndedNotice, type SessionsEndedNotice } from "../../../platform/realtime/sessions-ended.server.ts";

/** The id a session has on the page: derived from its stored hash, useless as a cookie or a lookup key elsewhere. */
export function publicSessionId(tokenHash: string): string {
  return createHash("sha256").update(`session-id:${tokenHash}`).digest("hex").slice(0, 32);
}

/**
 * The account settings page: two-factor status, the member's sessions (list,
 * revoke, sign out elsewhere) and closing the account.
 */
export function createAccountSettingsService(db: Database, now: () => Date = () => new Date(), sessionsEnded: SessionsEndedNotice = noSessionsEndedNotice, domainEvents: DomainEventNotifier = noDomainEventNotifier) {
  const sessions = createSessionsService(db, now, sessionsEnded);
  const twoFactor = createTwoFactorService(db, now);
  const attempts = createAttemptLimit(db, now);
  const sealingKey = recoveryCodesKey(db);

  async function ownSessions(userId: number, currentTokenHash: string) {
    const list = await sessions.list(userId, currentTokenHash);
    return list.map((session) => ({ ...session, publicId: publicSessionId(session.id) }));
  }

  return {
    /** Everything /settings shows, for the member whose session cookie is `sessionToken`. */
    async page(input: { userId: number; username: string; sessionToken: string; recoveryCodesCookie: string | null }): Promise<AccountSettingsPage> {
      const currentTokenHash = hashSessionToken(input.sessionToken);
      const [status, list] = await Promise.all([twoFactor.status(input.userId, input.username), ownSessions(input.userId, currentTokenHash)]);
      const newRecoveryCodes = input.recoveryCodesCookie && status.enabled ? openRecoveryCodes(await sealingKey(), currentTokenHash, input.recoveryCodesCookie, now().getTime()) : null;
      const views: SessionView[] = list.map((session) => ({
        id: session.publicId,
        current: session.current,
        device: summariseUserAgent(session.userAgent),
        ip: session.ip,
        createdAt: session.createdAt,
        lastSeenAt: session.lastSeenAt,
      }));
      return { twoFactor: status, newRecoveryCodes, sessions: views };
    },

    /** Ends one of the member's own sessions by its public id; another member's id finds nothing. */
    async revokeSession(userId: number, currentTokenHash: string, sessionId: string): Promise<Result<null, SettingsFailure>> {
      const target = (await ownSessions(userId, currentTokenHash)).find((session) => session.publicId === sessionId);
      if (!target) return fail("session_not_found");
      if (target.current) return fail("current_session");
      if (!(await sessions.revoke(userId, target.id))) return fail("session_not_found");
      return ok(null);
    },

    async revokeOtherSessions(userId: number, currentTokenHash: string): Promise<void> {
      await sessions.endAllFor(userId, currentTokenHash);
    },

    /**
     * Closes the member's own account (level 7, "voluntarily closed"): the
     * password confirms it; every session ends. Sign-in refuses closed levels.
     */
    async closeAccount(userId: number, proof: { password: string | undefined; confirmed: boolean }, ip: string): Promise<Result<null, SettingsFailure>> {
      if (!proof.password) return fail("password_required");
      if (!proof.confirmed) return fail("confirmation_required");
      if (await attempts.isExhausted("reauthentication", userId)) return fail("too_many_attempts");
      const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
      const matches = user?.passwordHash ? await verify(user.passwordHash, proof.password).catch(() => false) : false;
      if (!matches) {
        await attempts.recordFailure("reauthentication", userId, ip);
        return fail("wrong_password");
      }
      const closed = await db.transaction(async (tx) => {
        const rows = await tx
          .update(users)
          .set({ membershipLevel: levels.closed_voluntarily, closedAt: now() })
          .where(and(eq(users.id, userId), notBetween(users.membershipLevel, levels.closed_fair_play, levels.closed_unspecified)))
          .returning({ id: users.id });
        if (rows.length > 0) await publishDomainEvent(tx, memberDeactivatedDomainEvent, { memberId: userId, how: "closed" });
        return rows;
      });
      if (closed.length === 0) return fail("account_already_closed");
      domainEvents.kick();
      await sessions.endAllFor(userId);
      await attempts.clear("reauthentication", userId);
      return ok(null);
    },
  };
}

export type AccountSettingsService = ReturnType<typeof createAccountSettingsService>;
