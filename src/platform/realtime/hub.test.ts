import { afterEach, describe, expect, it } from "vitest";
import { createMemoryBus } from "./bus.server.ts";
import { publishToRoom } from "./hub.server.ts";
import { maxClientMessageBytes, roomName } from "./protocol.ts";
import { countingBus, eventually, startTestHub, TestSocket, type TestHub } from "./test-kit.server.ts";

describe("realtime hub", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function hub(options: Partial<Parameters<typeof startTestHub>[0]> = {}) {
    const bus = countingBus(createMemoryBus());
    const started: TestHub = await startTestHub({ bus, instanceId: "hub-test", ...options });
    cleanups.push(() => bus.close(), () => started.app.close());
    return { ...started, bus };
  }

  async function connect(url: string, options: { autoPong?: boolean } = {}): Promise<TestSocket> {
    const socket = await TestSocket.open(url, options);
    cleanups.push(() => socket.close());
    return socket;
  }

  it("says hello, subscribes and forwards a published event", async () => {
    const { url, bus } = await hub({ heartbeatMs: 30_000 });
    const socket = await connect(url);
    expect((await socket.next("hello")).data).toEqual({ instanceId: "hub-test", heartbeatMs: 30_000 });

    const room = roomName("demo", "hub");
    socket.send({ type: "subscribe", data: { room } });
    expect((await socket.next("subscribed")).data).toEqual({ room });

    await publishToRoom(bus, room, "demo.echo", { text: "hello room", from: "test" });
    expect((await socket.next("event")).data).toEqual({ room, type: "demo.echo", payload: { text: "hello room", from: "test" } });
  });

  it("shares one bus subscription per room between local sockets and releases it with the last", async () => {
    const { url, bus } = await hub();
    const [first, second] = await Promise.all([connect(url), connect(url)]);
    const room = roomName("game", 7);
    for (const socket of [first, second]) {
      socket.send({ type: "subscribe", data: { room } });
      await socket.next("subscribed");
    }
    expect(bus.subscribeCalls).toBe(1);

    await publishToRoom(bus, room, "system.broadcast", { text: "both" });
    for (const socket of [first, second]) expect((await socket.next("event")).data.payload).toEqual({ text: "both" });

    first.send({ type: "unsubscribe", data: { room } });
    await first.roundTrip();
    expect(bus.activeSubscriptions).toBe(1);
    await publishToRoom(bus, room, "system.broadcast", { text: "second only" });
    await first.roundTrip();
    expect(first.pending().filter((message) => message.type === "event")).toEqual([]);
    expect((await second.next("event")).data.payload).toEqual({ text: "second only" });

    second.close();
    await second.waitForClose();
    await eventually(() => bus.activeSubscriptions === 0, "the bus subscription to be released");
  });

  it("answers invalid messages with an error and keeps the connection", async () => {
    const { url } = await hub();
    const socket = await connect(url);
    const cases: Array<{ frame: object | string | Buffer; binary?: boolean; code: string }> = [
      { frame: "not json", code: "bad_message" },
      { frame: { type: "shout", data: { room: "tv" } }, code: "bad_message" },
      { frame: { type: "subscribe", data: { room: "lobby:1" } }, code: "bad_message" },
      { frame: { type: "subscribe", data: {} }, code: "bad_message" },
      { frame: { type: "ping", data: { t: 1 }, pad: "x".repeat(maxClientMessageBytes) }, code: "message_too_large" },
      { frame: Buffer.from('{"type":"ping","data":{"t":1}}'), binary: true, code: "bad_message" },
    ];
    for (const { frame, binary, code } of cases) {
      socket.send(frame, { binary: binary ?? false });
      expect((await socket.next("error")).data.code, JSON.stringify(frame).slice(0, 80)).toBe(code);
    }
    await socket.roundTrip();
    expect(socket.closeCode).toBeUndefined();
  });

  it("refuses user rooms by default", async () => {
    const { url, bus } = await hub();
    const socket = await connect(url);
    const room = roomName("user", 42);
    socket.send({ type: "subscribe", data: { room } });
    expect((await socket.next("error")).data).toMatchObject({ code: "forbidden", room });
    expect(bus.subscribeCalls).toBe(0);
    await publishToRoom(bus, room, "system.broadcast", { text: "private" });
    await socket.roundTrip();
    expect(socket.pending().filter((message) => message.type === "event")).toEqual([]);
  });

  it("lets the application decide with authorizeSubscription", async () => {
    const { url } = await hub({ authorizeSubscription: (room, request) => room === "user:42" && request.url === "/ws" });
    const socket = await connect(url);
    socket.send({ type: "subscribe", data: { room: "user:42" } });
    expect((await socket.next("subscribed")).data.room).toBe("user:42");
    socket.send({ type: "subscribe", data: { room: "tv" } });
    expect((await socket.next("error")).data).toMatchObject({ code: "forbidden", room: "tv" });
  });

  it("limits the rooms of one socket", async () => {
    const { url } = await hub({ maxRoomsPerSocket: 2 });
    const socket = await connect(url);
    for (const room of ["demo:a", "demo:b"]) {
      socket.send({ type: "subscribe", data: { room } });
      await socket.next("subscribed");
    }
    socket.send({ type: "subscribe", data: { room: "demo:c" } });
    expect((await socket.next("error")).data).toMatchObject({ code: "too_many_rooms", room: "demo:c" });
    // Subscribing again to a joined room is not a new room.
    socket.send({ type: "subscribe", data: { room: "demo:a" } });
    expect((await socket.next("subscribed")).data.room).toBe("demo:a");
  });

  it("terminates a socket that does not answer ping frames, and keeps one that does", async () => {
    const { url } = await hub({ heartbeatMs: 50 });
    const silent = await connect(url, { autoPong: false });
    const healthy = await connect(url);
    await silent.waitForClose(2000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(healthy.closeCode).toBeUndefined();
    await healthy.roundTrip();
  });

  it("closes sockets and releases bus subscriptions when the app closes", async () => {
    const bus = countingBus(createMemoryBus());
    const { app, url } = await startTestHub({ bus, instanceId: "closing" });
    const socket = await connect(url);
    socket.send({ type: "subscribe", data: { room: "tv" } });
    await socket.next("subscribed");
    expect(bus.activeSubscriptions).toBe(1);
    await app.close();
    await socket.waitForClose();
    expect(bus.activeSubscriptions).toBe(0);
    await bus.close();
  });
});
