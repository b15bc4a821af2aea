import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEventBus, createRedisBus, redisChannelPrefix, type BusEvent, type EventBus } from "./bus.server.ts";
import { eventually, redisUrlForTests, required, uniqueWord } from "./test-kit.server.ts";

// Fails the file in CI without REDIS_URL; elsewhere warns and skips the tests below.
const redisUrl = redisUrlForTests();
const quietLog = { warn: () => {}, info: () => {} };

describe("redis bus", () => {
  let admin: Redis | undefined;
  const buses: EventBus[] = [];

  beforeAll(() => {
    if (redisUrl) admin = new Redis(redisUrl);
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await admin?.quit();
  });

  async function bus(name = uniqueWord("bus")): Promise<EventBus> {
    const created = await createRedisBus(required(redisUrl, "REDIS_URL"), { name, log: quietLog });
    buses.push(created);
    return created;
  }

  async function subscriberCount(room: string): Promise<number> {
    const reply = await required(admin, "admin connection").pubsub("NUMSUB", redisChannelPrefix + room);
    return Number(Array.isArray(reply) ? reply[1] : 0);
  }

  it.skipIf(!redisUrl)("carries an event from one instance's bus to another's", async () => {
    const [publisher, subscriber] = await Promise.all([bus(), bus()]);
    const room = `demo:${uniqueWord("bus")}`;
    const received: Array<{ event: BusEvent; room: string }> = [];
    await subscriber.subscribe(room, (event, inRoom) => received.push({ event, room: inRoom }));
    await publisher.publish(room, { type: "demo.echo", payload: { text: "across", from: "A" } });
    await eventually(() => received.length === 1, "the event");
    expect(received[0]).toEqual({ room, event: { type: "demo.echo", payload: { text: "across", from: "A" } } });
  });

  it.skipIf(!redisUrl)("shares one Redis SUBSCRIBE between local handlers and releases it with the last", async () => {
    const local = await bus();
    const room = `demo:${uniqueWord("refs")}`;
    const counts: number[] = [0, 0];
    const [first, second] = await Promise.all([
      local.subscribe(room, () => (counts[0] = (counts[0] ?? 0) + 1)),
      local.subscribe(room, () => (counts[1] = (counts[1] ?? 0) + 1)),
    ]);
    expect(await subscriberCount(room)).toBe(1);

    await first();
    expect(await subscriberCount(room)).toBe(1);
    await local.publish(room, { type: "system.broadcast", payload: { text: "x" } });
    await eventually(() => counts[1] === 1, "the remaining handler's event");
    expect(counts[0]).toBe(0);

    await second();
    expect(await subscriberCount(room)).toBe(0);
  });

  it.skipIf(!redisUrl)("keeps receiving after the subscriber connection is killed (ioredis re-subscribes)", async () => {
    const name = uniqueWord("reconnect");
    const local = await bus(name);
    const room = `demo:${uniqueWord("reconnect")}`;
    const received: BusEvent[] = [];
    await local.subscribe(room, (event) => received.push(event));

    // Kill only this bus's subscriber connection, found by its name (other test files share this Redis).
    const clients = String(await required(admin, "admin connection").client("LIST"));
    const line = clients.split("\n").find((entry) => entry.includes(` name=${name}:sub `));
    const id = required(line?.match(/\bid=(\d+)/)?.[1], "subscriber connection id");
    expect(await required(admin, "admin connection").client("KILL", "ID", id)).toBe(1);

    // Publish until one arrives: the re-subscription takes a moment after the reconnect.
    await eventually(() => {
      if (received.length === 0) void local.publish(room, { type: "system.broadcast", payload: { text: "after" } });
      return received.length > 0;
    }, "an event after the reconnect", 10_000);
    expect(received[0]).toEqual({ type: "system.broadcast", payload: { text: "after" } });
    expect(await subscriberCount(room)).toBe(1);
  });

  it.skipIf(!redisUrl)("answers ping, and createEventBus picks Redis when given a URL", async () => {
    const picked = await createEventBus(required(redisUrl, "REDIS_URL"), { log: quietLog });
    buses.push(picked);
    expect(picked.kind).toBe("redis");
    expect(await picked.ping()).toBe(true);
  });

  it.skipIf(!redisUrl)("fails loudly at start-up when Redis cannot be reached", async () => {
    await expect(createRedisBus("redis://127.0.0.1:1", { log: quietLog })).rejects.toThrow(/Cannot connect to Redis/);
  });
});
