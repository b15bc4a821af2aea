/**
 * A public room kind and two events with no feature behind them: for trying
 * the hub by hand and for the realtime tests (one instance and two).
 */
import { z } from "zod";
import { realtimeEventType } from "./protocol.ts";
import { defineRealtimeEvent, type RoomKindDefinition } from "./registry.ts";

export const demoRoomKind: RoomKindDefinition = { kind: "demo", access: () => true };

export const demoEcho = defineRealtimeEvent(realtimeEventType<{ text: string; from: string }>("demo.echo"), z.object({ text: z.string(), from: z.string() }));
export const systemBroadcast = defineRealtimeEvent(realtimeEventType<{ text: string }>("system.broadcast"), z.object({ text: z.string() }));

export const demoRealtime = { roomKinds: [demoRoomKind], events: [demoEcho, systemBroadcast] } as const;
