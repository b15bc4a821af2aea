/** Presence's room kinds and event definitions with their payload schema (presence.realtime.ts), registered with the hub by the feature definition. */
import { defineRealtimeEvent } from "../../platform/realtime/registry.ts";
import { presenceChanged, presenceRoomKind } from "./presence.realtime.ts";
import { presenceSchema } from "./presence.schema.ts";

export const presenceRealtime = { roomKinds: [presenceRoomKind], events: [defineRealtimeEvent(presenceChanged, presenceSchema)] } as const;
