/**
 * Helpers for the realtime tests: a bare Fastify with the hub on a loopback
 * port, a raw protocol socket that queues what it receives, and the rule for
 * tests that need Redis.
 */
import { fastify, type FastifyInstance } from "fastify";
import { WebSocket, type ClientOptions, type RawData } from "ws";
import { requireServiceInCi } from "../../test/databases.ts";
import type { EventBus } from "./bus.server.ts";
import { demoRealtime } from "./demo-room.ts";
import { registerRealtime, type RealtimeDeps } from "./hub.server.ts";
import { isRoomName, type RealtimeEvent, type ServerMessage } from "./protocol.ts";
import { parseServerFrame } from "./protocol-schemas.server.ts";

/**
 * REDIS_URL for tests that need a real Redis. In CI a missing URL is an error,
 * never a silent skip; elsewhere the caller skips those tests, with a warning.
 */
export function redisUrlForTests(): string | undefined {
  return requireServiceInCi("REDIS_URL");
}

export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing`);
  return value;
}

/** A room name no other test run shares (tests run in parallel against one Redis). */
export function uniqueWord(prefix: string): string {
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export interface TestHub {
  readonly app: FastifyInstance;
  /** ws://127.0.0.1:<port>/ws */
  readonly url: string;
}

/** A hub with the demo room kind and events unless `deps` names its own; `logLines` collects its log (parsed pino lines). */
export async function startTestHub(deps: RealtimeDeps, options: { logLines?: Array<Record<string, unknown>> } = {}): Promise<TestHub> {
  const lines = options.logLines;
  const stream = { write: (line: string) => void lines?.push(JSON.parse(line) as Record<string, unknown>) };
  const app = fastify({ logger: lines ? { level: "info", stream } : false });
  await registerRealtime(app, { roomKinds: demoRealtime.roomKinds, events: demoRealtime.events, ...deps });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("expected a TCP address");
  return { app, url: `ws://127.0.0.1:${address.port}/ws` };
}

/** Wraps a bus to count how many room subscriptions are live (to prove sharing and release); the hub's control channel is not a room. */
export function countingBus(bus: EventBus): EventBus & { readonly subscribeCalls: number; readonly activeSubscriptions: number } {
  let subscribeCalls = 0;
  let activeSubscriptions = 0;
  return {
    kind: bus.kind,
    publish: (room, event) => bus.publish(room, event),
    ping: () => bus.ping(),
    close: () => bus.close(),
    async subscribe(room, handler) {
      if (!isRoomName(room)) return bus.subscribe(room, handler);
      subscribeCalls += 1;
      const unsubscribe = await bus.subscribe(room, handler);
      activeSubscriptions += 1;
      return async () => {
        activeSubscriptions -= 1;
        await unsubscribe();
      };
    },
    get subscribeCalls() {
      return subscribeCalls;
    },
    get activeSubscriptions() {
      return activeSubscriptions;
    },
  };
}

type MessageOfType<K extends ServerMessage["type"]> = Extract<ServerMessage, { type: K }>;

