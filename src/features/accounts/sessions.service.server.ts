import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { preparedName } from "../../platform/db/prepared.server.ts";
import { createShortAnswerCache } from "../../platform/http/short-answer-cache.server.ts";
import { noSessionsEndedNotice, type SessionsEndedNotice } from "../../platform/realtime/sessions-ended.server.ts";
import { boardSettings, sessions, users, type BoardSettingsRow, type UserRow } from "./accounts.tables.server.ts";
import { noClubRoles, type ClubRoleSource } from "./club-role-source.ts";
import { heldRolesColumns, parseHeldRoles, type HeldRoles } from "./roles.server.ts";

/** A session lives this long without use; "remember me" stretches it (capped at the spec's 90 days for cookies). */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const REMEMBERED_SESSION_MS = 90 * 24 * 60 * 60 * 1000;
/**
 * A quiet read (a polled JSON GET) may resume a session read this long ago
 * (decision 0067). A session ended or changed on this instance is dropped at
 * once; one ended on another instance stops pages and writes at once and
 * quiet reads here within this time.
 */
export const QUIET_SESSION_TTL_MS = 1_000;

/** Sliding expiry is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface ActiveSession {
  readonly tokenHash: string;
  readonly twoFactorPending: boolean;
  readonly remember: boolean;
  readonly expiresAt: Date;
  readonly user: UserRow;
  /** The member's site and club roles, read in the same query as the session. */
  readonly roles: HeldRoles;
  /** The member's saved board options and site theme (same query); null until they first save. */
  readonly boardSettings: BoardSettingsRow | null;
}

export interface SessionSummary {
  readonly id: string;
  readonly current: boolean;
  readonly userAgent: string | null;
  readonly ip: string | null;
  readonly createdAt: string;
  readonly lastSeenAt: string;
}

function lifetime(remember: boolean): number {
  return remember ? REMEMBERED_SESSION_MS : SESSION_IDLE_MS;
}

/**
 * Sessions: opaque cookie tokens, stored hashed, sliding expiry. Every way a
 * session ends tells `sessionsEnded`, so that its sockets close on every instance.
 */
export function createSessionsService(db: Database, now: () => Date = () => new Date(), sessionsEnded: SessionsEndedNotice = noSessionsEndedNotice, clubRoles: ClubRoleSource = noClubRoles) {
  // By token hash; a session's later change on this instance forgets it.
  const quietSessions = createShortAnswerCache<ActiveSession | null>({ ttlMs: QUIET_SESSION_TTL_MS, maxEntries: 10_000, now: () => now().getTime() });

  /** Deletes the sessions `where` selects and records the notice in the same transaction; the ended sessions' hashes. */
  async function endWhere(where: SQL | undefined): Promise<string[]> {
    const ended = await db.transaction(async (tx) => {
      const removed = await tx.delete(sessions).where(where).returning({ tokenHash: sessions.tokenHash });
      const hashes = removed.map((row) => row.tokenHash);
      await sessionsEnded.record(tx, hashes);
      return hashes;
    });
    if (ended.length > 0) sessionsEnded.committed();
    for (const hash of ended) quietSessions.forget(hash);
    return ended;
  }

  // Prepared once: every request with a session cookie reads it (its SQL is built once, PostgreSQL plans it once per connection).
  const liveSessionQuery = db
    .select({ session: sessions, user: users, boardSettings, ...heldRolesColumns(sql`${users.id}`, clubRoles) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(boardSettings, eq(boardSettings.userId, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .limit(1);
  const liveSession = liveSessionQuery.prepare(preparedName("session_resume", liveSessionQuery));

  /** The live session of a token hash with its member and roles, sliding its expiry when due. */
  async function resumeHash(tokenHash: string): Promise<ActiveSession | null> {
    const [row] = await liveSession.execute({ tokenHash, now: now() });
    if (!row) return null;
    let expiresAt = row.session.expiresAt;
    if (now().getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      expiresAt = new Date(now().getTime() + lifetime(row.session.remember));
      await db.update(sessions).set({ lastSeenAt: now(), expiresAt }).where(eq(sessions.tokenHash, tokenHash));
    }
    return { tokenHash, twoFactorPending: row.session.twoFactorPending, remember: row.session.remember, expiresAt, user: row.user, roles: parseHeldRoles(row.siteRoles, row.clubRoles), boardSettings: row.boardSettings };
  }

  return {
    /** A new session (a new id at every sign-in); returns the cookie token. */
    async start(userId: number, options: { remember: boolean; twoFactorPending: boolean; userAgent: string | null; ip: string | null }): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(now().getTime() + lifetime(options.remember));
      await db.insert(sessions).values({
        tokenHash: hashSessionToken(token),
        userId,
        remember: options.remember,
        twoFactorPending: options.twoFactorPending,
        userAgent: options.userAgent?.slice(0, 300) ?? null,
        ip: options.ip,
        expiresAt,
      });
      return { token, expiresAt };
    },

    /**
     * The live session a cookie names with its member and their roles, in one
     * query (the touch that slides the expiry runs at most every 5 minutes);
     * null when unknown or expired.
     */
    async resume(token: string | undefined): Promise<ActiveSession | null> {
      if (!token || token.length > 100) return null;
      return resumeHash(hashSessionToken(token));
    },

    /** resume() for a quiet read: the session as read at most QUIET_SESSION_TTL_MS ago on this instance. */
    async resumeQuiet(token: string | undefined): Promise<ActiveSession | null> {
      if (!token || token.length > 100) return null;
      const tokenHash = hashSessionToken(token);
      return quietSessions.get(tokenHash, () => resumeHash(tokenHash));
    },

    async completeTwoFactor(tokenHash: string): Promise<void> {
      await db.update(sessions).set({ twoFactorPending: false }).where(eq(sessions.tokenHash, tokenHash));
      quietSessions.forget(tokenHash);
    },

    async end(tokenHash: string): Promise<void> {
      await endWhere(eq(sessions.tokenHash, tokenHash));
    },

    /** Ends one of the member's own sessions; false when it is not theirs. */
    async revoke(userId: number, tokenHash: string): Promise<boolean> {
      return (await endWhere(and(eq(sessions.userId, userId), eq(sessions.tokenHash, tokenHash)))).length > 0;
    },

    async endAllFor(userId: number, exceptTokenHash?: string): Promise<void> {
      await endWhere(exceptTokenHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, exceptTokenHash)) : eq(sessions.userId, userId));
    },

    async list(userId: number, currentTokenHash: string): Promise<SessionSummary[]> {
      const rows = await db.select().from(sessions).where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now()))).orderBy(desc(sessions.lastSeenAt));
      return rows.map((row) => ({
        id: row.tokenHash,
        current: row.tokenHash === currentTokenHash,
        userAgent: row.userAgent,
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
      }));
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
