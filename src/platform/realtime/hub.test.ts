import { afterEach, describe, expect, it } from "vitest";
import { createMemoryBus } from "./bus.server.ts";
import { closeCodes, maxFrameBytes, publishToRoom } from "./hub.server.ts";
import { maxClientMessageBytes, roomName } from "./protocol.ts";
import { countingBus, eventually, startTestHub, TestSocket, type TestHub } from "./test-kit.server.ts";
import { demoEcho, systemBroadcast } from "./demo-room.ts";

describe("realtime hub", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function hub(options: Partial<Parameters<typeof startTestHub>[0]> = {}, logLines?: Array<Record<string, unknown>>) {
    const bus = countingBus(createMemoryBus());
    const started: TestHub = await startTestHub({ bus, instanceId: "hub-test", ...options }, logLines ? { logLines } : {});
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

    await publishToRoom(bus, room, demoEcho, { text: "hello room", from: "test" });
    expect((await socket.next("event")).data).toEqual({ room, type: "demo.echo", payload: { text: "hello room", from: "test" } });
  });

  it("forwards only events whose payload fits their registered schema: the browser reads payloads unchecked", async () => {
    const logLines: Array<Record<string, unknown>> = [];
    const { url, bus } = await hub({}, logLines);
    const socket = await connect(url);
    const room = roomName("demo", "checked");
    socket.send({ type: "subscribe", data: { room } });
    await socket.next("subscribed");

    await bus.publish(room, { type: "demo.echo", payload: { text: 1, from: "test" } });
    await bus.publish(room, { type: "demo.unknown", payload: {} });
    await publishToRoom(bus, room, demoEcho, { text: "fits", from: "test" });
    // Events of a room arrive in order: the first one through is the one that fits.
    expect((await socket.next("event")).data).toEqual({ room, type: "demo.echo", payload: { text: "fits", from: "test" } });
    expect(logLines.filter((line) => String(line.msg).includes("dropped an event")).map((line) => line.type)).toEqual(["demo.echo", "demo.unknown"]);
  });

  it("shares one bus subscription per room between local sockets and releases it with the last", async () => {
    const { url, bus } = await hub();
    const [first, second] = await Promise.all([connect(url), connect(url)]);
    const room = roomName("demo", 7);
    for (const socket of [first, second]) {
      socket.send({ type: "subscribe", data: { room } });
      await socket.next("subscribed");
    }
    expect(bus.subscribeCalls).toBe(1);

    await publishToRoom(bus, room, systemBroadcast, { text: "both" });
    for (const socket of [first, second]) expect((await socket.next("event")).data.payload).toEqual({ text: "both" });

    first.send({ type: "unsubscribe", data: { room } });
    await first.roundTrip();
    expect(bus.activeSubscriptions).toBe(1);
    await publishToRoom(bus, room, systemBroadcast, { text: "second only" });
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
      { frame: { type: "shout", data: { room: "demo:tv" } }, code: "bad_message" },
      { frame: { type: "subscribe", data: { room: "Lobby:1" } }, code: "bad_message" },
      { frame: { type: "command", data: { id: "1", name: "x" } }, code: "bad_message" },
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

  it("refuses a room of an unknown kind, or of a known kind with the wrong shape, before touching the bus", async () => {
    const { url, bus } = await hub();
    const socket = await connect(url);
    for (const room of ["lobby", "lobby:1", "demo", "user"]) {
      socket.send({ type: "subscribe", data: { room } });
      expect((await socket.next("error")).data, room).toMatchObject({ code: "unknown_room", room });
    }
    expect(bus.subscribeCalls).toBe(0);
  });

  it("asks the room kind's access rule, with the socket's identity", async () => {
    const seen: Array<{ memberId: number | null; id: string | null }> = [];
    const { url } = await hub({
      identify: () => ({ memberId: 7, username: "seven", level: 10, sessionId: "s7", locale: "en" }),
      roomKinds: [{ kind: "club", access: (identity, id) => (seen.push({ memberId: identity.memberId, id }), id === "1") }],
    });
    const socket = await connect(url);
    socket.send({ type: "subscribe", data: { room: "club:1" } });
    expect((await socket.next("subscribed")).data.room).toBe("club:1");
    socket.send({ type: "subscribe", data: { room: "club:2" } });
    expect((await socket.next("error")).data).toMatchObject({ code: "forbidden", room: "club:2" });
    expect(seen).toEqual([{ memberId: 7, id: "1" }, { memberId: 7, id: "2" }]);
  });

  it("lets only the member it names into a user room, and nobody anonymous", async () => {
    const anonymousHub = await hub();
    const anonymous = await connect(anonymousHub.url);
    anonymous.send({ type: "subscribe", data: { room: roomName("user", 42) } });
    expect((await anonymous.next("error")).data).toMatchObject({ code: "forbidden", room: "user:42" });
    expect(anonymousHub.bus.subscribeCalls).toBe(0);
    await publishToRoom(anonymousHub.bus, "user:42", systemBroadcast, { text: "private" });
    await anonymous.roundTrip();
    expect(anonymous.pending().filter((message) => message.type === "event")).toEqual([]);

    const { url } = await hub({ identify: () => ({ memberId: 42, username: "fortytwo", level: 10, sessionId: "s42", locale: "en" }) });
    const member = await connect(url);
    member.send({ type: "subscribe", data: { room: "user:42" } });
    expect((await member.next("subscribed")).data.room).toBe("user:42");
    member.send({ type: "subscribe", data: { room: "user:43" } });
    expect((await member.next("error")).data).toMatchObject({ code: "forbidden", room: "user:43" });
  });

  it("refuses sockets past the cap per session and per address, with close code 4029", async () => {
    const bySession = await hub({ maxSocketsPerSession: 2, identify: () => ({ memberId: 1, username: "one", level: 10, sessionId: "same", locale: "en" }) });
    const kept = [await connect(bySession.url), await connect(bySession.url)];
    const third = await connect(bySession.url);
    expect(await third.waitForClose()).toBe(closeCodes.tooManySockets);
    for (const socket of kept) await socket.roundTrip();
    kept[0]?.close();
    await kept[0]?.waitForClose();
    await eventually(() => bySession.app.websocketServer.clients.size === 1, "the first socket to go");
    await (await connect(bySession.url)).roundTrip();

    const byAddress = await hub({ maxSocketsPerAddress: 1 });
    await (await connect(byAddress.url)).roundTrip();
    expect(await (await connect(byAddress.url)).waitForClose()).toBe(closeCodes.tooManySockets);
  });

  it("logs an oversized frame as a refusal with its size: a warn line, no error and no stack", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const { url } = await hub({}, lines);
    const socket = await connect(url);
    const frame = JSON.stringify({ type: "ping", data: { t: 1 }, pad: "x".repeat(maxClientMessageBytes) });
    socket.send(frame);
    expect((await socket.next("error")).data.code).toBe("message_too_large");
    expect(lines.find((line) => line.refusal === "message_too_large")).toMatchObject({ level: 40, sizeBytes: Buffer.byteLength(frame), limitBytes: maxClientMessageBytes });

    const huge = await connect(url);
    huge.send("x".repeat(maxFrameBytes + 1));
    expect(await huge.waitForClose()).toBe(1009);
    await eventually(() => lines.some((line) => line.limitBytes === maxFrameBytes), "the refusal line");
    expect(lines.find((line) => line.limitBytes === maxFrameBytes)).toMatchObject({ level: 40, msg: "realtime: frame refused" });
    expect(lines.filter((line) => typeof line.level === "number" && line.level >= 50)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain("stack");
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
    socket.send({ type: "subscribe", data: { room: "demo:tv" } });
    await socket.next("subscribed");
    expect(bus.activeSubscriptions).toBe(1);
    await app.close();
    await socket.waitForClose();
    expect(bus.activeSubscriptions).toBe(0);
    await bus.close();
  });
  it("tells a room kind each socket that joined and, once, when it left: by unsubscribing, by closing, never after a refusal", async () => {
    const seen: string[] = [];
    const watched = {
      kind: "watched",
      access: (_identity: unknown, id: string | null) => id !== "closed",
      joined: (identity: { socketId: string }, id: string | null) => {
        seen.push(`joined ${id}`);
        return () => seen.push(`left ${id}`);
      },
    };
    const { url } = await hub({ roomKinds: [watched] });
    const socket = await connect(url);
    for (const id of ["a", "b", "closed"]) socket.send({ type: "subscribe", data: { room: roomName("watched", id) } });
    await socket.next("subscribed");
    await socket.next("subscribed");
    expect((await socket.next("error")).data.code).toBe("forbidden");
    // A second subscribe to a room it is in is not a second join.
    socket.send({ type: "subscribe", data: { room: roomName("watched", "a") } });
    await socket.next("subscribed");
    socket.send({ type: "unsubscribe", data: { room: roomName("watched", "a") } });
    await socket.roundTrip();
    expect(seen).toEqual(["joined a", "joined b", "left a"]);
    socket.close();
    await socket.waitForClose();
    await eventually(() => seen.length === 4, "the close to leave the last room");
    expect(seen).toEqual(["joined a", "joined b", "left a", "left b"]);
  });
});
