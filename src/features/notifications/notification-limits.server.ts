/**
 * How many unsolicited notices (friend requests, challenges, club
 * invitations, mentions) one member may send, per recipient and overall
 * (decision 0042). Counted in the request_counters table the human check
 * counts in: every instance shares it through the database, and the count is
 * taken in the transaction of the change it admits, so a change that rolls
 * back takes its count with it.
 */
import type { Database } from "../../platform/db/client.server.ts";
import type { NotificationLimitRefusal, NotificationPermit } from "../../platform/notifications/notification-recorder.ts";
import { countSinceFirst, pruneCounters } from "../../platform/security/human-check/request-counters.server.ts";
import { fail, ok, type Result } from "../../shared/result.ts";

/** The window both limits count in; it opens at the sender's first notice. */
export const NOTICE_WINDOW_MS = 10 * 60_000;
/** To one recipient per window: a challenge and a few changes of mind, a busy forum thread. */
export const NOTICES_PER_RECIPIENT = 10;
/** To everyone together per window: a club's owner inviting a list of friends, a player challenging several. */
export const NOTICES_PER_SENDER = 60;

/** Every counter this module writes starts with it. */
const COUNTER_PREFIX = "notices:";

export function createNotificationLimits(now: () => Date) {
  /** Permits issued and not yet spent: one notice each. */
  const unspent = new WeakSet<NotificationPermit>();

  return {
    async admitIn(tx: Database, senderId: number, recipientId: number): Promise<Result<NotificationPermit, NotificationLimitRefusal>> {
      const at = now();
      // The sender's own counter first, in every change: two changes by one sender never lock the two rows in opposite orders.
      const sent = await countSinceFirst(tx, `${COUNTER_PREFIX}${senderId}`, NOTICE_WINDOW_MS, at);
      const sentToRecipient = await countSinceFirst(tx, `${COUNTER_PREFIX}${senderId}>${recipientId}`, NOTICE_WINDOW_MS, at);
      if (sent > NOTICES_PER_SENDER || sentToRecipient > NOTICES_PER_RECIPIENT) return fail("sent_too_many");
      const permit: NotificationPermit = { senderId, recipientId };
      unspent.add(permit);
      return ok(permit);
    },

    /** Spends a permit; one never issued or already spent is a programming error, and the caller's change rolls back. */
    spend(permit: NotificationPermit): void {
      if (!unspent.delete(permit)) throw new Error("an unsolicited notice needs an unspent permit from admitIn");
    },

    /** Deletes the counters whose window has closed. */
    prune(db: Database, at: Date, signal: AbortSignal): Promise<number> {
      return pruneCounters(db, COUNTER_PREFIX, new Date(at.getTime() - NOTICE_WINDOW_MS), signal);
    },
  };
}
