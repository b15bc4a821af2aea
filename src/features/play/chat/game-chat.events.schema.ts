/** The payload schema of a chat line on the socket (game-chat.events.ts), registered with play's events (play.realtime-events.server.ts). */
import { z } from "zod";
import { chatChannels } from "./game-chat.schema.ts";

export const chatLineEventSchema = z.object({ id: z.number(), gameId: z.number(), channel: z.enum(chatChannels), authorId: z.number(), author: z.string(), authorFlair: z.string().max(40).nullable(), text: z.string(), at: z.string() });
export type ChatLineEventPayload = z.infer<typeof chatLineEventSchema>;
