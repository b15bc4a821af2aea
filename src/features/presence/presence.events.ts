import type { RealtimeEventDefinition } from "../../platform/realtime/registry.ts";
import { presenceSchema } from "./presence.schema.ts";

/** A member's presence changed; sent to their presence:{id} room. Isomorphic. */
export const presenceRealtimeEvents = [{ type: "presence.changed", payload: presenceSchema }] as const satisfies readonly RealtimeEventDefinition[];
