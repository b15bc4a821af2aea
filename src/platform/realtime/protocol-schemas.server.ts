/**
 * The schemas of the socket protocol, for the server and its tests (the
 * browser reads frames without a validation library: protocol.ts). The hub
 * checks every client frame with clientMessageSchema and every event it
 * forwards with the event catalog; serverMessageSchema is the contract of
 * what the hub sends, which the test kit holds every received frame to.
 */
import { z } from "zod";
import {
  isRoomName,
  maxClientMessageBytes,
  parseServerMessage,
  protocolErrorCodes,
  type ClientMessage,
  type EventCatalog,
  type ParseResult,
  type RealtimeEvent,
  type RoomName,
  type ServerMessage,
} from "./protocol.ts";
import type { RealtimeEventDefinition } from "./registry.ts";

export const roomNameSchema = z.custom<RoomName>(isRoomName, { message: "invalid room name" });

/** Chosen by the client, unique per client; echoed in the ack or refusal. */
export const commandIdSchema = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);
export const commandNameSchema = z.string().regex(/^[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*$/).max(64);

/** Strict objects: an unknown type or an unexpected field is refused, not ignored. */
export const clientMessageSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("subscribe"), data: z.strictObject({ room: roomNameSchema }) }),
  z.strictObject({ type: z.literal("unsubscribe"), data: z.strictObject({ room: roomNameSchema }) }),
  z.strictObject({ type: z.literal("ping"), data: z.strictObject({ t: z.number() }) }),
  z.strictObject({ type: z.literal("command"), data: z.strictObject({ id: commandIdSchema, name: commandNameSchema, input: z.unknown() }) }),
]) satisfies z.ZodType<ClientMessage>;

/** A code word, optionally namespaced with dots (`not_your_turn`, `move.illegal`). */
const refusalCodeSchema = z.string().max(64).regex(/^[a-z][a-z0-9_-]*(?:\.[a-z][a-z0-9_-]*)*$/);
const refusalValuesSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** Every frame the hub sends. An event's payload is checked by the event catalog, not here. */
export const serverMessageSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("hello"), data: z.strictObject({ instanceId: z.string(), heartbeatMs: z.number() }) }),
  z.strictObject({ type: z.literal("subscribed"), data: z.strictObject({ room: roomNameSchema }) }),
  z.strictObject({
    type: z.literal("event"),
    data: z.strictObject({ room: roomNameSchema, type: z.string(), payload: z.unknown(), version: z.number().int().nonnegative().optional() }),
  }),
  z.strictObject({ type: z.literal("pong"), data: z.strictObject({ t: z.number() }) }),
  z.strictObject({ type: z.literal("error"), data: z.strictObject({ code: z.enum(protocolErrorCodes), message: z.string(), room: roomNameSchema.optional() }) }),
  z.strictObject({ type: z.literal("ack"), data: z.strictObject({ id: commandIdSchema, result: z.unknown() }) }),
  z.strictObject({ type: z.literal("refusal"), data: z.strictObject({ id: commandIdSchema, code: refusalCodeSchema, values: refusalValuesSchema.optional() }) }),
]) satisfies z.ZodType<ServerMessage>;

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
 * A server frame held to the whole contract: the browser's reading
 * (parseServerMessage) and serverMessageSchema, with the event's payload
 * checked by `catalog` when one is given. Undefined when any of them refuses.
 */
export function parseServerFrame(raw: string, catalog?: EventCatalog): ServerMessage | undefined {
  const message = parseServerMessage(raw, catalog);
  if (!message) return undefined;
  return serverMessageSchema.safeParse(JSON.parse(raw)).success ? message : undefined;
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
      const parsed = byType.get(type)?.schema.safeParse(payload);
      return parsed?.success ? { payload: parsed.data } : undefined;
    },
  };
}

/** The payload of `event` checked by `definition`'s schema, for the server's own subscribers (the bus carries JSON from other instances). */
export function readEventPayload<Payload>(definition: RealtimeEventDefinition<Payload>, event: Pick<RealtimeEvent, "type" | "payload">): Payload | undefined {
  if (event.type !== definition.type) return undefined;
  const parsed = definition.schema.safeParse(event.payload);
  return parsed.success ? parsed.data : undefined;
}
