/**
 * The socket client at the edges of a connection, on fake timers and a fake
 * WebSocket (no network): how soon it tries again, what a page is told while
 * it is cut off, and what becomes of a command made meanwhile (decision 0059).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { encodeMessage, type ClientMessage } from "./protocol.ts";
import type { CommandMap } from "./socket-commands.ts";
import { backoffDelay, createSocketClient, type SocketClient, type WebSocketLike } from "./socket-client.ts";

/** A socket the test opens, closes and answers by hand; every one made is kept, in order. */
class FakeSocket implements WebSocketLike {
  static made: FakeSocket[] = [];
  readyState = 0;
  readonly sent: ClientMessage[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { readonly data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }
  close(): void {
    this.readyState = 3;
  }
  /** The server accepts and greets. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
    this.onmessage?.({ data: encodeMessage({ type: "hello", data: { instanceId: "test", heartbeatMs: 20_000 } }) });
  }
  /** The connection fails or is cut. */
  drop(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
  answer(id: string, result: unknown): void {
    this.onmessage?.({ data: encodeMessage({ type: "ack", data: { id, result } }) });
  }
  commands(): Array<Extract<ClientMessage, { type: "command" }>["data"]> {
    return this.sent.flatMap((message) => (message.type === "command" ? [message.data] : []));
  }
}

const latest = (): FakeSocket => {
  const socket = FakeSocket.made.at(-1);
  if (!socket) throw new Error("no socket made");
  return socket;
};

describe("the socket client at the edges of a connection", () => {
  let client: SocketClient<CommandMap> | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.made = [];
  });
  afterEach(() => {
    client?.close();
    client = undefined;
    vi.useRealTimers();
  });

  const start = (options: { commandTimeoutMs?: number } = {}): SocketClient<CommandMap> => {
    const made = createSocketClient<CommandMap>({ url: "ws://test/ws", WebSocketImpl: FakeSocket, ...options });
    client = made;
    return made;
  };

  it("retries within a second however long the server stays away, never all clients at the same moment", () => {
    const delays = Array.from({ length: 30 }, (_, attempt) => backoffDelay(attempt));
    expect(Math.max(...delays)).toBeLessThanOrEqual(1_000);
    // The jitter: the same attempt waits between half and all of its delay.
    expect(backoffDelay(10, {}, () => 0)).toBe(1_000);
    expect(backoffDelay(10, {}, () => 0.999)).toBeGreaterThanOrEqual(500);
    expect(backoffDelay(0, {}, () => 0)).toBe(200);
  });

  it("is back within about a second of the server answering, after a long outage", () => {
    const client = start();
    latest().open();
    latest().drop();
    // A minute of refused connections: each failed attempt schedules the next.
    for (let elapsed = 0; elapsed < 60_000; elapsed += 100) {
      vi.advanceTimersByTime(100);
      const socket = latest();
      if (socket.readyState === 0) socket.drop();
    }
    const attempts = FakeSocket.made.length;
    expect(attempts).toBeGreaterThan(60);
    // The server is back: the next attempt comes within a second and succeeds.
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.made.length).toBe(attempts + 1);
    latest().open();
    expect(client.status).toBe("open");
  });

  it("tries again at once when told the network is back, and not while a connection is up", () => {
    const client = start();
    latest().open();
    latest().drop();
    const made = FakeSocket.made.length;
    client.reconnectNow();
    expect(FakeSocket.made.length).toBe(made + 1);
    latest().open();
    client.reconnectNow();
    expect(FakeSocket.made.length).toBe(made + 1);
  });

  it("tells a page when it is cut off and when it is back, not while it makes its first connection", () => {
    const client = start();
    const changes: string[] = [];
    client.watchConnection(() => changes.push(client.connection));
    expect(client.connection).toBe("up");
    latest().open();
    latest().drop();
    expect(client.connection).toBe("down");
    vi.advanceTimersByTime(1_000);
    expect(client.connection).toBe("down");
    latest().open();
    expect(client.connection).toBe("up");
    expect(changes).toEqual(["down", "up"]);
  });

  it("keeps a command made while cut off, however long, and sends it on the reconnect", async () => {
    const client = start({ commandTimeoutMs: 10_000 });
    latest().open();
    latest().drop();
    let settled: unknown = null;
    void client.command("game.move", { gameId: 1, ply: 2, uci: "g1f3" }).then((answer) => (settled = answer));
    // A minute down: without a connection the command has no deadline running.
    for (let elapsed = 0; elapsed < 60_000; elapsed += 500) {
      vi.advanceTimersByTime(500);
      if (latest().readyState === 0) latest().drop();
    }
    await Promise.resolve();
    expect(settled).toBeNull();
    vi.advanceTimersByTime(1_000);
    const back = latest();
    back.open();
    const [sent] = back.commands();
    expect(sent).toMatchObject({ name: "game.move", input: { gameId: 1, ply: 2, uci: "g1f3" } });
    back.answer(sent?.id ?? "", { version: 9 });
    await vi.waitFor(() => expect(settled).toEqual({ ok: true, value: { version: 9 } }));
  });

  it("still gives up on a command the server does not answer while connected", async () => {
    const client = start({ commandTimeoutMs: 10_000 });
    latest().open();
    const answer = client.command("game.snapshot", { gameId: 1 });
    vi.advanceTimersByTime(10_000);
    expect(await answer).toEqual({ ok: false, error: "timeout" });
  });
});
