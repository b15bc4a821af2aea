/** The payload schemas of the bell's events (notifications.events.ts); notifications.realtime-events.server.ts pairs them for the hub. */
import { z } from "zod";
import { notificationItemSchema } from "./notifications.schema.ts";

export const notificationAddedSchema = z.object({ notification: notificationItemSchema, unread: z.number() });
export const notificationsReadSchema = z.object({ ids: z.array(z.number()).nullable(), unread: z.number() });
export const notificationsRemovedSchema = z.object({ ids: z.array(z.number()), unread: z.number() });
export type NotificationAdded = z.infer<typeof notificationAddedSchema>;
export type NotificationsRead = z.infer<typeof notificationsReadSchema>;
export type NotificationsRemoved = z.infer<typeof notificationsRemovedSchema>;
