/** The payload schemas of club chat's socket events (club-chat.events.ts), registered with the club chat feature. */
import { z } from "zod";
import { defineRealtimeEvent } from "../../../platform/realtime/registry.ts";
import { clubChatLineEvent, clubChatModerationEvent, clubChatPersonalNoticeEvent, clubChatPresenceEvent } from "./club-chat.events.ts";
import { clubChatModerationTypes } from "./club-chat.schema.ts";

const lineSchema = z.object({ id: z.number(), clubId: z.number(), authorId: z.number(), author: z.string(), authorFlair: z.string().max(40).nullable(), text: z.string(), at: z.string() });
const presenceSchema = z.object({ clubId: z.number(), memberId: z.number(), username: z.string(), present: z.boolean() });
const noticeSchema = z.object({ clubId: z.number(), type: z.enum(clubChatModerationTypes), memberId: z.number(), username: z.string(), hideMessages: z.boolean(), at: z.string() });

export const clubChatRealtimeEvents = [
  defineRealtimeEvent(clubChatLineEvent, lineSchema),
  defineRealtimeEvent(clubChatPresenceEvent, presenceSchema),
  defineRealtimeEvent(clubChatModerationEvent, noticeSchema),
  defineRealtimeEvent(clubChatPersonalNoticeEvent, noticeSchema.extend({ message: z.string() })),
];
