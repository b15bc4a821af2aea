import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { openDatabase, type DatabaseHandle } from "../../platform/db/client.server.ts";
import { defineNotificationView, defineUnsolicitedNotificationType } from "../../platform/notifications/notification-types.ts";
import { requestCounters } from "../../platform/security/security.tables.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { users } from "../accounts/accounts.tables.server.ts";
import { NOTICE_WINDOW_MS, NOTICES_PER_RECIPIENT, NOTICES_PER_SENDER } from "./notification-limits.server.ts";
import { createNotificationsService, type NotificationsService } from "./notifications.service.server.ts";
import { notifications as notificationsTable } from "./notifications.tables.server.ts";

const poke = defineUnsolicitedNotificationType(
  defineNotificationView<{ from: string }>({ type: "test.poke", render: ({ from }) => ({ messageId: "test.poke", values: { username: from } }) }),
  z.object({ from: z.string().min(1) }),
);

/** Decision 0042: unsolicited notices are counted per sender and recipient, and per sender overall, in the change's transaction. */
describe.each(databaseTargets())("the limits on unsolicited notices on $name", (target) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let service: NotificationsService;
  const clock = { now: Date.parse("2026-06-01T12:00:00Z") };
  let alice = 0;
  let bob = 0;
  let carol = 0;

  beforeAll(async () => {
    const created = await target.create();
    drop = created.drop;
    database = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" });
    await database.migrate();
    service = createNotificationsService(database.db, undefined, () => new Date(clock.now));
    const rows = await database.db
      .insert(users)
      .values(["alice", "bob", "carol"].map((username) => ({ username, usernameKey: username, membershipLevel: 10 })))
      .returning({ id: users.id });
    [alice, bob, carol] = rows.map((row) => row.id) as [number, number, number];
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });
  beforeEach(async () => {
    await database.db.delete(notificationsTable);
    await database.db.delete(requestCounters);
  });

  /** One action: admitted, then its notice sent in the same transaction; the refusal otherwise. */
  const poking = (senderId: number, recipientId: number) =>
    database.db.transaction(async (tx) => {
      const permit = await service.recorder.admitIn(tx, senderId, recipientId);
      if (!permit.ok) return permit.error;
      await service.recorder.sendIn(tx, permit.value, poke, { from: String(senderId) });
      return "sent";
    });
  const stored = async (memberId: number) => (await service.list(memberId)).total;

  it("sends a recipient the limit's worth, refuses the next, and lets others still be sent to", async () => {
    const answers = [];
    for (let attempt = 0; attempt <= NOTICES_PER_RECIPIENT; attempt += 1) answers.push(await poking(alice, bob));
    expect(answers).toEqual([...Array<string>(NOTICES_PER_RECIPIENT).fill("sent"), "sent_too_many"]);
    expect(await stored(bob)).toBe(NOTICES_PER_RECIPIENT);
    // Another sender to the same recipient, and the same sender to another recipient, count apart.
    expect(await poking(carol, bob)).toBe("sent");
    expect(await poking(alice, carol)).toBe("sent");
  });

  it("counts in a window that opens at the first notice: once it has passed, the recipient can be sent to again", async () => {
    for (let attempt = 0; attempt < NOTICES_PER_RECIPIENT; attempt += 1) await poking(alice, bob);
    clock.now += NOTICE_WINDOW_MS - 1;
    expect(await poking(alice, bob)).toBe("sent_too_many");
    clock.now += 1;
    expect(await poking(alice, bob)).toBe("sent");
  });

  it("limits a sender overall, across recipients", async () => {
    const recipients = Array.from({ length: NOTICES_PER_SENDER + 1 }, (_, index) => 1_000_000 + index);
    const answers = [];
    // Counting needs no recipient row: admitting alone, as a change would before it writes.
    for (const recipient of recipients) answers.push(await database.db.transaction(async (tx) => (await service.recorder.admitIn(tx, alice, recipient)).ok));
    expect(answers.filter(Boolean)).toHaveLength(NOTICES_PER_SENDER);
    expect(answers.at(-1)).toBe(false);
    expect(await poking(alice, carol)).toBe("sent_too_many");
    expect(await poking(bob, carol)).toBe("sent");
  });

  it("spends no count for a change that rolled back", async () => {
    for (let attempt = 0; attempt < NOTICES_PER_RECIPIENT + 5; attempt += 1) {
      await expect(
        database.db.transaction(async (tx) => {
          const permit = await service.recorder.admitIn(tx, alice, bob);
          if (permit.ok) await service.recorder.sendIn(tx, permit.value, poke, { from: "alice" });
          throw new Error("the change failed after its notice");
        }),
      ).rejects.toThrow("the change failed");
    }
    expect(await stored(bob)).toBe(0);
    expect(await poking(alice, bob)).toBe("sent");
  });

  it("holds the limit when one sender's changes run at once", async () => {
    const answers = await Promise.all(Array.from({ length: NOTICES_PER_RECIPIENT + 5 }, () => poking(alice, bob)));
    expect(answers.filter((answer) => answer === "sent")).toHaveLength(NOTICES_PER_RECIPIENT);
    expect(await stored(bob)).toBe(NOTICES_PER_RECIPIENT);
  });

  it("records an unsolicited notice only with an unspent permit issued for it", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        const permit = await service.recorder.admitIn(tx, alice, bob);
        if (!permit.ok) throw new Error(permit.error);
        await service.recorder.sendIn(tx, permit.value, poke, { from: "alice" });
        // The same permit again: a second notice would go uncounted.
        await service.recorder.sendIn(tx, permit.value, poke, { from: "alice" });
      }),
    ).rejects.toThrow("unspent permit");
    await expect(database.db.transaction((tx) => service.recorder.sendIn(tx, { senderId: alice, recipientId: bob }, poke, { from: "alice" }))).rejects.toThrow("unspent permit");
    expect(await stored(bob)).toBe(0);
  });
});
