import { describe, expect, it, vi } from "vitest";
import { createEventBus, createMemoryBus, type BusEvent } from "./bus.server.ts";

describe("memory bus", () => {
  it("delivers a published event to the room's subscribers only", async () => {
    const bus = createMemoryBus();
    const inRoom: BusEvent[] = [];
    const elsewhere: BusEvent[] = [];
    await bus.subscribe("demo:a", (event) => inRoom.push(event));
    await bus.subscribe("demo:b", (event) => elsewhere.push(event));
    await bus.publish("demo:a", { type: "demo.echo", payload: { text: "hi", from: "test" } });
    expect(inRoom).toEqual([{ type: "demo.echo", payload: { text: "hi", from: "test" } }]);
    expect(elsewhere).toEqual([]);
    await bus.close();
  });

  it("stops delivering after unsubscribe, and unsubscribing one handler keeps the others", async () => {
    const bus = createMemoryBus();
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribeFirst = await bus.subscribe("tv", first);
    const unsubscribeSecond = await bus.subscribe("tv", second);
    await unsubscribeFirst();
    await bus.publish("tv", { type: "system.broadcast", payload: { text: "one" } });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    await unsubscribeSecond();
    await unsubscribeSecond(); // idempotent
    await bus.publish("tv", { type: "system.broadcast", payload: { text: "two" } });
    expect(second).toHaveBeenCalledTimes(1);
    await bus.close();
  });

  it("treats the same function subscribed twice as two subscriptions", async () => {
    const bus = createMemoryBus();
    const handler = vi.fn();
    const unsubscribe = await bus.subscribe("tv", handler);
    await bus.subscribe("tv", handler);
    await unsubscribe();
    await bus.publish("tv", { type: "system.broadcast", payload: { text: "x" } });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("copies payloads as JSON, as Redis would", async () => {
    const bus = createMemoryBus();
    const received: BusEvent[] = [];
    await bus.subscribe("tv", (event) => received.push(event));
    const payload = { at: new Date(0), nested: { n: 1 } };
    await bus.publish("tv", { type: "system.broadcast", payload });
    expect(received[0]?.payload).toEqual({ at: "1970-01-01T00:00:00.000Z", nested: { n: 1 } });
    expect(received[0]?.payload).not.toBe(payload);
  });

  it("isolates a failing handler from the others", async () => {
    const warn = vi.fn();
    const bus = createMemoryBus({ log: { warn, info: () => {} } });
    const after = vi.fn();
    await bus.subscribe("tv", () => {
      throw new Error("boom");
    });
    await bus.subscribe("tv", after);
    await bus.publish("tv", { type: "system.broadcast", payload: { text: "x" } });
    expect(after).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("reports health and refuses work once closed", async () => {
    const bus = await createEventBus(undefined);
    expect(bus.kind).toBe("memory");
    expect(await bus.ping()).toBe(true);
    await bus.close();
    expect(await bus.ping()).toBe(false);
    await expect(bus.publish("tv", { type: "system.broadcast", payload: { text: "x" } })).rejects.toThrow(/closed/);
  });
});
