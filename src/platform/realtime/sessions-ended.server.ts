/**
 * The platform's "session ended" notice. Whoever ends sessions (sign-out,
 * revocation, sign out everywhere else, a disabled or closed account) calls
 * it with the ended sessions' ids; it travels on a control channel of the bus,
 * so the hub of every instance closes those sessions' sockets.
 */
import { z } from "zod";
import type { EventBus } from "./bus.server.ts";

/** Not a valid room name, so no client can subscribe to it. */
export const sessionsEndedChannel = "!sessions-ended";
export const sessionsEndedEventType = "sessions.ended";
export const sessionsEndedPayloadSchema = z.object({ sessionIds: z.array(z.string().min(1).max(200)).max(10_000) });

export type SessionsEndedNotice = (sessionIds: readonly string[]) => Promise<void>;

export interface SessionsEndedLogger {
  error(details: object, message: string): void;
}

/**
 * The notice over `bus`. It never throws: the sessions are already gone from
 * the database (no new request or socket passes), and a bus outage must not
 * turn a sign-out into an error; the failure is logged.
 */
export function createSessionsEndedNotice(bus: EventBus, log: SessionsEndedLogger): SessionsEndedNotice {
  return async (sessionIds) => {
    if (sessionIds.length === 0) return;
    try {
      await bus.publish(sessionsEndedChannel, { type: sessionsEndedEventType, payload: { sessionIds } });
    } catch (error) {
      log.error({ err: error, sessions: sessionIds.length }, "realtime: could not announce ended sessions; their sockets stay open until they reconnect");
    }
  };
}

export const noSessionsEndedNotice: SessionsEndedNotice = async () => undefined;
