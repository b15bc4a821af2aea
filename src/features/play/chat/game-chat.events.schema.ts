/** The payload schema of a chat line on the socket (game-chat.events.ts), registered with play's events. */
import { z } from "zod";
import { defineRealtimeEvent } from "../../../platform/realtime/registry.ts";
import { chatLineEvent } from "./game-chat.events.ts";
import { chatChannels } from "./game-chat.schema.ts";

const chatLineEventSchema = z.object({ id: z.number(), gameId: z.number(), channel: z.enum(chatChannels), authorId: z.number(), author: z.string(), text: z.string(), at: z.string() });
export type ChatLineEventPayload = z.infer<typeof chatLineEventSchema>;

export const chatLineEventDefinition = defineRealtimeEvent(chatLineEvent, chatLineEventSchema);
