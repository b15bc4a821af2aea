import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { openDatabase, type DatabaseHandle } from "../../platform/db/client.server.ts";
import { defineNotificationType, defineNotificationView, renderNotification } from "../../platform/notifications/notification-types.ts";
import { outboxEvents } from "../../platform/realtime/outbox.tables.server.ts";
import { noOutboxNotifier } from "../../platform/realtime/outbox.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { users } from "../accounts/accounts.tables.server.ts";
import { UNREAD_COUNT_CAP } from "./notifications.constants.ts";
import { createNotificationsService, READ_RETENTION_MS, UNREAD_RETENTION_MS, type NotificationsService } from "./notifications.service.server.ts";
import { notifications as notificationsTable } from "./notifications.tables.server.ts";
import type { LinkGenerator } from "../../platform/links/links.ts";

const greeting = defineNotificationType(
  defineNotificationView<{ from: string }>({
    type: "test.greeting",
    render: ({ from }, link) => ({ messageId: "test.greeting", values: { username: from }, href: link("web_member_profile", { username: from }) }),
  }),
  z.object({ from: z.string().min(1) }),
);

const DAY = 24 * 3_600_000;

for (const target of databaseTargets()) {
  describe(`notifications on ${target.name}`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let service: NotificationsService;
    let kicks = 0;
    let alice = 0;
    let bob = 0;

    beforeAll(async () => {
      const created = await target.create();
      drop = created.drop;
      database = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" });
      await database.migrate();
      service = createNotificationsService(database.db, { ...noOutboxNotifier, kick: () => void (kicks += 1) });
      const rows = await database.db
        .insert(users)
        .values([{ username: "alice", usernameKey: "alice", membershipLevel: 10 }, { username: "bob", usernameKey: "bob", membershipLevel: 10 }])
        .returning({ id: users.id });
      [alice, bob] = rows.map((row) => row.id) as [number, number];
    });
    afterAll(async () => {
      await database.close();
      await drop();
    });
    beforeEach(async () => {
      await database.db.delete(notificationsTable);
      await database.db.delete(outboxEvents);
    });

    const record = (memberId: number, from: string) => database.db.transaction((tx) => service.recorder.recordIn(tx, memberId, greeting, { from }));

    it("records in the caller's transaction, with its push to the member's room in the outbox", async () => {
      await record(alice, "bob");
      const events = await database.db.select().from(outboxEvents);
      expect(events).toEqual([expect.objectContaining({ room: `user:${alice}`, type: "notification.added", payload: expect.objectContaining({ unread: 1, notification: expect.objectContaining({ type: "test.greeting", payload: { from: "bob" }, read: false }) }) })]);

      // A change that rolls back takes its notification and its push with it.
      await expect(
        database.db.transaction(async (tx) => {
          await service.recorder.recordIn(tx, alice, greeting, { from: "carla" });
          throw new Error("the change failed");
        }),
      ).rejects.toThrow("the change failed");
      expect(await service.unreadCount(alice)).toBe(1);
      expect(await database.db.select().from(outboxEvents)).toHaveLength(1);
    });

    it("refuses a payload that does not fit its type, and the caller's change rolls back", async () => {
      await expect(database.db.transaction((tx) => service.recorder.recordIn(tx, alice, greeting, { from: "" }))).rejects.toThrow();
      expect(await service.unreadCount(alice)).toBe(0);
    });

    it("lists a member's own notifications newest first, a page at a time", async () => {
      for (const from of ["one", "two", "three"]) await record(alice, from);
      await record(bob, "alice");
      const first = await service.list(alice, { page: 1, limit: 2 });
      expect(first).toMatchObject({ unread: 3, total: 3, page: 1, pageSize: 2 });
      expect(first.notifications.map((item) => item.payload)).toEqual([{ from: "three" }, { from: "two" }]);
      const second = await service.list(alice, { page: 2, limit: 2 });
      expect(second.notifications.map((item) => item.payload)).toEqual([{ from: "one" }]);
      expect((await service.list(bob)).notifications.map((item) => item.payload)).toEqual([{ from: "alice" }]);
    });

    it("marks one read, only the member's own, and all read; each read tells the member's pages the count", async () => {
      await record(alice, "one");
      await record(alice, "two");
      await record(bob, "alice");
      const [newest, older] = (await service.list(alice)).notifications;
      const [bobs] = (await service.list(bob)).notifications;
      if (!newest || !older || !bobs) throw new Error("the notifications were not recorded");

      // Alice cannot read Bob's notification: "not found", and it stays unread.
      expect(await service.markRead(alice, bobs.id)).toEqual({ ok: false, error: "not_found" });
      expect(await service.markRead(alice, 987_654)).toEqual({ ok: false, error: "not_found" });
      expect(await service.unreadCount(bob)).toBe(1);

      const kicksBefore = kicks;
      expect(await service.markRead(alice, newest.id)).toEqual({ ok: true, value: { unread: 1 } });
      expect(kicks).toBe(kicksBefore + 1);
      // Reading it again changes nothing and is no error.
      expect(await service.markRead(alice, newest.id)).toEqual({ ok: true, value: { unread: 1 } });
      const afterOne = await service.list(alice);
      expect(afterOne.notifications.map((item) => item.read)).toEqual([true, false]);

      expect(await service.markAllRead(alice)).toEqual({ unread: 0 });
      expect((await service.list(alice)).notifications.every((item) => item.read)).toBe(true);
      expect(await service.unreadCount(bob)).toBe(1);
      const reads = await database.db.select().from(outboxEvents).where(eq(outboxEvents.type, "notification.read"));
      expect(reads.map((event) => event.payload)).toEqual([
        { ids: [newest.id], unread: 1 },
        { ids: [newest.id], unread: 1 },
        { ids: null, unread: 0 },
      ]);
      expect(reads.every((event) => event.room === `user:${alice}`)).toBe(true);
    });

    it("withdraws a sender's notices, read or not, and tells the member's pages which went and the count after", async () => {
      await record(alice, "bob");
      await record(alice, "bob");
      await record(alice, "carla");
      const bobs = (await service.list(alice)).notifications.filter((item) => JSON.stringify(item.payload) === JSON.stringify({ from: "bob" }));
      const [read] = bobs;
      if (!read) throw new Error("the notifications were not recorded");
      await service.markRead(alice, read.id);
      await database.db.delete(outboxEvents);

      await database.db.transaction((tx) => service.recorder.withdrawIn(tx, alice, greeting, { from: "bob" }));
      expect((await service.list(alice)).notifications.map((item) => item.payload)).toEqual([{ from: "carla" }]);
      const pushed = await database.db.select().from(outboxEvents);
      expect(pushed).toEqual([expect.objectContaining({ room: `user:${alice}`, type: "notification.removed", payload: { ids: bobs.map((item) => item.id).sort((a, b) => a - b), unread: 1 } })]);

      // Nothing left to withdraw: nothing is pushed.
      await database.db.transaction((tx) => service.recorder.withdrawIn(tx, alice, greeting, { from: "bob" }));
      expect(await database.db.select().from(outboxEvents)).toHaveLength(1);
    });

    it("stops counting at the cap", async () => {
      await database.db.insert(notificationsTable).values(Array.from({ length: UNREAD_COUNT_CAP + 5 }, () => ({ memberId: alice, type: greeting.type, payload: { from: "bob" } })));
      expect(await service.unreadCount(alice)).toBe(UNREAD_COUNT_CAP);
    });

    it("prunes read notices after the read retention and any after the unread retention", async () => {
      const now = new Date("2026-11-25T12:00:00Z");
      const ago = (ms: number) => new Date(now.getTime() - ms);
      await database.db.insert(notificationsTable).values([
        { memberId: alice, type: greeting.type, payload: { from: "old-read" }, createdAt: ago(READ_RETENTION_MS + DAY), readAt: ago(READ_RETENTION_MS) },
        { memberId: alice, type: greeting.type, payload: { from: "old-unread" }, createdAt: ago(READ_RETENTION_MS + DAY) },
        { memberId: alice, type: greeting.type, payload: { from: "ancient-unread" }, createdAt: ago(UNREAD_RETENTION_MS + DAY) },
        { memberId: alice, type: greeting.type, payload: { from: "recent-read" }, createdAt: ago(DAY), readAt: ago(DAY) },
      ]);
      expect(await service.prune(now, new AbortController().signal)).toBe(2);
      const left = await database.db.select({ payload: notificationsTable.payload }).from(notificationsTable).orderBy(notificationsTable.id);
      expect(left.map((row) => row.payload)).toEqual([{ from: "old-unread" }, { from: "recent-read" }]);
    });

    it("lists the newest first by index, and counts unread from the partial index", async () => {
      const plans = await database.db.execute(sql`select indexname from pg_indexes where tablename = 'notifications' order by indexname`);
      expect(JSON.stringify(plans)).toContain("notifications_member_unread_idx");
      expect(JSON.stringify(plans)).toContain("notifications_member_newest_idx");
    });
  });
}

describe("rendering a stored notification", () => {
  const link: LinkGenerator = (route, ...[params]) => `/${route}/${Object.values(params ?? {}).join("/")}`;

  it("renders a registered type and skips an unknown type (the payload was checked when it was recorded)", () => {
    expect(renderNotification([greeting], "test.greeting", { from: "bob" }, link)).toEqual({ messageId: "test.greeting", values: { username: "bob" }, href: "/web_member_profile/bob" });
    expect(renderNotification([greeting], "test.gone", { from: "bob" }, link)).toBeNull();
  });
});
