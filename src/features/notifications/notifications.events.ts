/**
 * The bell's live events, sent to the member's private `user:{id}` room
 * through the outbox: a new notification with the unread count after it, the
 * count after a read (so every open tab agrees), and the notices taken back
 * when their sender withdrew what they told of. Zod-free, for the
 * publisher and the bell alike; the payload schemas, which the hub checks
 * each event against, are in notifications.events.schema.ts.
 */
import { realtimeEventType } from "../../platform/realtime/protocol.ts";
import type { NotificationAdded, NotificationsRead, NotificationsRemoved } from "./notifications.events.schema.ts";

export const notificationAddedEvent = realtimeEventType<NotificationAdded>("notification.added");
export const notificationsReadEvent = realtimeEventType<NotificationsRead>("notification.read");
export const notificationsRemovedEvent = realtimeEventType<NotificationsRemoved>("notification.removed");
