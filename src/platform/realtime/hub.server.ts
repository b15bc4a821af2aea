/**
 * The socket hub: `GET /ws` on the application's port. Sockets subscribe to
 * rooms of registered kinds (each with its access rule) and send commands
 * (each answered by an ack or a refusal); the hub holds one bus subscription
 * per room on this instance, shared by all local sockets in that room, and
 * forwards every bus event to them. The hub never writes data: commands call
 * services, services publish.
 * docs/decisions/0012-socket-commands-rooms-and-outbox.md
 */
import websocketPlugin from "@fastify/websocket";
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { RawData, WebSocket } from "ws";
import { AppError } from "../http/errors.ts";
import { sendError as sendHttpError } from "../http/json-errors.server.ts";
import type { BusEvent, EventBus } from "./bus.server.ts";
import { commandTable, createCommandRunner, type CommandRateLimit } from "./commands.server.ts";
import { createLagMeter, type LagMeter } from "./lag-meter.ts";
import { memberRoomKind } from "./member-room.ts";
import {
  encodeMessage,
  maxClientMessageBytes,
  parseRoomName,
  type ClientMessage,
  type EventCatalog,
  type ProtocolErrorCode,
  type RealtimeEventType,
  type RoomName,
  type ServerMessage,
} from "./protocol.ts";
import { createEventCatalog, parseClientMessage, readEventPayload } from "./protocol-schemas.server.ts";
import type { RealtimeEventDefinition, RoomKindDefinition, SocketCommandDefinition } from "./registry.ts";
import { roomEvictionEvent, roomEvictionsChannel } from "./room-evictions.server.ts";
import { sessionsEndedChannel, sessionsEndedEvent } from "./sessions-ended.server.ts";
import type { SocketIdentity } from "./socket-identity.ts";

/** Who opened the socket, taken once from the upgrade request (the socket id and address are the hub's). */
export type IdentifySocket = (request: FastifyRequest) => Omit<SocketIdentity, "socketId" | "address">;

/** Told of each socket once it is open; the function it returns, if any, is called once when that socket closes. */
export type ConnectionListener = (identity: SocketIdentity) => (() => void) | undefined;

