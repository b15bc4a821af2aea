/**
 * Socket commands on the server: a frame `{ id, name, input }` is answered by
 * `ack { id, result }` or `refusal { id, code }`. Checks, in order: the
 * socket's rate limit (rate_limited), the command exists (unknown_command),
 * its access rule (forbidden), its input schema (invalid_input); then the
 * handler's Result decides (its error is the refusal code).
 */
import type { ServerMessage, ServerMessageMap } from "./protocol.ts";
import type { SocketCommandDefinition } from "./registry.ts";
import type { SocketIdentity } from "./socket-identity.ts";

export interface CommandRateLimit {
  /** Commands a socket may send in a burst. */
  readonly burst: number;
  /** Commands per second it earns back. */
  readonly perSecond: number;
}

export const defaultCommandRateLimit: CommandRateLimit = { burst: 20, perSecond: 5 };

/** Answers remembered per socket, so that a command resent with the same id is answered again without running twice. */
const rememberedAnswers = 32;

export type CommandTable = ReadonlyMap<string, SocketCommandDefinition>;

export function commandTable(definitions: readonly SocketCommandDefinition[]): CommandTable {
  const byName = new Map<string, SocketCommandDefinition>();
  for (const definition of definitions) {
    if (byName.has(definition.name)) throw new Error(`Socket command "${definition.name}" is registered twice`);
    byName.set(definition.name, definition);
  }
  return byName;
}

/** A token bucket: `take(now)` is false when the burst is spent. */
export function tokenBucket(limit: CommandRateLimit, startedAt: number): { take(now: number): boolean } {
  let tokens = limit.burst;
  let updatedAt = startedAt;
  return {
    take(now) {
      tokens = Math.min(limit.burst, tokens + ((now - updatedAt) / 1000) * limit.perSecond);
      updatedAt = now;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

interface CommandLogger {
  error(details: object, message: string): void;
}

type Answer = Extract<ServerMessage, { type: "ack" | "refusal" }>;

function refusal(id: string, code: string, values?: ServerMessageMap["refusal"]["values"]): Answer {
  return { type: "refusal", data: values ? { id, code, values } : { id, code } };
}

/** One socket's command runner: call it with each command frame, one at a time, and send what it returns. */
export function createCommandRunner(
  table: CommandTable,
  identity: SocketIdentity,
  options: { readonly rateLimit?: CommandRateLimit; readonly log: CommandLogger },
): (frame: { readonly id: string; readonly name: string; readonly input: unknown }, receivedAt: number, lagMs?: number) => Promise<Answer> {
  const bucket = tokenBucket(options.rateLimit ?? defaultCommandRateLimit, Date.now());
  const answers = new Map<string, Answer>();

  async function run(frame: { readonly id: string; readonly name: string; readonly input: unknown }, receivedAt: number, lagMs: number | undefined): Promise<Answer> {
    const definition = table.get(frame.name);
    if (!definition) return refusal(frame.id, "unknown_command");
    if (!definition.access(identity)) return refusal(frame.id, "forbidden");
    const input = definition.input.safeParse(frame.input);
    if (!input.success) return refusal(frame.id, "invalid_input");
    try {
      const result = await definition.handle(input.data, { identity, requestId: frame.id, receivedAt, lagMs });
      return result.ok ? { type: "ack", data: { id: frame.id, result: result.value } } : refusal(frame.id, result.error, result.values);
    } catch (error) {
      options.log.error({ err: error, command: frame.name }, "realtime: command failed");
      return refusal(frame.id, "internal");
    }
  }

  return async (frame, receivedAt, lagMs) => {
    const remembered = answers.get(frame.id);
    if (remembered) return remembered;
    // A refused burst is not remembered: the same id may be sent again once tokens are back.
    if (!bucket.take(receivedAt)) return refusal(frame.id, "rate_limited");
    const answer = await run(frame, receivedAt, lagMs);
    answers.set(frame.id, answer);
    if (answers.size > rememberedAnswers) {
      const oldest = answers.keys().next();
      if (!oldest.done) answers.delete(oldest.value);
    }
    return answer;
  };
}