/** A raw protocol client: what it receives waits in a queue until a test takes it. */
export class TestSocket {
  private readonly received: ServerMessage[] = [];
  private readonly waiters: Array<() => void> = [];
  closeCode: number | undefined;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data: RawData) => {
      // Every frame the hub sends must fit the protocol's contract (serverMessageSchema) and the browser's reading.
      const text = frameText(data);
      const message = parseServerFrame(text);
      if (!message) throw new Error(`unreadable server message: ${text}`);
      this.received.push(message);
      this.wake();
    });
    socket.on("close", (code: number) => {
      this.closeCode = code;
      this.wake();
    });
  }

  /** `options` are ws's: autoPong, headers (a session cookie, an Origin) ... */
  static open(url: string, options: ClientOptions = {}): Promise<TestSocket> {
    const socket = new WebSocket(url, options);
    const testSocket = new TestSocket(socket);
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(testSocket));
      socket.once("error", reject);
    });
  }

  /** Sends a protocol message, or any raw text or bytes (to test rejection). */
  send(message: object | string | Buffer, options: { binary?: boolean } = {}): void {
    const frame = typeof message === "string" || Buffer.isBuffer(message) ? message : JSON.stringify(message);
    this.socket.send(frame, { binary: options.binary ?? false });
  }

  /** Takes the first queued (or next arriving) message of the given type; others stay queued. */
  next<K extends ServerMessage["type"]>(type: K, timeoutMs = 5000): Promise<MessageOfType<K>> {
    return this.nextWhere((message): message is MessageOfType<K> => message.type === type, `"${type}" message`, timeoutMs);
  }

  /** Takes the ack or the refusal of the command sent with this request id. */
  answerTo(requestId: string, timeoutMs = 5000): Promise<MessageOfType<"ack" | "refusal">> {
    const isAnswer = (message: ServerMessage): message is MessageOfType<"ack" | "refusal"> =>
      (message.type === "ack" || message.type === "refusal") && message.data.id === requestId;
    return this.nextWhere(isAnswer, `answer to ${requestId}`, timeoutMs);
  }

  /** Takes the first queued (or next arriving) event of this domain type; other messages stay queued. */
  async nextEvent(type: string, timeoutMs = 10_000): Promise<RealtimeEvent> {
    const isWanted = (message: ServerMessage): message is MessageOfType<"event"> => message.type === "event" && message.data.type === type;
    return (await this.nextWhere(isWanted, `"${type}" event`, timeoutMs)).data;
  }

  /** Takes every queued event that matches (after a round trip: all the server sent so far), in order; others stay queued. */
  async eventsSoFar(matches: (event: RealtimeEvent) => boolean): Promise<RealtimeEvent[]> {
    await this.roundTrip();
    const taken: RealtimeEvent[] = [];
    for (let index = 0; index < this.received.length; ) {
      const message = this.received[index];
      if (message?.type === "event" && matches(message.data)) {
        taken.push(message.data);
        this.received.splice(index, 1);
      } else index += 1;
    }
    return taken;
  }

  /** Everything received and not yet taken. */
  pending(): readonly ServerMessage[] {
    return this.received;
  }

  /** A ping/pong round trip: anything the server sent before answering is now queued. */
  async roundTrip(): Promise<void> {
    const t = Date.now() + Math.random();
    this.send({ type: "ping", data: { t } });
    for (;;) {
      const pong = await this.next("pong");
      if (pong.data.t === t) return;
    }
  }

  async waitForClose(timeoutMs = 5000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (this.closeCode === undefined) {
      if (Date.now() >= deadline) throw new Error(`socket still open after ${timeoutMs} ms`);
      await this.wait(deadline - Date.now());
    }
    return this.closeCode;
  }

  close(): void {
    this.socket.close();
  }

  private async nextWhere<M extends ServerMessage>(isWanted: (message: ServerMessage) => message is M, what: string, timeoutMs: number): Promise<M> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.received.findIndex(isWanted);
      const found = this.received[index];
      if (found && isWanted(found)) {
        this.received.splice(index, 1);
        return found;
      }
      if (this.closeCode !== undefined) throw new Error(`socket closed (${this.closeCode}) while waiting for the ${what}`);
      if (Date.now() >= deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
      await this.wait(deadline - Date.now());
    }
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

/** A command's answer as a test reads it. */
export type CommandAnswer = { ok: true; result: unknown } | { ok: false; code: string };

let nextRequest = 0;

/** Sends a command (any name and input, so that refusals can be tested) and waits for its answer. */
export async function command(socket: TestSocket, name: string, input: unknown): Promise<CommandAnswer> {
  nextRequest += 1;
  const id = `r${nextRequest}`;
  socket.send({ type: "command", data: { id, name, input } });
  const answer = await socket.answerTo(id, 10_000);
  return answer.type === "ack" ? { ok: true, result: answer.data.result } : { ok: false, code: answer.data.code };
}

/** The ack's value, as the test expects it; a refusal fails the test with its code. */
export function valueOf<T>(answer: CommandAnswer): T {
  if (!answer.ok) throw new Error(`refused: ${answer.code}`);
  return answer.result as T;
}

/** Joins a room and waits for the server's confirmation. */
export async function subscribe(socket: TestSocket, room: string): Promise<void> {
  socket.send({ type: "subscribe", data: { room } });
  await socket.next("subscribed");
}

/** Polls until the condition holds. */
export async function eventually(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() >= deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Polls an asynchronous condition until it holds. */
export async function eventuallyAsync(condition: () => Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() >= deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A received frame as text, whichever shape ws handed it over in. */
function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return (data instanceof ArrayBuffer ? Buffer.from(data) : data).toString("utf8");
}
