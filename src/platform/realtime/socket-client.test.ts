import { fastify } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { createMemoryBus } from "./bus.server.ts";
import { publishToRoom, registerRealtime } from "./hub.server.ts";
import type { RealtimeEvent } from "./protocol.ts";
import type { CommandMap } from "./socket-commands.ts";
import { backoffDelay, createSocketClient, type SocketClient, type SocketStatus } from "./socket-client.ts";
import { createEventCatalog } from "./protocol-schemas.server.ts";
import { eventually, startTestHub } from "./test-kit.server.ts";
import { defineSocketCommand } from "./registry.ts";
import { z } from "zod";
import { fail, ok } from "../../shared/result.ts";
import { demoEcho, demoRealtime, systemBroadcast } from "./demo-room.ts";

describe("backoffDelay", () => {
  it("grows exponentially up to the cap, minus at most the jitter fraction", () => {
    const options = { initialDelayMs: 100, maxDelayMs: 1000, factor: 2, jitter: 0.5 };
    expect([0, 1, 2, 3, 4, 10].map((attempt) => backoffDelay(attempt, options, () => 0))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(backoffDelay(3, options, () => 1)).toBe(400);
    expect(backoffDelay(20, options, () => 0.999)).toBeGreaterThanOrEqual(500);
  });
});

describe("socket client", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  let echoes = 0;
  const echo = defineSocketCommand({
    name: "demo.echo",
    input: z.object({ text: z.string() }),
    access: () => true,
    async handle({ text }) {
      echoes += 1;
      if (text === "slow") await new Promise((resolve) => setTimeout(resolve, 300));
      return text === "no" ? fail("said_no") : ok({ echoed: text });
    },
  });

  async function setup(options: { commandTimeoutMs?: number } = {}) {
    echoes = 0;
    const bus = createMemoryBus();
    const hub = await startTestHub({ bus, instanceId: "client-test", commands: [echo] });
    cleanups.push(() => bus.close(), () => hub.app.close());
    const statuses: SocketStatus[] = [];
    const client: SocketClient<CommandMap> = createSocketClient<CommandMap>({
      url: hub.url,
      WebSocketImpl: WebSocket,
      reconnect: { initialDelayMs: 20, maxDelayMs: 200 },
      onStatus: (status) => statuses.push(status),
      events: createEventCatalog(demoRealtime.events),
      ...options,
    });
    cleanups.push(() => client.close());
    return { bus, hub, client, statuses };
  }

  it("receives the events of a subscribed room, and none after unsubscribing", async () => {
    const { bus, client } = await setup();
    const events: RealtimeEvent[] = [];
    let confirmations = 0;
    const unsubscribe = client.subscribe("demo:client", (event) => events.push(event), { onSubscribed: () => (confirmations += 1) });
    await eventually(() => confirmations === 1, "the subscription");
    await publishToRoom(bus, "demo:client", demoEcho, { text: "one", from: "server" });
    await eventually(() => events.length === 1, "the event");
    expect(events[0]).toEqual({ room: "demo:client", type: "demo.echo", payload: { text: "one", from: "server" } });

    unsubscribe();
    // A second subscriber to another room proves the connection still delivers.
    const other: RealtimeEvent[] = [];
    let otherConfirmed = false;
    client.subscribe("demo:tv", (event) => other.push(event), { onSubscribed: () => (otherConfirmed = true) });
    await eventually(() => otherConfirmed, "the tv subscription");
    await publishToRoom(bus, "demo:client", demoEcho, { text: "two", from: "server" });
    await publishToRoom(bus, "demo:tv", systemBroadcast, { text: "demo:tv" });
    await eventually(() => other.length === 1, "the tv event");
    expect(events).toHaveLength(1);
  });

  it("reconnects after the server drops the connection and resubscribes every room", async () => {
    const { bus, hub, client, statuses } = await setup();
    const events: RealtimeEvent[] = [];
    let confirmations = 0;
    client.subscribe("demo:again", (event) => events.push(event), { onSubscribed: () => (confirmations += 1) });
    await eventually(() => confirmations === 1, "the first subscription");
    expect(statuses).toEqual(["connecting", "open"]);

    for (const socket of hub.app.websocketServer.clients) socket.terminate();
    await eventually(() => confirmations === 2, "the subscription after the reconnect");
    expect(statuses).toEqual(["connecting", "open", "closed", "connecting", "open"]);

    await publishToRoom(bus, "demo:again", demoEcho, { text: "after reconnect", from: "server" });
    await eventually(() => events.length === 1, "the event after the reconnect");
    expect(events[0]?.payload).toEqual({ text: "after reconnect", from: "server" });
  });

  it("keeps retrying while the server is down and comes back when it does", async () => {
    const bus = createMemoryBus();
    const first = await startTestHub({ bus, instanceId: "first" });
    const port = new URL(first.url).port;
    const statuses: SocketStatus[] = [];
    const client = createSocketClient({ url: first.url, WebSocketImpl: WebSocket, reconnect: { initialDelayMs: 20, maxDelayMs: 100 }, onStatus: (status) => statuses.push(status) });
    cleanups.push(() => client.close(), () => bus.close());
    const events: RealtimeEvent[] = [];
    let confirmations = 0;
    client.subscribe("demo:presence", (event) => events.push(event), { onSubscribed: () => (confirmations += 1) });
    await eventually(() => confirmations === 1, "the first subscription");

    await first.app.close();
    // Several failed attempts while nothing listens on the port.
    await eventually(() => statuses.filter((status) => status === "closed").length >= 3, "failed reconnect attempts");

    const second = fastify({ logger: false });
    await registerRealtime(second, { bus, instanceId: "second", ...demoRealtime });
    await second.listen({ host: "127.0.0.1", port: Number(port) });
    cleanups.push(() => second.close());

    await eventually(() => confirmations === 2, "the subscription on the restarted server");
    await publishToRoom(bus, "demo:presence", systemBroadcast, { text: "back" });
    await eventually(() => events.length === 1, "the event from the restarted server");
  });

  it("drops a connection that has gone silent and reconnects", async () => {
    // A server that accepts sockets and never says anything, like a half-open connection.
    const silent = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    await new Promise((resolve) => silent.once("listening", resolve));
    let connections = 0;
    silent.on("connection", () => (connections += 1));
    cleanups.push(() => new Promise<void>((resolve) => silent.close(() => resolve())));
    const address = silent.address();
    if (address === null || typeof address === "string") throw new Error("expected a TCP address");
    const { port } = address;
    const client = createSocketClient<CommandMap>({ url: `ws://127.0.0.1:${port}`, WebSocketImpl: WebSocket, pingIntervalMs: 30, reconnect: { initialDelayMs: 10 } });
    cleanups.push(() => client.close());
    await eventually(() => connections >= 2, "a second connection after the silence");
    for (const socket of silent.clients) socket.terminate();
  });

  it("stops for good on close()", async () => {
    const { hub, client, statuses } = await setup();
    await eventually(() => client.status === "open", "the connection");
    client.close();
    expect(client.status).toBe("closed");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(statuses.at(-1)).toBe("closed");
    expect(hub.app.websocketServer.clients.size).toBe(0);
  });

  it("sends a command and resolves with the ack's result or the refusal's code", async () => {
    const { client } = await setup();
    expect(await client.command("demo.echo", { text: "hi" })).toEqual({ ok: true, value: { echoed: "hi" } });
    expect(await client.command("demo.echo", { text: "no" })).toEqual({ ok: false, error: "said_no" });
    expect(await client.command("demo.echo", { text: 5 })).toEqual({ ok: false, error: "invalid_input" });
    expect(await client.command("demo.nothing", {})).toEqual({ ok: false, error: "unknown_command" });
    expect(echoes).toBe(2);
  });

  it("waits for the connection before sending, and resolves `timeout` when no answer comes in time", async () => {
    const { client } = await setup({ commandTimeoutMs: 100 });
    // Sent before the socket is open: queued, then sent.
    expect(client.status).toBe("connecting");
    expect(await client.command("demo.echo", { text: "early" })).toEqual({ ok: true, value: { echoed: "early" } });
    expect(await client.command("demo.echo", { text: "slow" })).toEqual({ ok: false, error: "timeout" });
  });

  it("resends a command cut off by a reconnect with the same id, and resolves once", async () => {
    const { hub, client } = await setup();
    await eventually(() => client.status === "open", "the connection");
    const answer = client.command("demo.echo", { text: "slow" });
    for (const socket of hub.app.websocketServer.clients) socket.terminate();
    expect(await answer).toEqual({ ok: true, value: { echoed: "slow" } });
    client.close();
    expect(await client.command("demo.echo", { text: "late" })).toEqual({ ok: false, error: "closed" });
  });

  it("hands over versioned events in order, drops repeats, and refetches on a gap and after a reconnect", async () => {
    const { bus, hub, client } = await setup();
    const versions: Array<number | undefined> = [];
    let refetches = 0;
    let confirmations = 0;
    client.subscribe("demo:game", (event) => versions.push(event.version), { onSubscribed: () => (confirmations += 1), refetch: () => (refetches += 1) });
    await eventually(() => confirmations === 1, "the subscription");
    expect(refetches).toBe(0);
    for (const version of [1, 2, 2, 1, 3]) await publishToRoom(bus, "demo:game", systemBroadcast, { text: "move" }, { version });
    await eventually(() => versions.length === 3, "three events");
    expect(versions).toEqual([1, 2, 3]);

    await publishToRoom(bus, "demo:game", systemBroadcast, { text: "move" }, { version: 6 });
    await eventually(() => refetches === 1, "the refetch after a gap");
    await publishToRoom(bus, "demo:game", systemBroadcast, { text: "move" }, { version: 7 });
    await eventually(() => versions.length === 4, "the event after the gap");
    expect(versions).toEqual([1, 2, 3, 7]);

    for (const socket of hub.app.websocketServer.clients) socket.terminate();
    await eventually(() => confirmations === 2, "the subscription after the reconnect");
    expect(refetches).toBe(2);
    // After a reconnect any version is the new base.
    await publishToRoom(bus, "demo:game", systemBroadcast, { text: "move" }, { version: 12 });
    await eventually(() => versions.length === 5, "the first event after the reconnect");
    expect(refetches).toBe(2);
  });
});
