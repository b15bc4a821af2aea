/**
 * The platform's "session ended" notice. Whoever ends sessions (sign-out,
 * revocation, sign out everywhere else, a disabled or closed account) calls
 * it with the ended sessions' ids; it travels through the outbox onto a
 * control channel of the bus, so the hub of every instance closes those
 * sessions' sockets, also when Redis was away at that moment.
 */
import { z } from "zod";
import { enqueueEvent, type OutboxNotifier, type OutboxWriter } from "./outbox.server.ts";
import { realtimeEventType } from "./protocol.ts";
import { defineRealtimeEvent } from "./registry.ts";

/** Not a valid room name, so no client can subscribe to it. */
export const sessionsEndedChannel = "!sessions-ended";
export const sessionsEndedEvent = defineRealtimeEvent(
  realtimeEventType<{ sessionIds: string[] }>("sessions.ended"),
  z.object({ sessionIds: z.array(z.string().min(1).max(200)).max(10_000) }),
);

/**
 * Call `record` in the transaction that deletes the sessions, and `committed`
 * after it: the notice exists exactly when the sessions are gone.
 */
export interface SessionsEndedNotice {
  record(tx: OutboxWriter, sessionIds: readonly string[]): Promise<void>;
  committed(): void;
}

/** The notice through the outbox. */
export function createSessionsEndedNotice(outbox: OutboxNotifier): SessionsEndedNotice {
  return {
    async record(tx, sessionIds) {
      if (sessionIds.length > 0) await enqueueEvent(tx, sessionsEndedChannel, sessionsEndedEvent, { sessionIds: [...sessionIds] });
    },
    committed: () => outbox.kick(),
  };
}

export const noSessionsEndedNotice: SessionsEndedNotice = { record: async () => undefined, committed: () => undefined };
