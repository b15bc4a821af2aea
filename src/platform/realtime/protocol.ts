/**
 * The socket protocol, shared by the server hub and the browser client.
 * Isomorphic: no node imports, and no feature: room kinds and event types are
 * registered by features (registry.ts) and handed in by the composition root.
 *
 * Every frame is JSON `{ type, data }`, where `data` is typed by the map of
 * its direction. The envelope keeps `data` apart from `type` because an
 * `event` carries a domain `type` of its own.
 */
import { z } from "zod";
import type { RealtimeEventDefinition } from "./registry.ts";

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

export const roomNameSchema = z.custom<RoomName>(isRoomName, { message: "invalid room name" });

/** Builds a room name; throws on a kind or id that no client could subscribe to (a programming error). */
export function roomName(kind: string, id?: string | number): RoomName {
  if (!roomKindRegExp.test(kind)) throw new Error(`Invalid room kind: "${kind}"`);
  if (id === undefined) return kind;
  const idText = String(id);
  if (!roomIdRegExp.test(idText)) throw new Error(`Invalid ${kind} room id: "${idText}"`);
  return `${kind}:${idText}`;
}

// ---------------------------------------------------------------------------
// Domain events. The platform carries `payload` as unknown; the event
// definitions of the features (handed in as a catalog) say which types exist
// and check their payloads, and a subscriber reads a payload through its
// definition (eventPayload), which types it.

/** A domain event as a subscriber receives it. `version` numbers the events of an ordered stream (per room). */
export interface RealtimeEvent {
  readonly room: RoomName;
  readonly type: string;
  readonly payload: unknown;
  readonly version?: number;
}

/** The registered event types, for checking payloads on either side. */
export interface EventCatalog {
  has(type: string): boolean;
  /** The payload as its schema reads it, or undefined when the type is unknown or the payload does not fit. */
  read(type: string, payload: unknown): { readonly payload: unknown } | undefined;
}

export function createEventCatalog(definitions: readonly RealtimeEventDefinition[]): EventCatalog {
  const byType = new Map<string, RealtimeEventDefinition>();
  for (const definition of definitions) {
    if (byType.has(definition.type)) throw new Error(`Realtime event "${definition.type}" is defined twice`);
    byType.set(definition.type, definition);
  }
  return {
    has: (type) => byType.has(type),
    read(type, payload) {
      const parsed = byType.get(type)?.payload.safeParse(payload);
      return parsed?.success ? { payload: parsed.data } : undefined;
    },
  };
}

/** The payload of `event` typed by `definition`, or undefined when the event is of another type or malformed. */
export function eventPayload<Type extends string, Payload extends z.ZodType>(
  definition: RealtimeEventDefinition<Type, Payload>,
  event: Pick<RealtimeEvent, "type" | "payload">,
): z.infer<Payload> | undefined {
  if (event.type !== definition.type) return undefined;
  const parsed = definition.payload.safeParse(event.payload);
  return parsed.success ? parsed.data : undefined;
}

// ---------------------------------------------------------------------------
// Client -> server

export const maxClientMessageBytes = 4096;

/** Chosen by the client, unique per client; echoed in the ack or refusal. A resent command keeps its id. */
export const commandIdSchema = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);
export const commandNameSchema = z.string().regex(/^[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*$/).max(64);

/** Strict objects: an unknown type or an unexpected field is refused, not ignored. */
export const clientMessageSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("subscribe"), data: z.strictObject({ room: roomNameSchema }) }),
  z.strictObject({ type: z.literal("unsubscribe"), data: z.strictObject({ room: roomNameSchema }) }),
  z.strictObject({ type: z.literal("ping"), data: z.strictObject({ t: z.number() }) }),
  z.strictObject({ type: z.literal("command"), data: z.strictObject({ id: commandIdSchema, name: commandNameSchema, input: z.unknown() }) }),
]);

export type ClientMessage = z.infer<typeof clientMessageSchema>;
/** Client message type -> payload. */
export type ClientMessageMap = { [M in ClientMessage as M["type"]]: M["data"] };

// ---------------------------------------------------------------------------
// Server -> client

export const protocolErrorCodes = ["bad_message", "message_too_large", "forbidden", "unknown_room", "too_many_rooms", "rate_limited", "internal"] as const;
export type ProtocolErrorCode = (typeof protocolErrorCodes)[number];

/** Refusal codes of the platform; a command's handler adds its own (`not_your_turn`). */
export const platformRefusalCodes = ["unknown_command", "invalid_input", "forbidden", "rate_limited", "internal"] as const;
export type PlatformRefusalCode = (typeof platformRefusalCodes)[number];

/** A code word, optionally namespaced with dots (`not_your_turn`, `move.illegal`). */
const refusalCodeSchema = z.string().max(64).regex(/^[a-z][a-z0-9_-]*(?:\.[a-z][a-z0-9_-]*)*$/);
const refusalValuesSchema = z.record(z.string(), z.union([z.string(), z.number()]));

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

/**
 * The envelope as the client first reads it. An event's payload stays
 * `unknown` here and is checked against its own schema afterwards, so that an
 * event type this client does not know yet (a newer server) is skipped, not fatal.
 */
export const serverEnvelopeSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("hello"), data: z.object({ instanceId: z.string(), heartbeatMs: z.number() }) }),
  z.object({ type: z.literal("subscribed"), data: z.object({ room: roomNameSchema }) }),
  z.object({
    type: z.literal("event"),
    data: z.object({ room: roomNameSchema, type: z.string(), payload: z.unknown(), version: z.number().int().nonnegative().optional() }),
  }),
  z.object({ type: z.literal("pong"), data: z.object({ t: z.number() }) }),
  z.object({
    type: z.literal("error"),
    data: z.object({ code: z.enum(protocolErrorCodes), message: z.string(), room: roomNameSchema.optional() }),
  }),
  z.object({ type: z.literal("ack"), data: z.object({ id: commandIdSchema, result: z.unknown() }) }),
  z.object({ type: z.literal("refusal"), data: z.object({ id: commandIdSchema, code: refusalCodeSchema, values: refusalValuesSchema.optional() }) }),
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

/**
 * Reads a server frame into a typed message; `undefined` for anything
 * malformed. With a catalog, an event of an unknown type or with a payload
 * that does not fit its schema is dropped too.
 */
export function parseServerMessage(raw: string, catalog?: EventCatalog): ServerMessage | undefined {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const envelope = serverEnvelopeSchema.safeParse(json);
  if (!envelope.success) return undefined;
  const message = envelope.data;
  if (message.type !== "event" || !catalog) return message;
  const read = catalog.read(message.data.type, message.data.payload);
  if (!read) return undefined;
  return { type: "event", data: { ...message.data, payload: read.payload } };
}

export function encodeMessage(message: ClientMessage | ServerMessage): string {
  return JSON.stringify(message);
}
