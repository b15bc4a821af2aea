/**
 * The platform's "session ended" notice. Whoever ends sessions (sign-out,
 * revocation, sign out everywhere else, a disabled or closed account) calls
 * it with the ended sessions' ids; it travels through the outbox onto a
 * control channel of the bus, so the hub of every instance closes those
 * sessions' sockets, also when Redis was away at that moment.
 */
import { z } from "zod";
import type { Database } from "../db/client.server.ts";
import { enqueueEvent, type OutboxNotifier } from "./outbox.server.ts";
import { defineRealtimeEvent } from "./registry.ts";

/** Not a valid room name, so no client can subscribe to it. */
export const sessionsEndedChannel = "!sessions-ended";
export const sessionsEndedEvent = defineRealtimeEvent("sessions.ended", z.object({ sessionIds: z.array(z.string().min(1).max(200)).max(10_000) }));

export type SessionsEndedNotice = (sessionIds: readonly string[]) => Promise<void>;

/**
 * The notice through the outbox of `db`. The sessions are already gone from
 * the database when it is called (no new request or socket passes); the
 * notice only reaches the sockets that are open.
 */
export function createSessionsEndedNotice(db: Pick<Database, "insert">, outbox: OutboxNotifier): SessionsEndedNotice {
  return async (sessionIds) => {
    if (sessionIds.length === 0) return;
    await enqueueEvent(db, sessionsEndedChannel, sessionsEndedEvent, { sessionIds: [...sessionIds] });
    outbox.kick();
  };
}

export const noSessionsEndedNotice: SessionsEndedNotice = async () => undefined;
