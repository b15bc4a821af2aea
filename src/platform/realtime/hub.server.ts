/**
 * The socket hub: `GET /ws` on the application's port. Sockets subscribe to
 * rooms; the hub holds one bus subscription per room on this instance, shared
 * by all local sockets in that room, and forwards every bus event to them.
 * Socket handlers never write data: services publish, the hub only relays.
 */
import websocketPlugin from "@fastify/websocket";
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { RawData, WebSocket } from "ws";
import type { BusEvent, EventBus } from "./bus.server.ts";
import {
  encodeMessage,
  maxClientMessageBytes,
  parseClientMessage,
  type ClientMessage,
  type ProtocolErrorCode,
  type RealtimeEventMap,
  type RealtimeEventType,
  type RoomName,
  type ServerMessage,
} from "./protocol.ts";

export type AuthorizeSubscription = (room: RoomName, request: FastifyRequest) => boolean | Promise<boolean>;

/** One open socket: its id (unique per process run) and the upgrade request (with its viewer). */
export interface SocketConnection {
  readonly id: string;
  readonly request: FastifyRequest;
}

/** Told of each socket once it is open; the function it returns, if any, is called once when that socket closes. */
export type ConnectionListener = (connection: SocketConnection) => (() => void) | undefined;

export interface RealtimeDeps {
  readonly bus: EventBus;
  readonly instanceId: string;
  /** Interval of server ping frames; a socket that has not answered the previous one is dropped. */
  readonly heartbeatMs?: number;
  /**
   * Who may join which room. The default allows public rooms and refuses
   * `user:*`; the accounts feature replaces it with a session check (which
   * should also check the Origin header: browsers send cookies cross-site
   * with a WebSocket handshake).
   */
  readonly authorizeSubscription?: AuthorizeSubscription;
  readonly maxRoomsPerSocket?: number;
  /** Presence counts members' sockets through this. */
  readonly onConnection?: ConnectionListener;
  /**
   * Checked before the upgrade; false answers 403 and no socket opens. The
   * application checks the Origin header here (browsers send cookies with
   * cross-site WebSocket handshakes).
   */
  readonly verifyUpgrade?: (request: FastifyRequest) => boolean;
}

export const defaultHeartbeatMs = 25_000;
export const defaultMaxRoomsPerSocket = 50;
/** Frames above this are cut by ws itself (close 1009); the protocol's own 4 KB limit answers with an error. */
const maxFrameBytes = 64 * 1024;
/** A socket that cannot drain this much is too slow to follow; it is dropped and will resync on reconnect. */
const maxBufferedBytes = 4 * 1024 * 1024;

export const allowPublicRooms: AuthorizeSubscription = (room) => !room.startsWith("user:");

/** Publishes a domain event, typed by RealtimeEventMap. Call it after the transaction commits. */
export function publishToRoom<K extends RealtimeEventType>(bus: EventBus, room: RoomName, type: K, payload: RealtimeEventMap[K]): Promise<void> {
  return bus.publish(room, { type, payload });
}

interface Client {
  readonly id: string;
  readonly socket: WebSocket;
  readonly request: FastifyRequest;
  readonly rooms: Set<RoomName>;
  /** Answered the last ping frame. */
  alive: boolean;
  closed: boolean;
  /** Messages of one socket are handled one after another, so subscribe/unsubscribe never race. */
  queue: Promise<void>;
}

interface RoomEntry {
  readonly clients: Set<Client>;
  readonly ready: Promise<() => Promise<void>>;
}

const socketOpen = 1;

