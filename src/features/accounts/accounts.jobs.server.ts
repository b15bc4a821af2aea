import { inArray, lt } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { drainClaimed } from "../../platform/jobs/claim-batch.server.ts";
import type { PeriodicJobDefinition } from "../../platform/jobs/job-types.ts";
import { noSessionsEndedNotice, type SessionsEndedNotice } from "../../platform/realtime/sessions-ended.server.ts";
import { sessions, signInFailures } from "./accounts.tables.server.ts";
import { expireMemberships } from "./membership/membership.service.server.ts";
import { createAccountTokens } from "./email-links/account-tokens.server.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** How long failed sign-ins are kept: far beyond every limit's window (15 minutes), for support and moderation. */
export const SIGN_IN_FAILURE_RETENTION_MS = DAY;
const CLEANUP_BATCH = 1000;

/**
 * Deletes sessions past their expiry (a session is refused from then on; the
 * row is only dead weight) and closes their sockets on every instance.
 */
export async function deleteExpiredSessions(db: Database, now: Date, signal: AbortSignal, sessionsEnded: SessionsEndedNotice = noSessionsEndedNotice): Promise<number> {
  const deleted = await drainClaimed(
    db,
    {
      batchSize: CLEANUP_BATCH,
      select: (tx) => tx.select({ tokenHash: sessions.tokenHash }).from(sessions).where(lt(sessions.expiresAt, now)).limit(CLEANUP_BATCH),
      handle: async (tx, rows) => {
        const tokenHashes = rows.map((row) => row.tokenHash);
        await tx.delete(sessions).where(inArray(sessions.tokenHash, tokenHashes));
        await sessionsEnded.record(tx, tokenHashes);
      },
    },
    signal,
  );
  if (deleted > 0) sessionsEnded.committed();
  return deleted;
}

/** Deletes failed sign-in and second-factor attempts older than the retention. */
export function deleteOldSignInFailures(db: Database, now: Date, signal: AbortSignal): Promise<number> {
  const before = new Date(now.getTime() - SIGN_IN_FAILURE_RETENTION_MS);
  return drainClaimed(
    db,
    {
      batchSize: CLEANUP_BATCH,
      select: (tx) => tx.select({ id: signInFailures.id }).from(signInFailures).where(lt(signInFailures.failedAt, before)).limit(CLEANUP_BATCH),
      handle: async (tx, rows) => {
        await tx.delete(signInFailures).where(inArray(signInFailures.id, rows.map((row) => row.id)));
      },
    },
    signal,
  );
}

/** The accounts feature's scheduled work, each on one leased leader. */
export function accountsJobs(db: Database, sessionsEnded: SessionsEndedNotice = noSessionsEndedNotice): PeriodicJobDefinition[] {
  return [
    { name: "accounts.membership-expiry", everyMs: MINUTE, runOn: "leader", run: async ({ now, signal }) => void (await expireMemberships(db, now, signal)) },
    { name: "accounts.expired-sessions", everyMs: 10 * MINUTE, runOn: "leader", run: async ({ now, signal }) => void (await deleteExpiredSessions(db, now, signal, sessionsEnded)) },
    { name: "accounts.old-email-links", everyMs: 60 * MINUTE, runOn: "leader", run: async ({ now }) => void (await createAccountTokens(db, () => now).prune()) },
    { name: "accounts.old-sign-in-failures", everyMs: 10 * MINUTE, runOn: "leader", run: async ({ now, signal }) => void (await deleteOldSignInFailures(db, now, signal)) },
  ];
}
