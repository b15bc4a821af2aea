/**
 * Social events on the socket hub, sent to the other member's private
 * `user:{id}` room. Zod-free, for the service and the browser alike; the
 * payload schema, which the hub checks each event against, is in
 * social.events.schema.ts.
 */
import { realtimeEventType } from "../../platform/realtime/protocol.ts";
import type { FriendEventPayload } from "./social.events.schema.ts";

export const friendEventTypes = ["friend.request", "friend.accepted", "friend.removed"] as const;
export type FriendEventType = (typeof friendEventTypes)[number];

export const friendRequestEvent = realtimeEventType<FriendEventPayload>("friend.request");
export const friendAcceptedEvent = realtimeEventType<FriendEventPayload>("friend.accepted");
export const friendRemovedEvent = realtimeEventType<FriendEventPayload>("friend.removed");

/** The event type of each friend event, by its type string. */
export const friendEvents: Readonly<Record<FriendEventType, typeof friendRequestEvent>> = {
  "friend.request": friendRequestEvent,
  "friend.accepted": friendAcceptedEvent,
  "friend.removed": friendRemovedEvent,
};

export function isFriendEventType(type: string): type is FriendEventType {
  return (friendEventTypes as readonly string[]).includes(type);
}
