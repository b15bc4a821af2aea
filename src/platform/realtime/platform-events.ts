import { z } from "zod";
import type { RealtimeEventDefinition } from "./registry.ts";

/** The platform's own realtime events: site-wide announcements and the socket demo's echo. Isomorphic. */
export const platformRealtimeEvents = [
  { type: "system.broadcast", payload: z.object({ text: z.string() }) },
  { type: "demo.echo", payload: z.object({ text: z.string(), from: z.string() }) },
] as const satisfies readonly RealtimeEventDefinition[];
