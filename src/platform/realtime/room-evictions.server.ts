/**
 * The platform's "leave this room" notice: a feature that takes a member's
 * right to a room away (a club chat's "remove") records it in the transaction
 * of that change; it travels through the outbox onto a control channel, and
 * the hub of every instance takes that member's sockets out of the room at
 * once, telling each with a `forbidden` error naming the room. Access rules
 * are asked at subscribe only; this covers the sockets already in.
 */
import { z } from "zod";
import { enqueueEvent, type OutboxWriter } from "./outbox.server.ts";
import { isRoomName, realtimeEventType, type RoomName } from "./protocol.ts";
import { defineRealtimeEvent } from "./registry.ts";

/** Not a valid room name, so no client can subscribe to it. */
export const roomEvictionsChannel = "!room-evictions";
export const roomEvictionEvent = defineRealtimeEvent(
  realtimeEventType<{ room: string; memberIds: number[] }>("room.evicted"),
  z.object({ room: z.string().refine(isRoomName), memberIds: z.array(z.int().positive()).min(1).max(10_000) }),
);

/** Call in the transaction that takes the right away; kick the outbox after the commit. */
export function recordRoomEviction(tx: OutboxWriter, room: RoomName, memberIds: readonly number[]): Promise<void> {
  return enqueueEvent(tx, roomEvictionsChannel, roomEvictionEvent, { room, memberIds: [...memberIds] });
}
