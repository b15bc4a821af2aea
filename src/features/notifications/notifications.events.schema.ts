/** The payload schemas of the bell's events (notifications.events.ts), registered with the hub by the feature definition. */
import { z } from "zod";
import { defineRealtimeEvent } from "../../platform/realtime/registry.ts";
import { notificationAddedEvent, notificationsReadEvent, notificationsRemovedEvent } from "./notifications.events.ts";
import { notificationItemSchema } from "./notifications.schema.ts";

const notificationAddedSchema = z.object({ notification: notificationItemSchema, unread: z.number() });
const notificationsReadSchema = z.object({ ids: z.array(z.number()).nullable(), unread: z.number() });
export type NotificationAdded = z.infer<typeof notificationAddedSchema>;
const notificationsRemovedSchema = z.object({ ids: z.array(z.number()), unread: z.number() });
export type NotificationsRead = z.infer<typeof notificationsReadSchema>;
export type NotificationsRemoved = z.infer<typeof notificationsRemovedSchema>;

export const notificationEvents = [
  defineRealtimeEvent(notificationAddedEvent, notificationAddedSchema),
  defineRealtimeEvent(notificationsReadEvent, notificationsReadSchema),
  defineRealtimeEvent(notificationsRemovedEvent, notificationsRemovedSchema),
] as const;
