import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { memberRoom } from "../../platform/realtime/member-room.ts";
import type { TestSocket } from "../../platform/realtime/test-kit.server.ts";
import type { RunningApp } from "../../test/start-app.ts";
import { twoInstancesForSuite } from "../../test/two-instances.ts";
import { command, join, valueOf } from "../play/play.socket-kit.server.ts";
import type { ChallengeView } from "../play/play.schema.ts";
import { openSocket, signIn } from "../presence/presence.test-kit.server.ts";
import { NOTICES_PER_RECIPIENT } from "./notification-limits.server.ts";
import { notifications } from "./notifications.tables.server.ts";

const blitz = { rules: "standard", control: { kind: "live", baseSeconds: 180, incrementSeconds: 2 }, rated: false, color: "white" } as const;

// In CI a missing REDIS_URL or TEST_DATABASE_URL fails the file; elsewhere the suite is skipped with a warning.
const instances = twoInstancesForSuite(["limits-A", "limits-B"]);

/** Issue 19 item 6: the limits are one count however many instances the sender's sessions are spread over. */
describe.skipIf(!instances.available)("limits on writing to another member's notifications across two instances", () => {
  let first: RunningApp;
  let second: RunningApp;
  beforeAll(() => {
    ({ first, second } = instances);
  });

  it("counts a sender's challenges made through A and through B together, and a challenge withdrawn on A leaves the bell on B", async () => {
    const aliceOnA = await signIn(first, "alice");
    const aliceOnB = await signIn(second, "alice");
    const bob = await signIn(second, "bob");
    const sockets: readonly [TestSocket, TestSocket] = [await openSocket(first, { cookie: aliceOnA.cookie }), await openSocket(second, { cookie: aliceOnB.cookie })];
    const bell = await openSocket(second, { cookie: bob.cookie });
    try {
      await join(bell, memberRoom(bob.id));
      const answers: string[] = [];
      for (let cycle = 0; cycle <= NOTICES_PER_RECIPIENT; cycle += 1) {
        const [creator, canceller] = cycle % 2 === 0 ? sockets : [sockets[1], sockets[0]];
        const created = await command(creator, "challenge.create", { opponent: "bob", terms: blitz });
        answers.push(created.ok ? "created" : created.code);
        if (created.ok) valueOf(await command(canceller, "challenge.cancel", { id: valueOf<ChallengeView>(created).id }));
      }
      expect(answers).toEqual([...Array<string>(NOTICES_PER_RECIPIENT).fill("created"), "sent_too_many"]);

      // Every notice came to Bob's bell on B and went again, those of challenges withdrawn through A too
      // (two relays may publish a notice and its withdrawal in either order: counted, not ordered).
      const heard = { "notification.added": 0, "notification.removed": 0 };
      while (heard["notification.added"] + heard["notification.removed"] < 2 * NOTICES_PER_RECIPIENT) {
        const event = await bell.next("event", 10_000);
        if (event.data.type === "notification.added" || event.data.type === "notification.removed") heard[event.data.type] += 1;
      }
      expect(heard).toEqual({ "notification.added": NOTICES_PER_RECIPIENT, "notification.removed": NOTICES_PER_RECIPIENT });
      expect(((await (await bob.session.request("GET", "/callback/notifications/unread", { headers: { accept: "application/json" } })).json()) as { unread: number }).unread).toBe(0);
      const db = first.kingside.database.db;
      expect((await db.select({ n: count() }).from(notifications).where(and(eq(notifications.memberId, bob.id), eq(notifications.type, "play.challenge_received"))))[0]?.n).toBe(0);
    } finally {
      for (const socket of [...sockets, bell]) socket.close();
    }
  });
});
