import { fastify } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryBus } from "../../platform/realtime/bus.server.ts";
import { eventually, startTestHub, TestSocket } from "../../platform/realtime/test-kit.server.ts";
import { isSameOriginUpgrade } from "./socket-access.server.ts";

describe("isSameOriginUpgrade", () => {
  async function verdict(headers: Record<string, string>, options: { trustProxy?: boolean } = {}): Promise<boolean> {
    const app = fastify({ trustProxy: options.trustProxy ?? false });
    app.get("/ws", async (request) => ({ allowed: isSameOriginUpgrade(request) }));
    const response = await app.inject({ method: "GET", url: "/ws", headers });
    await app.close();
    const body: unknown = response.json();
    return typeof body === "object" && body !== null && "allowed" in body && body.allowed === true;
  }

  it.each([
    ["no Origin (a program, not a browser)", { host: "kingside.example" }, true],
    ["the same host", { host: "kingside.example", origin: "https://kingside.example" }, true],
    ["the same host and port", { host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080" }, true],
    ["the default port written out", { host: "kingside.example:443", origin: "https://kingside.example" }, true],
    ["another case", { host: "Kingside.Example", origin: "https://kingside.example" }, true],
    ["another site", { host: "kingside.example", origin: "https://evil.example" }, false],
    ["a look-alike suffix", { host: "kingside.example", origin: "https://kingside.example.evil.example" }, false],
    ["a language subdomain (another origin)", { host: "kingside.example", origin: "https://schach.kingside.example" }, false],
    ["another port", { host: "kingside.example", origin: "https://kingside.example:8443" }, false],
    ["Origin null", { host: "kingside.example", origin: "null" }, false],
    ["a non-web scheme", { host: "kingside.example", origin: "file://kingside.example" }, false],
    ["garbage", { host: "kingside.example", origin: "::::" }, false],
  ])("%s", async (_, headers, allowed) => {
    expect(await verdict(headers)).toBe(allowed);
  });

  it("compares with the forwarded host only behind a trusted proxy", async () => {
    const headers = { host: "10.0.0.5:3000", "x-forwarded-host": "kingside.example", origin: "https://kingside.example" };
    expect(await verdict(headers, { trustProxy: true })).toBe(true);
    expect(await verdict(headers, { trustProxy: false })).toBe(false);
  });
});

describe("the hub's connection listener", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("is told of each socket with its own id, and of its close exactly once", async () => {
    const opened: string[] = [];
    const closed: string[] = [];
    const bus = createMemoryBus();
    const hub = await startTestHub({
      bus,
      instanceId: "listener",
      onConnection: ({ socketId, address, memberId }) => {
        expect([address, memberId]).toEqual(["127.0.0.1", null]);
        opened.push(socketId);
        return () => closed.push(socketId);
      },
    });
    cleanups.push(() => bus.close(), () => hub.app.close());
    const first = await TestSocket.open(hub.url);
    const second = await TestSocket.open(hub.url);
    await Promise.all([first.next("hello"), second.next("hello")]);
    expect(opened).toHaveLength(2);
    expect(new Set(opened).size).toBe(2);

    first.close();
    await first.waitForClose();
    await eventually(() => closed.length === 1, "the first close");
    expect(closed).toEqual([opened[0]]);

    await hub.app.close();
    await second.waitForClose();
    await eventually(() => closed.length === 2, "the second close at shutdown");
    expect(closed).toEqual(opened);
  });

  it("refuses the upgrade when verifyUpgrade says no, before any socket exists", async () => {
    const opened: string[] = [];
    const bus = createMemoryBus();
    const hub = await startTestHub({ bus, instanceId: "verify", verifyUpgrade: (request) => request.headers["x-let-me-in"] === "yes", onConnection: ({ socketId }) => void opened.push(socketId) });
    cleanups.push(() => bus.close(), () => hub.app.close());
    await expect(TestSocket.open(hub.url)).rejects.toThrow(/403/);
    const allowed = await TestSocket.open(hub.url, { headers: { "x-let-me-in": "yes" } });
    cleanups.push(() => allowed.close());
    await allowed.next("hello");
    expect(opened).toHaveLength(1);
  });
});
