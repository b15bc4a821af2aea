/**
 * The event bus: how a service on one instance reaches the sockets on every
 * instance. In-process by default; Redis pub/sub when REDIS_URL is set.
 *
 * The bus is a plain transport: it carries `{ type, payload }` per room and
 * knows nothing of event types (publishToRoom in the hub adds the typing).
 */
import { Redis } from "ioredis";

export interface BusEvent {
  readonly type: string;
  readonly payload: unknown;
  /** Numbers the events of an ordered stream (per room), so that a client sees a gap. */
  readonly version?: number;
}

/** The event as carried: a copy with only the known fields (no version key when there is none). */
function busEventOf(type: string, payload: unknown, version: unknown): BusEvent {
  return typeof version === "number" ? { type, payload, version } : { type, payload };
}

export type BusHandler = (event: BusEvent, room: string) => void;

export interface EventBus {
  readonly kind: "memory" | "redis";
  publish(room: string, event: BusEvent): Promise<void>;
  /** Resolves once messages for the room are being received; returns the matching unsubscribe. */
  subscribe(room: string, handler: BusHandler): Promise<() => Promise<void>>;
  /** Health check for /healthz. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** The part of pino's logger the bus uses. */
export interface BusLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

const consoleLogger: BusLogger = {
  warn: (details, message) => console.warn(`[realtime bus] ${message}`, details),
  info: () => {},
};

/**
 * Local fan-out shared by both buses: room -> handlers. Each handler runs in
 * isolation so that one failing subscriber cannot starve the others.
 */
class HandlerRegistry {
  private readonly handlersByRoom = new Map<string, Set<BusHandler>>();

  constructor(private readonly log: BusLogger) {}

  /** Returns true when this is the room's first handler. */
  add(room: string, handler: BusHandler): boolean {
    const handlers = this.handlersByRoom.get(room);
    if (handlers) {
      handlers.add(handler);
      return false;
    }
    this.handlersByRoom.set(room, new Set([handler]));
    return true;
  }

  /** Returns true when the room has no handler left. */
  remove(room: string, handler: BusHandler): boolean {
    const handlers = this.handlersByRoom.get(room);
    if (!handlers?.delete(handler)) return false;
    if (handlers.size > 0) return false;
    this.handlersByRoom.delete(room);
    return true;
  }

  has(room: string): boolean {
    return this.handlersByRoom.has(room);
  }

  rooms(): string[] {
    return [...this.handlersByRoom.keys()];
  }

  dispatch(room: string, event: BusEvent): void {
    const handlers = this.handlersByRoom.get(room);
    if (!handlers) return;
    // Copy: a handler may unsubscribe (itself or another) while we iterate.
    for (const handler of [...handlers]) {
      try {
        handler(event, room);
      } catch (error) {
        this.log.warn({ err: error, room, type: event.type }, "event handler failed");
      }
    }
  }

  clear(): void {
    this.handlersByRoom.clear();
  }
}

/** Handlers registered once per subscribe() call, even if the same function is passed twice. */
function uniqueHandler(handler: BusHandler): BusHandler {
  return (event, room) => handler(event, room);
}

// ---------------------------------------------------------------------------
// In-process

function jsonCopy(value: unknown): unknown {
  const text = JSON.stringify(value);
  // JSON.stringify(undefined) is undefined, and Redis would carry no payload either.
  if (text === undefined) return undefined;
  const copy: unknown = JSON.parse(text);
  return copy;
}

export function createMemoryBus(options: { log?: BusLogger } = {}): EventBus {
  const registry = new HandlerRegistry(options.log ?? consoleLogger);
  let closed = false;
  return {
    kind: "memory",
    async publish(room, event) {
      if (closed) throw new Error("event bus is closed");
      // A JSON round trip, as over Redis: a payload that would not survive Redis
      // (a Date, a Map, a cycle) fails the same way on a laptop as in production,
      // and subscribers never share one mutable object.
      registry.dispatch(room, busEventOf(event.type, jsonCopy(event.payload), event.version));
    },
    async subscribe(room, handler) {
      if (closed) throw new Error("event bus is closed");
      const registered = uniqueHandler(handler);
      registry.add(room, registered);
      return async () => {
        registry.remove(room, registered);
      };
    },
    async ping() {
      return !closed;
    },
    async close() {
      closed = true;
      registry.clear();
    },
  };
}

// ---------------------------------------------------------------------------
// Redis pub/sub

export const redisChannelPrefix = "ks:";

export interface RedisBusOptions {
  /** Shown in CLIENT LIST as `<name>:pub` and `<name>:sub` (for operators and tests). */
  readonly name?: string;
  readonly log?: BusLogger;
  /** How long ping() waits for PONG before reporting the bus unhealthy. */
  readonly pingTimeoutMs?: number;
}

function parseBusEvent(message: string): BusEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || !("type" in value) || typeof value.type !== "string") return undefined;
  return busEventOf(value.type, "payload" in value ? value.payload : undefined, "version" in value ? value.version : undefined);
}

