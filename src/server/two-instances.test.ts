import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { demoAccounts, demoMemberCount } from "./seed/demo-data.server.ts";
import { queryRows } from "../platform/db/client.server.ts";
import { publishToRoom } from "../platform/realtime/hub.server.ts";
import { roomName } from "../platform/realtime/protocol.ts";
import { TestSocket, uniqueWord } from "../platform/realtime/test-kit.server.ts";
import { twoInstancesForSuite } from "../test/two-instances.ts";
import type { RunningApp } from "../test/start-app.ts";
import { demoEcho } from "../platform/realtime/demo-room.ts";

const instances = twoInstancesForSuite(["A", "B"]);

/**
 * Scaling out (architecture §5): two whole instances of the site on loopback,
 * sharing one PostgreSQL database and one Redis. An event published through
 * instance A reaches a socket connected to instance B.
 */
describe.skipIf(!instances.available)("two instances sharing PostgreSQL and Redis", () => {
  let first: RunningApp;
  let second: RunningApp;
  beforeAll(() => {
    ({ first, second } = instances);
  });

  it("both answer /healthz on the shared database and Redis bus", async () => {
    for (const [app, instance] of [[first, "A"], [second, "B"]] as const) {
      const health = await (await fetch(`${app.baseUrl}/healthz`)).json();
      expect(health).toMatchObject({ status: "ok", database: { kind: "postgres" }, bus: { kind: "redis" }, instance });
    }
  });

  it("seeds the shared database once", async () => {
    const [row] = await queryRows(first.kingside.database.db, sql`select count(*)::int as members from users`);
    expect(row?.members).toBe(demoMemberCount + demoAccounts.length);
  });

  it("delivers an event published through A to a socket on B", async () => {
    const room = roomName("demo", uniqueWord("scale"));
    const socket = await TestSocket.open(`${second.baseUrl.replace("http", "ws")}/ws`);
    try {
      expect((await socket.next("hello")).data.instanceId).toBe("B");
      socket.send({ type: "subscribe", data: { room } });
      await socket.next("subscribed");
      await publishToRoom(first.kingside.bus, room, demoEcho, { text: "from A", from: "A" });
      const event = await socket.next("event");
      expect(event.data).toMatchObject({ room, type: "demo.echo", payload: { text: "from A", from: "A" } });
    } finally {
      socket.socket.close();
    }
  });

  it("runs a leader job on one of the two instances only", async () => {
    for (let round = 0; round < 3; round++) {
      const ran = await Promise.all([first.kingside.jobs.runNow("accounts.expired-sessions"), second.kingside.jobs.runNow("accounts.expired-sessions")]);
      expect(ran.filter(Boolean)).toHaveLength(1);
    }
  });

  it("runs an every-instance job on both", async () => {
    expect(await Promise.all([first.kingside.jobs.runNow("presence.sweep"), second.kingside.jobs.runNow("presence.sweep")])).toEqual([true, true]);
  });
});
