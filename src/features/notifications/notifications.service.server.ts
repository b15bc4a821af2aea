import { and, count, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../platform/http/errors.ts";
import { drainClaimed } from "../../platform/jobs/claim-batch.server.ts";
import type { NotificationRecorder } from "../../platform/notifications/notification-recorder.ts";
import type { NotificationTypeDefinition } from "../../platform/notifications/notification-types.ts";
import { memberRoom } from "../../platform/realtime/member-room.ts";
import { enqueueEvent, noOutboxNotifier, type OutboxNotifier } from "../../platform/realtime/outbox.server.ts";
import { createNotificationLimits } from "./notification-limits.server.ts";
import { notificationAddedEvent, notificationsReadEvent, notificationsRemovedEvent } from "./notifications.events.ts";
import { NOTIFICATIONS_PAGE_SIZE, UNREAD_COUNT_CAP } from "./notifications.constants.ts";
import type { NotificationItem, NotificationList } from "./notifications.schema.ts";
import { notifications, type NotificationRow } from "./notifications.tables.server.ts";

const DAY = 24 * 3_600_000;
/** Read notifications are kept a month, unread ones three (a member away that long has moved on). */
export const READ_RETENTION_MS = 30 * DAY;
export const UNREAD_RETENTION_MS = 90 * DAY;
const PRUNE_BATCH = 1000;

export type NotificationFailure = "not_found";

function present(row: Pick<NotificationRow, "id" | "type" | "payload" | "createdAt" | "readAt">): NotificationItem {
  return { id: row.id, type: row.type, payload: row.payload, createdAt: row.createdAt.toISOString(), read: row.readAt !== null };
}

/**
 * `outbox` is told after each commit of this service's own writes (marking
 * read); the recorder writes in the caller's transaction, whose owner kicks
 * it. `now` is the clock the sending limits count by.
 */
export function createNotificationsService(db: Database, outbox: OutboxNotifier = noOutboxNotifier, now: () => Date = () => new Date()) {
  const limits = createNotificationLimits(now);

  /** Unread notices up to the cap: a bounded range of the partial index, however many pile up. */
  function unreadCountQuery(on: Database) {
    const capped = on.select({ id: notifications.id }).from(notifications).where(and(eq(notifications.memberId, sql.placeholder("memberId")), isNull(notifications.readAt))).limit(UNREAD_COUNT_CAP).as("capped");
    return on.select({ n: count() }).from(capped);
  }
  // Prepared once: the bell asks on every page (inside a transaction, the same SQL is built there).
  const unreadCountOutside = unreadCountQuery(db).prepare("notifications_unread_count");

  async function unreadCount(memberId: number, on: Database = db): Promise<number> {
    const [row] = await (on === db ? unreadCountOutside : unreadCountQuery(on)).execute({ memberId });
    return row?.n ?? 0;
  }

  /** Marks read and tells the member's open pages the new count, in one transaction. */
  async function markWhere(memberId: number, ids: readonly number[] | null): Promise<number> {
    const unread = await db.transaction(async (tx) => {
      const mine = eq(notifications.memberId, memberId);
      await tx
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(mine, isNull(notifications.readAt), ids === null ? undefined : inArray(notifications.id, [...ids])));
      const left = await unreadCount(memberId, tx);
      await enqueueEvent(tx, memberRoom(memberId), notificationsReadEvent, { ids: ids === null ? null : [...ids], unread: left });
      return left;
    });
    outbox.kick();
    return unread;
  }

  /**
   * Records a notice inside the caller's transaction and queues its push to
   * the member's private room there too. A payload that does not fit its
   * type's schema is a programming error: it throws, and the caller's whole
   * change rolls back.
   */
  async function record<Payload>(tx: Database, memberId: number, definition: NotificationTypeDefinition<Payload>, payload: Payload): Promise<void> {
    const checked: unknown = definition.schema.parse(payload);
    const [row] = await tx.insert(notifications).values({ memberId, type: definition.type, payload: checked }).returning();
    if (!row) throw new Error("notification insert returned nothing");
    const unread = await unreadCount(memberId, tx);
    await enqueueEvent(tx, memberRoom(memberId), notificationAddedEvent, { notification: present(row), unread });
  }

  /** The member's notices of a type whose payload contains `match` (the partial unread index narrows `unreadOnly` to a few rows). */
  function matching<Payload>(memberId: number, definition: NotificationTypeDefinition<Payload>, match: Partial<Payload>, unreadOnly: boolean) {
    return and(eq(notifications.memberId, memberId), unreadOnly ? isNull(notifications.readAt) : undefined, eq(notifications.type, definition.type), sql`${notifications.payload} @> ${JSON.stringify(match)}::jsonb`);
  }

  const recorder: NotificationRecorder = {
    admitIn: limits.admitIn,

    async sendIn(tx, permit, definition, payload) {
      limits.spend(permit);
      await record(tx, permit.recipientId, definition, payload);
    },

    recordIn: record,

    async settleIn(tx, memberId, definition, match) {
      const settled = await tx.update(notifications).set({ readAt: new Date() }).where(matching(memberId, definition, match, true)).returning({ id: notifications.id });
      if (settled.length === 0) return;
      await enqueueEvent(tx, memberRoom(memberId), notificationsReadEvent, { ids: settled.map((row) => row.id), unread: await unreadCount(memberId, tx) });
    },

    async withdrawIn(tx, memberId, definition, match) {
      const removed = await tx.delete(notifications).where(matching(memberId, definition, match, false)).returning({ id: notifications.id });
      if (removed.length === 0) return;
      await enqueueEvent(tx, memberRoom(memberId), notificationsRemovedEvent, { ids: removed.map((row) => row.id).sort((a, b) => a - b), unread: await unreadCount(memberId, tx) });
    },
  };

  return {
    recorder,
    unreadCount: (memberId: number) => unreadCount(memberId),

    /** A member's notifications, newest first, one page at a time. */
    async list(memberId: number, options: { page?: number; limit?: number } = {}): Promise<NotificationList> {
      const pageSize = options.limit ?? NOTIFICATIONS_PAGE_SIZE;
      const page = Math.max(1, options.page ?? 1);
      const mine = eq(notifications.memberId, memberId);
      const [rows, [total], unread] = await Promise.all([
        db
          .select({ id: notifications.id, type: notifications.type, payload: notifications.payload, createdAt: notifications.createdAt, readAt: notifications.readAt })
          .from(notifications)
          .where(mine)
          .orderBy(desc(notifications.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(notifications).where(mine),
        unreadCount(memberId),
      ]);
      return { notifications: rows.map(present), unread, total: total?.n ?? 0, page, pageSize };
    },

    /** Marks one of the member's own notifications read; another member's is "not found" (and stays unread). */
    async markRead(memberId: number, id: number): Promise<Result<{ unread: number }, NotificationFailure>> {
      const [owned] = await db.select({ id: notifications.id }).from(notifications).where(and(eq(notifications.id, id), eq(notifications.memberId, memberId))).limit(1);
      if (!owned) return fail("not_found");
      return ok({ unread: await markWhere(memberId, [id]) });
    },

    async markAllRead(memberId: number): Promise<{ unread: number }> {
      return { unread: await markWhere(memberId, null) };
    },

    /** Deletes the sending limits' counters whose window has closed. */
    pruneLimits: (at: Date, signal: AbortSignal) => limits.prune(db, at, signal),

    /** Deletes read notices past READ_RETENTION_MS and any past UNREAD_RETENTION_MS, in claimed batches. */
    prune(now: Date, signal: AbortSignal): Promise<number> {
      const readBefore = new Date(now.getTime() - READ_RETENTION_MS);
      const anyBefore = new Date(now.getTime() - UNREAD_RETENTION_MS);
      const old = or(lt(notifications.createdAt, anyBefore), and(isNotNull(notifications.readAt), lt(notifications.createdAt, readBefore)));
      return drainClaimed(
        db,
        {
          batchSize: PRUNE_BATCH,
          select: (tx) => tx.select({ id: notifications.id }).from(notifications).where(old).orderBy(notifications.createdAt).limit(PRUNE_BATCH),
          handle: async (tx, rows) => {
            await tx.delete(notifications).where(inArray(notifications.id, rows.map((row) => row.id)));
          },
        },
        signal,
      );
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