/**
 * Two connections, because a connection in subscriber mode can run nothing but
 * (UN)SUBSCRIBE. Local subscriptions are ref-counted per room: a thousand sockets
 * watching one game cost one Redis SUBSCRIBE on this instance.
 */
export async function createRedisBus(url: string, options: RedisBusOptions = {}): Promise<EventBus> {
  const log = options.log ?? consoleLogger;
  const name = options.name ?? `kingside-${process.pid}`;
  const pingTimeoutMs = options.pingTimeoutMs ?? 2000;

  const publisher = new Redis(url, {
    lazyConnect: true,
    connectionName: `${name}:pub`,
    // Fail a publish after a few retries instead of holding the request that made it.
    maxRetriesPerRequest: 3,
  });
  const subscriber = new Redis(url, {
    lazyConnect: true,
    connectionName: `${name}:sub`,
    // Stated rather than left to the default: after a reconnect, ioredis
    // re-issues SUBSCRIBE for every channel it held (tested in bus.redis.test.ts).
    autoResubscribe: true,
    // SUBSCRIBE issued while Redis is away waits for the reconnect.
    maxRetriesPerRequest: null,
  });

  const registry = new HandlerRegistry(log);
  /** SUBSCRIBE in flight per room, so a second local subscriber waits for the same one. */
  const pendingSubscribes = new Map<string, Promise<unknown>>();
  let closing = false;

  for (const [role, connection] of [["publisher", publisher], ["subscriber", subscriber]] as const) {
    // Without an 'error' listener ioredis prints "Unhandled error event"; it reconnects by itself.
    connection.on("error", (error: Error) => {
      if (!closing) log.warn({ err: error, role }, "redis connection error");
    });
    connection.on("reconnecting", () => {
      if (!closing) log.warn({ role }, "redis connection lost; reconnecting");
    });
  }
  let subscriberReadyOnce = false;
  subscriber.on("ready", () => {
    if (subscriberReadyOnce) log.info({ rooms: registry.rooms().length }, "redis subscriber reconnected; channels resubscribed");
    subscriberReadyOnce = true;
  });

  subscriber.on("message", (channel: string, message: string) => {
    if (!channel.startsWith(redisChannelPrefix)) return;
    const room = channel.slice(redisChannelPrefix.length);
    const event = parseBusEvent(message);
    if (!event) {
      log.warn({ room }, "dropped a malformed bus message");
      return;
    }
    registry.dispatch(room, event);
  });

  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    closing = true;
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`Cannot connect to Redis at ${redactUrl(url)}`, { cause: error });
  }

  return {
    kind: "redis",
    async publish(room, event) {
      await publisher.publish(redisChannelPrefix + room, JSON.stringify(busEventOf(event.type, event.payload, event.version)));
    },
    async subscribe(room, handler) {
      const channel = redisChannelPrefix + room;
      const registered = uniqueHandler(handler);
      if (registry.add(room, registered)) {
        const subscribing = subscriber.subscribe(channel);
        pendingSubscribes.set(room, subscribing);
        try {
          await subscribing;
        } catch (error) {
          registry.remove(room, registered);
          throw error;
        } finally {
          if (pendingSubscribes.get(room) === subscribing) pendingSubscribes.delete(room);
        }
      } else {
        try {
          await pendingSubscribes.get(room);
        } catch (error) {
          registry.remove(room, registered);
          throw error;
        }
      }
      let subscribed = true;
      return async () => {
        if (!subscribed) return;
        subscribed = false;
        // Commands on one connection run in order, so an UNSUBSCRIBE followed
        // by a new SUBSCRIBE for the same room leaves the room subscribed.
        if (registry.remove(room, registered) && !closing) await subscriber.unsubscribe(channel);
      };
    },
    async ping() {
      if (publisher.status !== "ready") return false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), pingTimeoutMs);
      });
      try {
        const answer = await Promise.race([publisher.ping().then((reply) => reply === "PONG"), timeout]);
        return answer;
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closing) return;
      closing = true;
      registry.clear();
      pendingSubscribes.clear();
      await Promise.all([quit(publisher), quit(subscriber)]);
    },
  };
}

async function quit(connection: Redis): Promise<void> {
  try {
    await connection.quit();
  } catch {
    connection.disconnect();
  }
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(invalid URL)";
  }
}

// ---------------------------------------------------------------------------

/** The bus for this process: Redis when a URL is configured, in-process otherwise. */
export async function createEventBus(redisUrl: string | undefined, options: RedisBusOptions = {}): Promise<EventBus> {
  if (redisUrl) return createRedisBus(redisUrl, options);
  return createMemoryBus(options.log ? { log: options.log } : {});
}
