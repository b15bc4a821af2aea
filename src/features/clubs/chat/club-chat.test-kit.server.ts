/**
 * Helpers for club chat tests over real sockets and a real database: a
 * member's socket in the club's room, commands answered, events of one type.
 */
import type { TestSocket } from "../../../platform/realtime/test-kit.server.ts";
import type { RunningApp } from "../../../test/start-app.ts";
import { openSocket, type SignedIn } from "../../presence/presence.test-kit.server.ts";
import { createTestClub, type TestClubOptions } from "../club-fixture.server.ts";
import type { ClubRef } from "../club-access.service.server.ts";
import { clubChatRoom } from "./club-chat.events.ts";

export { command, nextEvent, subscribe, valueOf, type CommandAnswer } from "../../chat/chat.test-kit.server.ts";
import { nextEvent, subscribe } from "../../chat/chat.test-kit.server.ts";

export function testClub(app: RunningApp, options: TestClubOptions): Promise<ClubRef> {
  return createTestClub(app.kingside.database.db, options);
}

/** A signed-in member's socket, in their own room and (when given) the club's chat room. */
export async function memberSocket(app: RunningApp, member: SignedIn, clubId?: number): Promise<TestSocket> {
  const socket = await openSocket(app, { cookie: member.cookie });
  await subscribe(socket, `user:${member.id}`);
  if (clubId !== undefined) await subscribe(socket, clubChatRoom(clubId));
  return socket;
}

/** The error a refused subscribe answers. */
export async function refusedSubscribe(socket: TestSocket, room: string): Promise<unknown> {
  socket.send({ type: "subscribe", data: { room } });
  return (await socket.next("error")).data;
}

/** The types of the events queued on a socket so far (after a round trip), taken off the queue. */
export async function eventTypesSoFar(socket: TestSocket, prefix: string): Promise<string[]> {
  return (await socket.eventsSoFar((event) => event.type.startsWith(prefix))).map((event) => event.type);
}

/** Waits for the next event of this type whose payload matches (earlier ones of the type are dropped). */
export async function eventWhere(socket: TestSocket, type: string, matches: (payload: Record<string, unknown>) => boolean, timeoutMs = 10_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const event = await nextEvent(socket, type, Math.max(1, deadline - Date.now()));
    const payload = event.payload as Record<string, unknown>;
    if (matches(payload)) return payload;
  }
}