export async function registerRealtime(app: FastifyInstance, deps: RealtimeDeps): Promise<void> {
  const heartbeatMs = deps.heartbeatMs ?? defaultHeartbeatMs;
  const maxRooms = deps.maxRoomsPerSocket ?? defaultMaxRoomsPerSocket;
  const authorize = deps.authorizeSubscription ?? allowPublicRooms;
  const clients = new Set<Client>();
  const rooms = new Map<RoomName, RoomEntry>();
  let closing = false;

  if (!app.hasDecorator("websocketServer")) {
    await app.register(websocketPlugin, { options: { maxPayload: maxFrameBytes } });
  }

  function send(client: Client, message: ServerMessage): void {
    if (client.socket.readyState === socketOpen) client.socket.send(encodeMessage(message));
  }

  function sendError(client: Client, code: ProtocolErrorCode, message: string, room?: RoomName): void {
    send(client, { type: "error", data: room ? { code, message, room } : { code, message } });
  }

  function forward(room: RoomName, entry: Set<Client>, event: BusEvent): void {
    // Encoded once per event, not once per socket.
    const frame = JSON.stringify({ type: "event", data: { room, type: event.type, payload: event.payload } });
    for (const client of entry) {
      if (client.socket.readyState !== socketOpen) continue;
      if (client.socket.bufferedAmount > maxBufferedBytes) {
        app.log.warn({ room }, "realtime: dropping a socket that does not keep up");
        client.socket.terminate();
        continue;
      }
      client.socket.send(frame);
    }
  }

  async function join(room: RoomName, client: Client): Promise<void> {
    let entry = rooms.get(room);
    if (!entry) {
      const entryClients = new Set<Client>();
      const created: RoomEntry = { clients: entryClients, ready: deps.bus.subscribe(room, (event) => forward(room, entryClients, event)) };
      rooms.set(room, created);
      created.ready.catch(() => {
        if (rooms.get(room) === created) rooms.delete(room);
      });
      entry = created;
    }
    entry.clients.add(client);
    try {
      await entry.ready;
    } catch (error) {
      entry.clients.delete(client);
      throw error;
    }
  }

  async function leave(room: RoomName, client: Client): Promise<void> {
    const entry = rooms.get(room);
    if (!entry || !entry.clients.delete(client) || entry.clients.size > 0) return;
    rooms.delete(room);
    await releaseRoom(entry);
  }

  async function releaseRoom(entry: RoomEntry): Promise<void> {
    try {
      const unsubscribe = await entry.ready;
      await unsubscribe();
    } catch (error) {
      app.log.warn({ err: error }, "realtime: bus unsubscribe failed");
    }
  }

  async function handleMessage(client: Client, message: ClientMessage): Promise<void> {
    switch (message.type) {
      case "ping":
        send(client, { type: "pong", data: { t: message.data.t } });
        return;
      case "unsubscribe":
        if (client.rooms.delete(message.data.room)) await leave(message.data.room, client);
        return;
      case "subscribe": {
        const { room } = message.data;
        if (client.rooms.has(room)) {
          send(client, { type: "subscribed", data: { room } });
          return;
        }
        if (client.rooms.size >= maxRooms) {
          sendError(client, "too_many_rooms", `at most ${maxRooms} rooms per connection`, room);
          return;
        }
        if (!(await authorize(room, client.request))) {
          sendError(client, "forbidden", `may not subscribe to ${room}`, room);
          return;
        }
        if (client.closed || closing) return;
        client.rooms.add(room);
        try {
          await join(room, client);
        } catch (error) {
          client.rooms.delete(room);
          throw error;
        }
        send(client, { type: "subscribed", data: { room } });
        return;
      }
    }
  }

  function enqueue(client: Client, work: () => Promise<void>, room?: RoomName): void {
    client.queue = client.queue.then(work).catch((error: unknown) => {
      app.log.error({ err: error }, "realtime: message handling failed");
      sendError(client, "internal", "internal error", room);
    });
  }

  async function disconnect(client: Client): Promise<void> {
    clients.delete(client);
    const joined = [...client.rooms];
    client.rooms.clear();
    await Promise.all(joined.map((room) => leave(room, client)));
  }

  async function refuseUpgrade(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!deps.verifyUpgrade || deps.verifyUpgrade(request)) return;
    await reply.code(403).header("cache-control", "no-store").send({ code: "forbidden", message: "This WebSocket upgrade is not allowed." });
  }

  app.get("/ws", { websocket: true, preValidation: refuseUpgrade }, (socket, request) => {
    const client: Client = { id: randomUUID(), socket, request, rooms: new Set(), alive: true, closed: false, queue: Promise.resolve() };
    if (closing) {
      socket.close(1001, "server shutting down");
      return;
    }
    clients.add(client);
    let onClosed: (() => void) | undefined;
    try {
      onClosed = deps.onConnection?.({ id: client.id, request });
    } catch (error) {
      app.log.error({ err: error }, "realtime: connection listener failed");
    }

    socket.on("pong", () => {
      client.alive = true;
    });
    socket.on("message", (data: RawData, isBinary: boolean) => {
      if (client.closed) return;
      if (isBinary) {
        sendError(client, "bad_message", "binary frames are not accepted");
        return;
      }
      const text = rawDataToText(data);
      if (text === undefined) {
        sendError(client, "message_too_large", `messages are limited to ${maxClientMessageBytes} bytes`);
        return;
      }
      const parsed = parseClientMessage(text);
      if (!parsed.ok) {
        sendError(client, parsed.code, parsed.message);
        return;
      }
      const room = parsed.value.type === "ping" ? undefined : parsed.value.data.room;
      enqueue(client, () => handleMessage(client, parsed.value), room);
    });
    socket.on("close", () => {
      client.closed = true;
      try {
        onClosed?.();
      } catch (error) {
        app.log.error({ err: error }, "realtime: close listener failed");
      }
      enqueue(client, () => disconnect(client));
    });

    send(client, { type: "hello", data: { instanceId: deps.instanceId, heartbeatMs } });
  });

  // One timer for all sockets: mark, ping, and drop those that missed the previous ping.
  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      if (client.socket.readyState === socketOpen) client.socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();

  app.addHook("onClose", async () => {
    closing = true;
    clearInterval(heartbeat);
    // @fastify/websocket's preClose has already sent close frames; drop what lingers.
    for (const client of clients) {
      client.closed = true;
      client.socket.terminate();
    }
    clients.clear();
    const entries = [...rooms.values()];
    rooms.clear();
    await Promise.all(entries.map((entry) => releaseRoom(entry)));
  });
}

/** Decodes a text frame; undefined when it exceeds the protocol limit (checked before decoding). */
function rawDataToText(data: RawData): string | undefined {
  const buffer = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
  if (buffer.byteLength > maxClientMessageBytes) return undefined;
  return buffer.toString("utf8");
}
