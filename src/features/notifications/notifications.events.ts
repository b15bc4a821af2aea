/**
 * The bell's live events, sent to the member's private `user:{id}` room
 * through the outbox: a new notification with the unread count after it, and
 * the count after a read (so every open tab agrees). Isomorphic.
 */
import { z } from "zod";
import { defineRealtimeEvent } from "../../platform/realtime/registry.ts";
import { notificationItemSchema } from "./notifications.schema.ts";

export const notificationAddedEvent = defineRealtimeEvent("notification.added", z.object({ notification: notificationItemSchema, unread: z.number() }));
export const notificationsReadEvent = defineRealtimeEvent("notification.read", z.object({ ids: z.array(z.number()).nullable(), unread: z.number() }));

export const notificationEvents = [notificationAddedEvent, notificationsReadEvent] as const;
