/**
 * Social events on the socket hub, sent to the other member's private
 * `user:{id}` room. Isomorphic: the browser reads them through these definitions.
 */
import { z } from "zod";
import { defineRealtimeEvent } from "../../platform/realtime/registry.ts";

const fromMember = z.object({ from: z.string() });

export const friendRequestEvent = defineRealtimeEvent("friend.request", fromMember);
export const friendAcceptedEvent = defineRealtimeEvent("friend.accepted", fromMember);
export const friendRemovedEvent = defineRealtimeEvent("friend.removed", fromMember);

export const friendEvents = [friendRequestEvent, friendAcceptedEvent, friendRemovedEvent] as const;

export const socialRealtime = { roomKinds: [], events: friendEvents } as const;
