/**
 * The socket protocol, shared by the server hub and the browser client.
 * Isomorphic: no node imports.
 *
 * Every frame is JSON `{ type, data }`, where `data` is typed by the map of
 * its direction. The envelope keeps `data` apart from `type` because an
 * `event` carries a domain `type` of its own.
 */
import { z } from "zod";
import { presenceSchema } from "../../features/presence/presence.schema.ts";

// ---------------------------------------------------------------------------
// Rooms

const roomIdPattern = "[A-Za-z0-9_-]{1,64}";
/** `user:{id}`, `game:{id}`, `club:{id}`, `demo:{word}`, `presence:{userId}` (one member's presence), `tv`, `presence`. */
const roomPattern = new RegExp(`^(?:(?:user|game|club|demo|presence):${roomIdPattern}|tv|presence)$`);
const roomIdRegExp = new RegExp(`^${roomIdPattern}$`);

export type RoomKindWithId = "user" | "game" | "club" | "demo" | "presence";
export type RoomKindSingleton = "tv" | "presence";
export type RoomName = `${RoomKindWithId}:${string}` | RoomKindSingleton;

export function isRoomName(value: unknown): value is RoomName {
  return typeof value === "string" && roomPattern.test(value);
}

export const roomNameSchema = z.custom<RoomName>(isRoomName, { message: "invalid room name" });

/** Builds a room name; throws on an id that no client could subscribe to (a programming error). */
export function roomName(kind: RoomKindSingleton): RoomName;
export function roomName(kind: RoomKindWithId, id: string | number): RoomName;
export function roomName(kind: RoomKindWithId | RoomKindSingleton, id?: string | number): RoomName {
  if (kind === "tv" || (kind === "presence" && id === undefined)) return kind;
  const idText = String(id);
  if (!roomIdRegExp.test(idText)) throw new Error(`Invalid ${kind} room id: "${idText}"`);
  return `${kind}:${idText}`;
}

// ---------------------------------------------------------------------------
// Domain events: one schema per event type. Features add their events here;
// the client validates payloads with these schemas before handing them over.

export const realtimeEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("system.broadcast"), payload: z.object({ text: z.string() }) }),
  z.object({ type: z.literal("demo.echo"), payload: z.object({ text: z.string(), from: z.string() }) }),
  // Social: sent to the other member's user:{id} room.
  z.object({ type: z.literal("friend.request"), payload: z.object({ from: z.string() }) }),
  z.object({ type: z.literal("friend.accepted"), payload: z.object({ from: z.string() }) }),
  z.object({ type: z.literal("friend.removed"), payload: z.object({ from: z.string() }) }),
  // Presence: a member's presence changed; sent to their presence:{id} room.
  z.object({ type: z.literal("presence.changed"), payload: presenceSchema }),
]);

type RealtimeEventBody = z.infer<typeof realtimeEventSchema>;

/** Event type -> payload. */
export type RealtimeEventMap = { [E in RealtimeEventBody as E["type"]]: E["payload"] };
export type RealtimeEventType = keyof RealtimeEventMap;
/** A domain event as a subscriber receives it. */
export type RealtimeEvent = RealtimeEventBody & { readonly room: RoomName };

const realtimeEventTypes: ReadonlySet<string> = new Set(realtimeEventSchema.options.map((option) => option.shape.type.value));

export function isRealtimeEventType(type: string): type is RealtimeEventType {
  return realtimeEventTypes.has(type);
}

// ---------------------------------------------------------------------------
// Client -> server

export const maxClientMessageBytes = 4096;

/** Strict objects: an unknown type or an unexpected field is refused, not ignored. */
export const clientMessageSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("subscribe"), data: z.strictObject({ room: roomNameSchema }) }),
  z.strictObject({ type: z.literal("unsubscribe"), data: z.strictObject({ room: roomNameSchema }) }),
  z.strictObject({ type: z.literal("ping"), data: z.strictObject({ t: z.number() }) }),
]);

export type ClientMessage = z.infer<typeof clientMessageSchema>;
/** Client message type -> payload. */
export type ClientMessageMap = { [M in ClientMessage as M["type"]]: M["data"] };

// ---------------------------------------------------------------------------
// Server -> client

export const protocolErrorCodes = ["bad_message", "message_too_large", "forbidden", "too_many_rooms", "internal"] as const;
export type ProtocolErrorCode = (typeof protocolErrorCodes)[number];

export interface ServerMessageMap {
  hello: { instanceId: string; heartbeatMs: number };
  subscribed: { room: RoomName };
  event: RealtimeEvent;
  pong: { t: number };
  /** `room` is set when the error answers a subscribe or unsubscribe. */
  error: { code: ProtocolErrorCode; message: string; room?: RoomName };
}

export type ServerMessage = { [K in keyof ServerMessageMap]: { type: K; data: ServerMessageMap[K] } }[keyof ServerMessageMap];

/**
 * The envelope as the client first reads it. An event's payload stays
 * `unknown` here and is checked against its own schema afterwards, so that an
 * event type this client does not know yet (a newer server) is skipped, not fatal.
 */
export const serverEnvelopeSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("hello"), data: z.object({ instanceId: z.string(), heartbeatMs: z.number() }) }),
  z.object({ type: z.literal("subscribed"), data: z.object({ room: roomNameSchema }) }),
  z.object({ type: z.literal("event"), data: z.object({ room: roomNameSchema, type: z.string(), payload: z.unknown() }) }),
  z.object({ type: z.literal("pong"), data: z.object({ t: z.number() }) }),
  z.object({
    type: z.literal("error"),
    data: z.object({ code: z.enum(protocolErrorCodes), message: z.string(), room: roomNameSchema.optional() }),
  }),
]);

// ---------------------------------------------------------------------------
// Parsing

export type ParseResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: ProtocolErrorCode; readonly message: string };

const textEncoder = new TextEncoder();

/** Validates one incoming client frame: size first (cheap), then JSON, then shape. */
export function parseClientMessage(raw: string): ParseResult<ClientMessage> {
  // UTF-8 size lies between length and 3 * length: encode only when it might exceed.
  if (raw.length > maxClientMessageBytes || (raw.length * 3 > maxClientMessageBytes && textEncoder.encode(raw).byteLength > maxClientMessageBytes)) {
    return { ok: false, code: "message_too_large", message: `messages are limited to ${maxClientMessageBytes} bytes` };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, code: "bad_message", message: "message is not JSON" };
  }
  const parsed = clientMessageSchema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, code: "bad_message", message: issue ? `${issue.path.join(".") || "message"}: ${issue.message}` : "invalid message" };
}

/** Reads a server frame into a typed message; `undefined` for anything malformed or unknown. */
export function parseServerMessage(raw: string): ServerMessage | undefined {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const envelope = serverEnvelopeSchema.safeParse(json);
  if (!envelope.success) return undefined;
  const message = envelope.data;
  if (message.type !== "event") return message;
  if (!isRealtimeEventType(message.data.type)) return undefined;
  const body = realtimeEventSchema.safeParse({ type: message.data.type, payload: message.data.payload });
  if (!body.success) return undefined;
  return { type: "event", data: { ...body.data, room: message.data.room } };
}

export function encodeMessage(message: ClientMessage | ServerMessage): string {
  return JSON.stringify(message);
}
