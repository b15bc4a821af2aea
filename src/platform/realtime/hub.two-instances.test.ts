import { afterAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createRedisBus, type EventBus } from "./bus.server.ts";
import { publishToRoom } from "./hub.server.ts";
import { roomName, type RealtimeEvent } from "./protocol.ts";
import { createSocketClient } from "./socket-client.ts";
import { eventually, redisUrlForTests, required, startTestHub, TestSocket, uniqueWord, type TestHub } from "./test-kit.server.ts";
import { demoEcho, systemBroadcast } from "./demo-room.ts";

// Fails the file in CI without REDIS_URL; elsewhere warns and skips.
const redisUrl = redisUrlForTests();
const quietLog = { warn: () => {}, info: () => {} };

describe("two instances sharing Redis", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function instance(instanceId: string): Promise<TestHub & { bus: EventBus }> {
    const bus = await createRedisBus(required(redisUrl, "REDIS_URL"), { name: uniqueWord(`instance-${instanceId}`), log: quietLog });
    const hub = await startTestHub({ bus, instanceId });
    // Close the app (and its subscriptions) before the bus under it.
    cleanups.push(() => bus.close(), () => hub.app.close());
    return { ...hub, bus };
  }

  it.skipIf(!redisUrl)("delivers an event published on instance A to a socket on instance B", async () => {
    const [a, b] = await Promise.all([instance("A"), instance("B")]);
    expect(a.url).not.toBe(b.url);
    const room = roomName("demo", uniqueWord("x"));

    const onB = await TestSocket.open(b.url);
    cleanups.push(() => onB.close());
    expect((await onB.next("hello")).data.instanceId).toBe("B");
    onB.send({ type: "subscribe", data: { room } });
    await onB.next("subscribed");

    await publishToRoom(a.bus, room, demoEcho, { text: "from A", from: "A" });
    expect((await onB.next("event")).data).toEqual({ room, type: "demo.echo", payload: { text: "from A", from: "A" } });
  });

  it.skipIf(!redisUrl)("reaches watchers on both instances, through the socket client too", async () => {
    const [a, b] = await Promise.all([instance("A2"), instance("B2")]);
    const room = roomName("demo", uniqueWord("both"));
    const received = new Map<string, RealtimeEvent[]>();
    let confirmed = 0;
    for (const hub of [a, b]) {
      const client = createSocketClient({ url: hub.url, WebSocketImpl: WebSocket });
      cleanups.push(() => client.close());
      const events: RealtimeEvent[] = [];
      received.set(hub.url, events);
      client.subscribe(room, (event) => events.push(event), { onSubscribed: () => (confirmed += 1) });
    }
    await eventually(() => confirmed === 2, "both subscriptions");

    await publishToRoom(b.bus, room, systemBroadcast, { text: "from B" });
    await eventually(() => [...received.values()].every((events) => events.length === 1), "the event on both instances");
    for (const events of received.values()) expect(events[0]).toEqual({ room, type: "system.broadcast", payload: { text: "from B" } });
  });
});