export interface RealtimeDeps {
  readonly bus: EventBus;
  readonly instanceId: string;
  /** Interval of the liveness check: a socket that answered no ping frame since the previous check is dropped. */
  readonly heartbeatMs?: number;
  /** Interval of the ping frames that measure each socket's lag (their pongs also prove it alive). */
  readonly lagProbeMs?: number;
  /** The room kinds of the features; `user` (memberRoomKind) is always there. A room of any other kind is refused. */
  readonly roomKinds?: readonly RoomKindDefinition[];
  readonly commands?: readonly SocketCommandDefinition[];
  /** The events of the features. When given, an event of an unknown type or with a payload that does not fit is not forwarded (and logged). */
  readonly events?: readonly RealtimeEventDefinition[];
  /** Default: every socket is an anonymous visitor. */
  readonly identify?: IdentifySocket;
  readonly maxRoomsPerSocket?: number;
  readonly commandRateLimit?: CommandRateLimit;
  /** Open sockets per session on this instance; one more is closed at once (code 4029). */
  readonly maxSocketsPerSession?: number;
  /** Open sockets per client address on this instance. */
  readonly maxSocketsPerAddress?: number;
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
export const defaultLagProbeMs = 5_000;
/** The sockets' heartbeats and lag probes go out in this many slices over each interval. */
const PING_SLICES = 20;
export const defaultMaxRoomsPerSocket = 50;
export const defaultMaxSocketsPerSession = 10;
export const defaultMaxSocketsPerAddress = 50;
/** Frames above this are cut by ws itself (close 1009); the protocol's own 4 KB limit answers with an error. */
export const maxFrameBytes = 64 * 1024;
/** A socket that cannot drain this much is too slow to follow; it is dropped and will resync on reconnect. */
const maxBufferedBytes = 4 * 1024 * 1024;

/** Close codes the client may act on (4000-4999 are the application's). */
export const closeCodes = { sessionEnded: 4001, tooManySockets: 4029 } as const;

const anonymous: IdentifySocket = () => ({ memberId: null, username: null, level: 0, sessionId: null, locale: "en" });

/** Publishes a domain event typed by its event type. Call it after the transaction commits (or use the outbox). */
export function publishToRoom<Payload>(
  bus: EventBus,
  room: RoomName,
  eventType: RealtimeEventType<Payload>,
  payload: NoInfer<Payload>,
  options: { readonly version?: number } = {},
): Promise<void> {
  return bus.publish(room, options.version === undefined ? { type: eventType.type, payload } : { type: eventType.type, payload, version: options.version });
}

interface Client {
  readonly identity: SocketIdentity;
  readonly socket: WebSocket;
  /** The rooms it is in, each with its kind's leave callback (the `joined` hook's answer), if any. */
  readonly rooms: Map<RoomName, (() => void) | undefined>;
  readonly runCommand: ReturnType<typeof createCommandRunner>;
  /** Its lag, from the round trips of the server's ping frames. */
  readonly lag: LagMeter;
  /** The slice of the sockets it is pinged with (spreadTicks). */
  readonly slice: Set<Client>;
  /** Answered a ping frame since the last liveness check. */
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

function roomKindsByName(definitions: readonly RoomKindDefinition[]): ReadonlyMap<string, RoomKindDefinition> {
  const byName = new Map<string, RoomKindDefinition>();
  for (const definition of [memberRoomKind, ...definitions]) {
    if (byName.has(definition.kind)) throw new Error(`Room kind "${definition.kind}" is registered twice`);
    byName.set(definition.kind, definition);
  }
  return byName;
}

export async function registerRealtime(app: FastifyInstance, deps: RealtimeDeps): Promise<void> {
  const heartbeatMs = deps.heartbeatMs ?? defaultHeartbeatMs;
  const lagProbeMs = Math.min(deps.lagProbeMs ?? defaultLagProbeMs, heartbeatMs);
  const maxRooms = deps.maxRoomsPerSocket ?? defaultMaxRoomsPerSocket;
  const maxPerSession = deps.maxSocketsPerSession ?? defaultMaxSocketsPerSession;
  const maxPerAddress = deps.maxSocketsPerAddress ?? defaultMaxSocketsPerAddress;
  const identify = deps.identify ?? anonymous;
  const roomKinds = roomKindsByName(deps.roomKinds ?? []);
  const catalog: EventCatalog | undefined = deps.events ? createEventCatalog(deps.events) : undefined;
  const commands = commandTable(deps.commands ?? []);
  const clients = new Set<Client>();
  /** The open sockets in PING_SLICES sets, each new socket in the next one in turn (spreadTicks). */
  const slices = Array.from({ length: PING_SLICES }, () => new Set<Client>());
  let nextSlice = 0;
  const rooms = new Map<RoomName, RoomEntry>();
  let closing = false;

  if (!app.hasDecorator("websocketServer")) {
    await app.register(websocketPlugin, { options: { maxPayload: maxFrameBytes }, errorHandler: handleSocketError });
  }

  function send(client: Client, message: ServerMessage): void {
    if (client.socket.readyState === socketOpen) client.socket.send(encodeMessage(message));
  }

  function sendError(client: Client, code: ProtocolErrorCode, message: string, room?: RoomName): void {
    send(client, { type: "error", data: room ? { code, message, room } : { code, message } });
  }

  /** The event as it may go out, or undefined when the catalog does not know it (a publisher's bug: logged, not forwarded). */
  function checkedEvent(room: RoomName, event: BusEvent): BusEvent | undefined {
    if (!catalog) return event;
    const read = catalog.read(event.type, event.payload);
    if (read) return event;
    app.log.warn({ room, type: event.type }, "realtime: dropped an event of an unknown type or with a malformed payload");
    return undefined;
  }

  function forward(room: RoomName, entry: Set<Client>, published: BusEvent): void {
    const event = checkedEvent(room, published);
    if (!event) return;
    // Encoded once per event, not once per socket.
    const data = event.version === undefined ? { room, type: event.type, payload: event.payload } : { room, type: event.type, payload: event.payload, version: event.version };
    const frame = JSON.stringify({ type: "event", data });
    for (const client of entry) {
      if (client.closed || client.socket.readyState !== socketOpen) continue;
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

  /** The refusal for a room this socket may not join, or null when it may. */
  async function roomRefusal(room: RoomName, identity: SocketIdentity): Promise<{ code: ProtocolErrorCode; message: string } | null> {
    const parsed = parseRoomName(room);
    const kind = parsed ? roomKinds.get(parsed.kind) : undefined;
    if (!parsed || !kind || (kind.singleton ?? false) !== (parsed.id === null)) return { code: "unknown_room", message: `no such room: ${room}` };
    if (!(await kind.access(identity, parsed.id))) return { code: "forbidden", message: `may not subscribe to ${room}` };
    return null;
  }

  async function subscribe(client: Client, room: RoomName): Promise<void> {
    if (client.rooms.has(room)) {
      send(client, { type: "subscribed", data: { room } });
      return;
    }
    if (client.rooms.size >= maxRooms) {
      sendError(client, "too_many_rooms", `at most ${maxRooms} rooms per connection`, room);
      return;
    }
    const refusal = await roomRefusal(room, client.identity);
    if (refusal) {
      sendError(client, refusal.code, refusal.message, room);
      return;
    }
    if (client.closed || closing) return;
    client.rooms.set(room, undefined);
    try {
      await join(room, client);
    } catch (error) {
      client.rooms.delete(room);
      throw error;
    }
    if (client.rooms.has(room)) client.rooms.set(room, joinedHook(room, client.identity));
    send(client, { type: "subscribed", data: { room } });
  }

  /** Tells the room's kind that this socket joined; answers what to call when it leaves. */
  function joinedHook(room: RoomName, identity: SocketIdentity): (() => void) | undefined {
    const parsed = parseRoomName(room);
    const kind = parsed ? roomKinds.get(parsed.kind) : undefined;
    if (!parsed || !kind?.joined) return undefined;
    try {
      return kind.joined(identity, parsed.id);
    } catch (error) {
      app.log.error({ err: error, room }, "realtime: room join hook failed");
      return undefined;
    }
  }

  /** Takes the socket out of the room's membership and calls the kind's leave callback once. */
  function leftRoom(client: Client, room: RoomName): boolean {
    if (!client.rooms.has(room)) return false;
    const onLeft = client.rooms.get(room);
    client.rooms.delete(room);
    try {
      onLeft?.();
    } catch (error) {
      app.log.error({ err: error, room }, "realtime: room leave hook failed");
    }
    return true;
  }

  async function handleMessage(client: Client, message: ClientMessage): Promise<void> {
    switch (message.type) {
      case "ping":
        send(client, { type: "pong", data: { t: message.data.t } });
        return;
      case "unsubscribe":
        if (leftRoom(client, message.data.room)) await leave(message.data.room, client);
        return;
      case "subscribe":
        await subscribe(client, message.data.room);
        return;
      case "command": {
        send(client, await client.runCommand(message.data, Date.now(), client.lag.lagMs()));
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
    client.slice.delete(client);
    const joined = [...client.rooms.keys()];
    for (const room of joined) leftRoom(client, room);
    await Promise.all(joined.map((room) => leave(room, client)));
  }

  /** Closes the sockets of ended sessions on this instance; they stop receiving at once, before the close handshake ends. */
  function endSessions(sessionIds: ReadonlySet<string>): void {
    for (const client of clients) {
      if (client.identity.sessionId === null || !sessionIds.has(client.identity.sessionId)) continue;
      client.closed = true;
      client.socket.close(closeCodes.sessionEnded, "session ended");
    }
  }

  // Open sockets per session and per address, counted as they open and close (a scan of every socket per handshake is quadratic).
  const socketsPerSession = new Map<string, number>();
  const socketsPerAddress = new Map<string, number>();

  function tooManySockets(identity: SocketIdentity): boolean {
    const sameSession = identity.sessionId === null ? 0 : (socketsPerSession.get(identity.sessionId) ?? 0);
    return sameSession >= maxPerSession || (socketsPerAddress.get(identity.address) ?? 0) >= maxPerAddress;
  }

  function countSocket(identity: SocketIdentity, change: 1 | -1): void {
    const counted: Array<[Map<string, number>, string | null]> = [
      [socketsPerSession, identity.sessionId],
      [socketsPerAddress, identity.address],
    ];
    for (const [counts, key] of counted) {
      if (key === null) continue;
      const next = (counts.get(key) ?? 0) + change;
      if (next > 0) counts.set(key, next);
      else counts.delete(key);
    }
  }

  /** Takes these members' sockets on this instance out of the room (their right to it was taken away). */
  function evict(room: RoomName, memberIds: ReadonlySet<number>): void {
    const entry = rooms.get(room);
    if (!entry) return;
    for (const client of [...entry.clients]) {
      if (client.identity.memberId === null || !memberIds.has(client.identity.memberId)) continue;
      // Out of the room's delivery at once; the bus subscription is released in the socket's own order.
      entry.clients.delete(client);
      leftRoom(client, room);
      enqueue(client, async () => {
        if (entry.clients.size === 0 && rooms.get(room) === entry) {
          rooms.delete(room);
          await releaseRoom(entry);
        }
        sendError(client, "forbidden", `removed from ${room}`, room);
      }, room);
    }
  }

  async function refuseUpgrade(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!deps.verifyUpgrade || deps.verifyUpgrade(request)) return;
    await sendHttpError(request, reply, new AppError("forbidden"));
  }

  const unsubscribeControl = await deps.bus.subscribe(sessionsEndedChannel, (event) => {
    const parsed = readEventPayload(sessionsEndedEvent, event);
    if (parsed) endSessions(new Set(parsed.sessionIds));
    else app.log.warn({ type: event.type }, "realtime: malformed session notice");
  });
  const unsubscribeEvictions = await deps.bus.subscribe(roomEvictionsChannel, (event) => {
    const parsed = readEventPayload(roomEvictionEvent, event);
    if (parsed) evict(parsed.room, new Set(parsed.memberIds));
    else app.log.warn({ type: event.type }, "realtime: malformed room eviction");
  });

  app.get("/ws", { websocket: true, preValidation: refuseUpgrade }, (socket, request) => {
    if (closing) {
      socket.close(1001, "server shutting down");
      return;
    }
    const identity: SocketIdentity = { ...identify(request), socketId: randomUUID(), address: request.ip };
    if (tooManySockets(identity)) {
      app.log.warn({ sessionSockets: maxPerSession, addressSockets: maxPerAddress, address: identity.address }, "realtime: too many sockets; refused");
      socket.close(closeCodes.tooManySockets, "too many sockets");
      return;
    }
    const client: Client = {
      identity,
      socket,
      rooms: new Map(),
      runCommand: createCommandRunner(commands, identity, { ...(deps.commandRateLimit ? { rateLimit: deps.commandRateLimit } : {}), log: app.log }),
      lag: createLagMeter(),
      slice: slices[(nextSlice += 1) % PING_SLICES] ?? new Set<Client>(),
      alive: true,
      closed: false,
      queue: Promise.resolve(),
    };
    clients.add(client);
    client.slice.add(client);
    countSocket(identity, 1);
    let onClosed: (() => void) | undefined;
    try {
      onClosed = deps.onConnection?.(identity);
    } catch (error) {
      app.log.error({ err: error }, "realtime: connection listener failed");
    }

    socket.on("pong", () => {
      client.lag.pongReceived(Date.now());
      client.alive = true;
    });
    socket.on("message", (data: RawData, isBinary: boolean) => {
      if (client.closed) return;
      if (isBinary) {
        sendError(client, "bad_message", "binary frames are not accepted");
        return;
      }
      const text = rawDataToText(data);
      if (typeof text === "number") {
        app.log.warn({ refusal: "message_too_large", sizeBytes: text, limitBytes: maxClientMessageBytes, address: identity.address }, "realtime: frame refused");
        sendError(client, "message_too_large", `messages are limited to ${maxClientMessageBytes} bytes`);
        return;
      }
      const parsed = parseClientMessage(text);
      if (!parsed.ok) {
        sendError(client, parsed.code, parsed.message);
        return;
      }
      const message = parsed.value;
      const room = message.type === "subscribe" || message.type === "unsubscribe" ? message.data.room : undefined;
      enqueue(client, () => handleMessage(client, message), room);
    });
    socket.on("close", () => {
      countSocket(identity, -1);
      client.closed = true;
      try {
        onClosed?.();
      } catch (error) {
        app.log.error({ err: error }, "realtime: close listener failed");
      }
      enqueue(client, () => disconnect(client));
    });

    send(client, { type: "hello", data: { instanceId: deps.instanceId, heartbeatMs } });
    // A first measure at once, so the first move already has one.
    probeLag(client);
  });

  function probeLag(client: Client): void {
    if (client.socket.readyState !== socketOpen) return;
    if (client.lag.pingSent(Date.now())) client.socket.ping();
  }

  // Liveness: each socket is checked once a heartbeat, a slice at a time; one that answered no ping since its last check is dropped.
  const heartbeat = spreadTicks(heartbeatMs, (client) => {
    if (!client.alive) {
      client.socket.terminate();
      return;
    }
    client.alive = false;
    probeLag(client);
  });
  // The lag probes: a ping per socket each interval (only when the previous one was answered), a slice at a time.
  const lagProbe = spreadTicks(lagProbeMs, probeLag);

  /**
   * Runs `each` on every socket once per `intervalMs`, one slice of them per
   * tick, so the pings of thousands of sockets (and their pongs) do not all
   * land in one turn of the event loop: with 5,000 sockets that held moves up
   * for ~100 ms every lag probe (the play bench's slow acks came in bursts
   * exactly 5 s apart).
   */
  function spreadTicks(intervalMs: number, each: (client: Client) => void): ReturnType<typeof setInterval> {
    let tick = 0;
    const timer = setInterval(
      () => {
        const slice = slices[tick % PING_SLICES] ?? [];
        tick += 1;
        for (const client of slice) each(client);
      },
      Math.max(1, Math.floor(intervalMs / PING_SLICES)),
    );
    timer.unref();
    return timer;
  }

  app.addHook("onClose", async () => {
    closing = true;
    clearInterval(heartbeat);
    clearInterval(lagProbe);
    // @fastify/websocket's preClose has already sent close frames; drop what lingers.
    for (const client of clients) {
      client.closed = true;
      client.socket.terminate();
    }
    clients.clear();
    for (const slice of slices) slice.clear();
    const entries = [...rooms.values()];
    rooms.clear();
    await Promise.all([...entries.map((entry) => releaseRoom(entry)), unsubscribeControl().catch(() => undefined), unsubscribeEvictions().catch(() => undefined)]);
  });
}

/**
 * ws reports a frame it refuses (too large: close 1009; malformed: 1002) as an
 * error and closes the socket itself: the client's fault, logged as a refusal
 * without a stack. Anything else is ours: logged as an error, socket dropped.
 */
function handleSocketError(this: FastifyInstance, error: Error, socket: WebSocket, request: FastifyRequest): void {
  const code = "code" in error && typeof error.code === "string" ? error.code : undefined;
  if (code?.startsWith("WS_ERR_")) {
    request.log.warn({ refusal: code, reason: error.message, limitBytes: maxFrameBytes, address: request.ip }, "realtime: frame refused");
    return;
  }
  request.log.error({ err: error }, "realtime: socket error");
  socket.terminate();
}

/** Decodes a text frame; its size in bytes when it exceeds the protocol limit (checked before decoding). */
function rawDataToText(data: RawData): string | number {
  const buffer = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
  if (buffer.byteLength > maxClientMessageBytes) return buffer.byteLength;
  return buffer.toString("utf8");
}
