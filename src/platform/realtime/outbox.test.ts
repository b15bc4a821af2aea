import { eq, sql } from "drizzle-orm";
import { connect, createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../test/databases.ts";
import { openDatabase, queryRows, type DatabaseHandle } from "../db/client.server.ts";
import { createMemoryBus, createRedisBus, type BusEvent, type EventBus } from "./bus.server.ts";
import { demoEcho } from "./demo-room.ts";
import { createOutboxRelay, enqueueEvent, insertSelfPublishedEvents } from "./outbox.server.ts";
import { outboxEvents } from "./outbox.tables.server.ts";
import { eventually, eventuallyAsync, redisUrlForTests, uniqueWord } from "./test-kit.server.ts";

const quietLog = { warn: () => {}, info: () => {} };
const redisUrl = redisUrlForTests();

/** Events a bus delivers to one room, as a subscriber on that bus sees them. */
async function listen(bus: EventBus, room: string): Promise<BusEvent[]> {
  const received: BusEvent[] = [];
  await bus.subscribe(room, (event) => received.push(event));
  return received;
}

/**
 * A TCP relay in front of Redis that the test can cut and restore: a real
 * outage for the clients behind it, without touching the shared Redis.
 */
async function cuttableRedis(target: URL): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      const created = createServer((client) => {
        const upstream = createConnectionTo(target);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
      });
      server = created;
      created.listen(port, "127.0.0.1", () => {
        const address = created.address();
        if (address && typeof address !== "string") port = address.port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (server) server.close(() => resolve());
      else resolve();
      server = undefined;
    });
  await listen();
  return { url: `redis://127.0.0.1:${port}`, cut: stop, restore: listen, close: stop };
}

function createConnectionTo(target: URL): Socket {
  return connect(Number(target.port || 6379), target.hostname);
}

for (const target of databaseTargets()) {
  describe(`the outbox on ${target.name}`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      const created = await target.create();
      drop = created.drop;
      database = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" });
      await database.migrate();
    });
    afterAll(async () => {
      await database.close();
      await drop();
    });

    it("publishes an event only once its transaction committed, then deletes it", async () => {
      const bus = createMemoryBus();
      const room = `demo:${uniqueWord("outbox")}`;
      const received = await listen(bus, room);
      const relay = createOutboxRelay({ db: database.db, bus, log: quietLog });

      await expect(
        database.db.transaction(async (tx) => {
          await enqueueEvent(tx, room, demoEcho, { text: "rolled back", from: "test" });
          throw new Error("the change failed");
        }),
      ).rejects.toThrow(/the change failed/);
      await database.db.transaction((tx) => enqueueEvent(tx, room, demoEcho, { text: "committed", from: "test" }));
      expect(received).toEqual([]);

      expect(await relay.flush()).toBe(1);
      expect(received).toEqual([{ type: "demo.echo", payload: { text: "committed", from: "test" } }]);
      expect(await database.db.select().from(outboxEvents)).toEqual([]);
      expect(await relay.flush()).toBe(0);
      await bus.close();
    });

    it("leaves a self-published row to its writer, who publishes and deletes it after the commit; the relay takes it only once its grace is over", async () => {
      const bus = createMemoryBus();
      const room = `demo:${uniqueWord("self")}`;
      const received = await listen(bus, room);
      const relay = createOutboxRelay({ db: database.db, bus, log: quietLog });
      const insertSelfPublished = async (text: string) => {
        const rows = await queryRows(
          database.db,
          insertSelfPublishedEvents(sql`select ${room}::text as room, ${demoEcho.type}::text as type, ${JSON.stringify({ text, from: "writer" })}::jsonb as payload, 7 as version`),
        );
        return rows.map((row) => ({ id: Number(row.id), room: String(row.room), type: demoEcho.type, payload: { text, from: "writer" }, version: 7 }));
      };

      const published = await insertSelfPublished("published by its writer");
      expect(await relay.flush()).toBe(0);
      relay.publishCommitted(published);
      await eventually(() => received.length === 1, "the writer's own publish");
      expect(received).toEqual([{ type: "demo.echo", payload: { text: "published by its writer", from: "writer" }, version: 7 }]);
      await eventuallyAsync(async () => (await database.db.select().from(outboxEvents).where(eq(outboxEvents.room, room))).length === 0, "the published row to be deleted");

      // A writer that died between its commit and its publish: once the grace is over, the relay publishes its row.
      await insertSelfPublished("orphaned");
      expect(await relay.flush()).toBe(0);
      await database.db.update(outboxEvents).set({ relayAfter: sql`now() - interval '1 second'` }).where(eq(outboxEvents.room, room));
      expect(await relay.flush()).toBe(1);
      expect(received.map((event) => event.payload)).toEqual([
        { text: "published by its writer", from: "writer" },
        { text: "orphaned", from: "writer" },
      ]);
      await bus.close();
    });

    it.skipIf(!redisUrl)("keeps what Redis could not take and delivers it, in order, once Redis is back", async () => {
      const redis = await cuttableRedis(new URL(redisUrl ?? "redis://127.0.0.1:6379"));
      const publisherBus = await createRedisBus(redis.url, { name: uniqueWord("outbox-pub"), log: quietLog });
      const watcherBus = await createRedisBus(redisUrl ?? "", { name: uniqueWord("outbox-watch"), log: quietLog });
      const room = `demo:${uniqueWord("outage")}`;
      const received = await listen(watcherBus, room);
      const relay = createOutboxRelay({ db: database.db, bus: publisherBus, log: quietLog, retryMs: 100 });
      const stop = relay.startInterval();
      try {
        await redis.cut();
        // The member's change commits whatever Redis does; kick() neither waits nor throws.
        await database.db.transaction((tx) => enqueueEvent(tx, room, demoEcho, { text: "first", from: "outage" }));
        relay.kick();
        await database.db.transaction((tx) => enqueueEvent(tx, room, demoEcho, { text: "second", from: "outage" }));
        relay.kick();
        await new Promise((resolve) => setTimeout(resolve, 1000));
        expect(received).toEqual([]);
        expect((await database.db.select().from(outboxEvents)).map((row) => row.room)).toEqual([room, room]);

        await redis.restore();
        await eventually(() => received.length === 2, "the events after Redis came back", 15_000);
        expect(received.map((event) => event.payload)).toEqual([
          { text: "first", from: "outage" },
          { text: "second", from: "outage" },
        ]);
        // Rows are deleted when the relay's transaction commits, just after publishing.
        await eventuallyAsync(async () => (await database.db.select().from(outboxEvents)).length === 0, "the outbox to be emptied");
      } finally {
        await stop();
        await publisherBus.close();
        await watcherBus.close();
        await redis.close();
      }
    }, 30_000);
  });
}
