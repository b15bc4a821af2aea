/** The payload schema of the social events (social.events.ts), registered with the hub by the feature definition. */
import { z } from "zod";
import { defineRealtimeEvent } from "../../platform/realtime/registry.ts";
import { friendEventTypes, friendEvents } from "./social.events.ts";

const fromMemberSchema = z.object({ from: z.string() });
export type FriendEventPayload = z.infer<typeof fromMemberSchema>;

export const friendEventDefinitions = friendEventTypes.map((type) => defineRealtimeEvent(friendEvents[type], fromMemberSchema));
