/**
 * The socket protocol, shared by the server hub and the browser client.
 * Isomorphic: no node imports, and no feature: room kinds and event types are
 * registered by features (registry.ts) and handed in by the composition root.
 * Zod-free, so that the browser bundle carries no validation library: the
 * schemas of the frames (the hub's check of what clients send, the contract
 * of what it sends) live in protocol-schemas.server.ts (decision 0028).
 *
 * Every frame is JSON `{ type, data }`, where `data` is typed by the map of
 * its direction. The envelope keeps `data` apart from `type` because an
 * `event` carries a domain `type` of its own.
 */

// ---------------------------------------------------------------------------
// Rooms: `kind` (a singleton such as `tv`) or `kind:id` (`user:7`, `game:abc`).
// Which kinds exist and who may join them is the registered kinds' business.

const roomKindPattern = "[a-z][a-z0-9-]{0,31}";
const roomIdPattern = "[A-Za-z0-9_-]{1,64}";
const roomPattern = new RegExp(`^(${roomKindPattern})(?::(${roomIdPattern}))?$`);
const roomIdRegExp = new RegExp(`^${roomIdPattern}$`);
const roomKindRegExp = new RegExp(`^${roomKindPattern}$`);

/** A syntactically valid room name; whether its kind exists is decided by the hub. */
export type RoomName = string;

export function isRoomName(value: unknown): value is RoomName {
  return typeof value === "string" && roomPattern.test(value);
}

/** Splits a room name into its kind and id (null for a singleton); undefined when the syntax is wrong. */
export function parseRoomName(value: string): { readonly kind: string; readonly id: string | null } | undefined {
  const match = roomPattern.exec(value);
  const kind = match?.[1];
  if (!match || kind === undefined) return undefined;
  return { kind, id: match[2] ?? null };
}

/** Builds a room name; throws on a kind or id that no client could subscribe to (a programming error). */
export function roomName(kind: string, id?: string | number): RoomName {
  if (!roomKindRegExp.test(kind)) throw new Error(`Invalid room kind: "${kind}"`);
  if (id === undefined) return kind;
  const idText = String(id);
  if (!roomIdRegExp.test(idText)) throw new Error(`Invalid ${kind} room id: "${idText}"`);
  return `${kind}:${idText}`;
}

// ---------------------------------------------------------------------------
// Domain events. The platform carries `payload` as unknown. A feature names
// each event type with realtimeEventType (its type string, and its payload
// type at compile time only); publishers and subscribers use that name. The
// payload schemas are registered by the features' definitions (registry.ts):
// the hub checks every event against them before it forwards it, so what a
// subscriber receives has its type's shape.

/** A domain event as a subscriber receives it. `version` numbers the events of an ordered stream (per room). */
export interface RealtimeEvent {
  readonly room: RoomName;
  readonly type: string;
  readonly payload: unknown;
  readonly version?: number;
}

/** An event type as publishers and subscribers name it. `Payload` is a compile-time tag: no value carries it. */
export interface RealtimeEventType<Payload = unknown> {
  readonly type: string;
  /** Never set; it ties the payload type to the type string. */
  readonly payloadType?: Payload;
}

export function realtimeEventType<Payload>(type: string): RealtimeEventType<Payload> {
  return { type };
}

/** Checks a payload against its registered schema (built from the definitions by protocol-schemas.server.ts). */
export interface EventCatalog {
  has(type: string): boolean;
  /** The payload as its schema reads it, or undefined when the type is unknown or the payload does not fit. */
  read(type: string, payload: unknown): { readonly payload: unknown } | undefined;
}

/**
 * The payload of `event` as `eventType`'s payload, or undefined when the event
 * is of another type. Not checked again here: the hub forwarded it only after
 * its type's schema accepted it (hub.server.ts, checkedEvent).
 */
export function eventPayload<Payload>(eventType: RealtimeEventType<Payload>, event: Pick<RealtimeEvent, "type" | "payload">): Payload | undefined {
  return event.type === eventType.type ? (event.payload as Payload) : undefined;
}

