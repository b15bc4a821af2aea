/**
 * What a feature hands the socket hub (through its feature definition): the
 * room kinds it owns with their access rule, the commands it answers, and the
 * schemas of the events it publishes. The platform knows none of them by name.
 */
import type { z } from "zod";
import type { Result } from "../../shared/result.ts";
import type { RealtimeEventType } from "./protocol.ts";
import type { SocketIdentity } from "./socket-identity.ts";

/**
 * A room kind such as `user` (`user:{id}`), `game` (`game:{id}`) or the
 * singleton `tv`. Every room a socket asks for must be of a registered kind
 * and pass its access rule; an unknown kind is refused.
 */
export interface RoomKindDefinition {
  readonly kind: string;
  /** A singleton room is named by its kind alone (`tv`), without an id. */
  readonly singleton?: boolean;
  /** May this socket join the room? `id` is null for a singleton. Checked at every subscribe. */
  access(identity: SocketIdentity, id: string | null): boolean | Promise<boolean>;
  /**
   * Told once a socket has joined a room of this kind (after its access rule
   * passed); the function it returns, if any, is called once when that socket
   * leaves the room: unsubscribed, evicted or closed.
   */
  joined?(identity: SocketIdentity, id: string | null): (() => void) | undefined;
}

export interface CommandContext {
  readonly identity: SocketIdentity;
  /** The client's request id, echoed in the ack or the refusal. */
  readonly requestId: string;
  /** Server time (ms since the epoch) when the frame arrived: the basis for clocks and lag compensation. */
  readonly receivedAt: number;
  /** This socket's one-way network lag as the server measured it (ping/pong, smoothed); undefined before the first round trip. */
  readonly lagMs: number | undefined;
}

/**
 * A client -> server command (`game.move`, `chat.say`), answered by an ack
 * carrying the handler's value or a refusal carrying its error code.
 * The type keeps the literal name, the input schema, the answer and the
 * refusal codes, so that the browser's command map (socket-commands.ts) is
 * read off the definitions. Method syntax keeps the input type bivariant, so
 * definitions of different inputs fit one list.
 */
export interface SocketCommandDefinition<Name extends string = string, Schema extends z.ZodType = z.ZodType, Answer = unknown, Refusal extends string = string> {
  readonly name: Name;
  readonly input: Schema;
  /** Checked before the handler: e.g. signed in, a member rather than a guest. A false answers the refusal `forbidden`. */
  access(identity: SocketIdentity): boolean;
  handle(input: z.output<Schema>, context: CommandContext): Promise<Result<Answer, Refusal>>;
}

/** Typed helper: infers the literal name, the schema, the answer and the refusal codes. */
export function defineSocketCommand<const Name extends string, Schema extends z.ZodType, Answer, Refusal extends string = never>(
  definition: SocketCommandDefinition<Name, Schema, Answer, Refusal>,
): SocketCommandDefinition<Name, Schema, Answer, Refusal> {
  return definition;
}

/**
 * One realtime event type with its payload schema: the server's side of a
 * type that publishers and subscribers name by its RealtimeEventType
 * (protocol.ts). The hub checks every event it forwards against these; the
 * union of every feature's definitions is built by the composition root.
 */
export interface RealtimeEventDefinition<Payload = unknown> extends RealtimeEventType<Payload> {
  readonly schema: z.ZodType<Payload>;
}

/** Ties `schema` to `eventType`: its output must be the payload type the event type names. */
export function defineRealtimeEvent<Payload>(eventType: RealtimeEventType<Payload>, schema: z.ZodType<NoInfer<Payload>>): RealtimeEventDefinition<Payload> {
  return { type: eventType.type, schema };
}
