/** The payload schema of the social events (social.events.ts); social.realtime-events.server.ts pairs it with them for the hub. */
import { z } from "zod";

export const fromMemberSchema = z.object({ from: z.string() });
export type FriendEventPayload = z.infer<typeof fromMemberSchema>;
