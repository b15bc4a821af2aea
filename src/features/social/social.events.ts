import { z } from "zod";
import type { RealtimeEventDefinition } from "../../platform/realtime/registry.ts";

const fromMember = z.object({ from: z.string() });

/** Sent to the other member's user:{id} room. Isomorphic: the browser validates with the same schemas. */
export const socialRealtimeEvents = [
  { type: "friend.request", payload: fromMember },
  { type: "friend.accepted", payload: fromMember },
  { type: "friend.removed", payload: fromMember },
] as const satisfies readonly RealtimeEventDefinition[];