// ---------------------------------------------------------------------------
// Client -> server

export const maxClientMessageBytes = 4096;

/** Client message type -> payload. The hub checks every frame against clientMessageSchema (protocol-schemas.server.ts). */
export interface ClientMessageMap {
  subscribe: { room: RoomName };
  unsubscribe: { room: RoomName };
  ping: { t: number };
  /** `id`: chosen by the client, unique per client; echoed in the ack or refusal. A resent command keeps its id. */
  command: { id: string; name: string; input: unknown };
}

export type ClientMessage = { [K in keyof ClientMessageMap]: { type: K; data: ClientMessageMap[K] } }[keyof ClientMessageMap];

// ---------------------------------------------------------------------------
// Server -> client

export const protocolErrorCodes = ["bad_message", "message_too_large", "forbidden", "unknown_room", "too_many_rooms", "rate_limited", "internal"] as const;
export type ProtocolErrorCode = (typeof protocolErrorCodes)[number];

/** Refusal codes of the platform; a command's handler adds its own (`not_your_turn`). */
export const platformRefusalCodes = ["unknown_command", "invalid_input", "forbidden", "rate_limited", "internal"] as const;
export type PlatformRefusalCode = (typeof platformRefusalCodes)[number];

export interface ServerMessageMap {
  hello: { instanceId: string; heartbeatMs: number };
  subscribed: { room: RoomName };
  event: RealtimeEvent;
  pong: { t: number };
  /** `room` is set when the error answers a subscribe or unsubscribe. */
  error: { code: ProtocolErrorCode; message: string; room?: RoomName };
  ack: { id: string; result: unknown };
  refusal: { id: string; code: string; values?: Readonly<Record<string, string | number>> };
}

export type ServerMessage = { [K in keyof ServerMessageMap]: { type: K; data: ServerMessageMap[K] } }[keyof ServerMessageMap];

// ---------------------------------------------------------------------------
// Parsing

export type ParseResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: ProtocolErrorCode; readonly message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The fields the client acts on, per message type; the rest of a frame is the server's contract (serverMessageSchema, checked in tests). */
const serverFrameChecks: { readonly [K in keyof ServerMessageMap]: (data: Record<string, unknown>) => boolean } = {
  hello: () => true,
  subscribed: (data) => isRoomName(data.room),
  event: (data) =>
    isRoomName(data.room) && typeof data.type === "string" && (data.version === undefined || (typeof data.version === "number" && Number.isInteger(data.version) && data.version >= 0)),
  pong: () => true,
  error: (data) => typeof data.code === "string" && typeof data.message === "string",
  ack: (data) => typeof data.id === "string",
  refusal: (data) => typeof data.id === "string" && typeof data.code === "string" && (data.values === undefined || isRecord(data.values)),
};

function isServerMessageType(type: unknown): type is keyof ServerMessageMap {
  return typeof type === "string" && Object.hasOwn(serverFrameChecks, type);
}

/**
 * Reads a server frame into a typed message; `undefined` for anything that is
 * not a frame the client can act on (not JSON, an unknown message type, a
 * missing room or id). With a catalog (node tests), an event of an unknown
 * type or with a payload that does not fit its schema is dropped too.
 */
export function parseServerMessage(raw: string, catalog?: EventCatalog): ServerMessage | undefined {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isRecord(json) || !isServerMessageType(json.type) || !isRecord(json.data) || !serverFrameChecks[json.type](json.data)) return undefined;
  // The checks above hold the fields the client reads; the frame's type is the server's contract.
  const message = json as ServerMessage;
  if (message.type !== "event" || !catalog) return message;
  const read = catalog.read(message.data.type, message.data.payload);
  if (!read) return undefined;
  return { type: "event", data: { ...message.data, payload: read.payload } };
}

export function encodeMessage(message: ClientMessage | ServerMessage): string {
  return JSON.stringify(message);
}
