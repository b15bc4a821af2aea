import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ok } from "../../shared/result.ts";
import { createMemoryBus } from "./bus.server.ts";
import { defineSocketCommand } from "./registry.ts";
import { WebSocket } from "ws";
import { startTestHub } from "./test-kit.server.ts";

/** Each socket's lag is the server's own measure, from the round trips of its ping frames. */
describe("the hub's lag measure", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("gives a command the socket's measured lag: a client that answers pings 120 ms late has at least 60 ms one way", async () => {
    const bus = createMemoryBus();
    const lagEcho = defineSocketCommand({ name: "lag.echo", input: z.strictObject({}), access: () => true, handle: async (_input, context) => ok(context.lagMs ?? null) });
    const hub = await startTestHub({ bus, instanceId: "lag-test", lagProbeMs: 50, commands: [lagEcho] });
    cleanups.push(() => bus.close(), () => hub.app.close());

    // A raw client, so its late pong is set up before the first ping (sent with the hello) can arrive.
    const socket = new WebSocket(hub.url, { autoPong: false });
    cleanups.push(() => socket.close());
    socket.on("ping", (data: Buffer) => setTimeout(() => socket.pong(data), 120));
    const answers = new Map<string, (message: { type: string; data: { result?: unknown; code?: string } }) => void>();
    socket.on("message", (raw: Buffer) => {
      const message = JSON.parse(raw.toString()) as { type: string; data: { id?: string; result?: unknown; code?: string } };
      if (message.data.id) answers.get(message.data.id)?.(message);
    });
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    const lagOf = (id: string) =>
      new Promise<unknown>((resolve, reject) => {
        answers.set(id, (message) => (message.type === "ack" ? resolve(message.data.result) : reject(new Error(`refused: ${message.data.code}`))));
        socket.send(JSON.stringify({ type: "command", data: { id, name: "lag.echo", input: {} } }));
      });

    let measured: unknown = null;
    for (let request = 0; measured === null && request < 15; request++) {
      measured = await lagOf(`lag-${request}`);
      if (measured === null) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(measured).toBeGreaterThanOrEqual(60);
  });
});
