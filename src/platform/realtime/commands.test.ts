import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { fail, ok } from "../../shared/result.ts";
import { createMemoryBus } from "./bus.server.ts";
import { tokenBucket } from "./commands.server.ts";
import type { IdentifySocket } from "./hub.server.ts";
import { defineSocketCommand } from "./registry.ts";
import { startTestHub, TestSocket } from "./test-kit.server.ts";

const member: IdentifySocket = () => ({ memberId: 5, username: "five", level: 10, sessionId: "session-5", locale: "en" });

describe("socket commands", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  let handled = 0;
  const add = defineSocketCommand({
    name: "math.add",
    input: z.strictObject({ a: z.number(), b: z.number() }),
    access: (identity) => identity.memberId !== null,
    async handle({ a, b }, context) {
      handled += 1;
      if (a < 0) return fail("negative_number", { a });
      if (a === 13) throw new Error("unlucky");
      return ok({ sum: a + b, by: context.identity.username, requestId: context.requestId });
    },
  });

  async function socketOn(options: { identify?: IdentifySocket; burst?: number } = {}): Promise<TestSocket> {
    handled = 0;
    const bus = createMemoryBus();
    const hub = await startTestHub({
      bus,
      instanceId: "commands",
      commands: [add],
      identify: options.identify ?? member,
      commandRateLimit: { burst: options.burst ?? 20, perSecond: 0.001 },
    });
    const socket = await TestSocket.open(hub.url);
    cleanups.push(() => bus.close(), () => hub.app.close(), () => socket.close());
    await socket.next("hello");
    return socket;
  }

  function command(socket: TestSocket, id: string, name: string, input: unknown): void {
    socket.send({ type: "command", data: { id, name, input } });
  }

  it("answers a command with an ack carrying the handler's value and the request id", async () => {
    const socket = await socketOn();
    command(socket, "r1", "math.add", { a: 2, b: 3 });
    expect((await socket.next("ack")).data).toEqual({ id: "r1", result: { sum: 5, by: "five", requestId: "r1" } });
  });

  it("refuses with stable codes: unknown command, bad input, the handler's own error, a handler that throws", async () => {
    const socket = await socketOn();
    command(socket, "u", "math.divide", { a: 1, b: 2 });
    expect((await socket.next("refusal")).data).toEqual({ id: "u", code: "unknown_command" });
    for (const [id, input] of [["i1", { a: "2", b: 3 }], ["i2", { a: 1 }], ["i3", { a: 1, b: 2, c: 3 }], ["i4", null]] as const) {
      command(socket, id, "math.add", input);
      expect((await socket.next("refusal")).data, id).toEqual({ id, code: "invalid_input" });
    }
    command(socket, "n", "math.add", { a: -1, b: 2 });
    expect((await socket.next("refusal")).data).toEqual({ id: "n", code: "negative_number", values: { a: -1 } });
    command(socket, "t", "math.add", { a: 13, b: 2 });
    expect((await socket.next("refusal")).data).toEqual({ id: "t", code: "internal" });
    expect(handled).toBe(2);
    // The connection goes on.
    command(socket, "ok", "math.add", { a: 1, b: 1 });
    expect((await socket.next("ack")).data.id).toBe("ok");
  });

  it("refuses a command whose access rule says no, without running it", async () => {
    const socket = await socketOn({ identify: () => ({ memberId: null, username: null, level: 0, sessionId: null, locale: "en" }) });
    command(socket, "f", "math.add", { a: 1, b: 2 });
    expect((await socket.next("refusal")).data).toEqual({ id: "f", code: "forbidden" });
    expect(handled).toBe(0);
  });

  it("answers a resent request id with the first answer, without running the handler again", async () => {
    const socket = await socketOn();
    command(socket, "same", "math.add", { a: 1, b: 2 });
    command(socket, "same", "math.add", { a: 1, b: 2 });
    const first = await socket.next("ack");
    const second = await socket.next("ack");
    expect(second.data).toEqual(first.data);
    expect(handled).toBe(1);
  });

  it("refuses commands past the socket's burst with rate_limited, and keeps the socket", async () => {
    const socket = await socketOn({ burst: 3 });
    for (const id of ["a", "b", "c", "d", "e"]) command(socket, id, "math.add", { a: 1, b: 1 });
    const answers = [];
    for (let index = 0; index < 3; index += 1) answers.push((await socket.next("ack")).data.id);
    expect(answers).toEqual(["a", "b", "c"]);
    expect((await socket.next("refusal")).data).toEqual({ id: "d", code: "rate_limited" });
    expect((await socket.next("refusal")).data).toEqual({ id: "e", code: "rate_limited" });
    expect(handled).toBe(3);
    await socket.roundTrip();
    expect(socket.closeCode).toBeUndefined();
  });
});

describe("tokenBucket", () => {
  it("spends a burst, then earns tokens back at its rate, never above the burst", () => {
    const bucket = tokenBucket({ burst: 2, perSecond: 4 }, 0);
    expect([bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([true, true, false]);
    expect(bucket.take(250)).toBe(true);
    expect(bucket.take(250)).toBe(false);
    expect([bucket.take(60_000), bucket.take(60_000), bucket.take(60_000)]).toEqual([true, true, false]);
  });
});
