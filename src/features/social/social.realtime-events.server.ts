/** The social events with their payload schema, registered with the hub by the feature definition. */
import { defineRealtimeEvent } from "../../platform/realtime/registry.ts";
import { friendEventTypes, friendEvents } from "./social.events.ts";
import { fromMemberSchema } from "./social.events.schema.ts";

export const friendEventDefinitions = friendEventTypes.map((type) => defineRealtimeEvent(friendEvents[type], fromMemberSchema));
