/** The bell's events with their payload schemas, registered with the hub by the feature definition. */
import { defineRealtimeEvent } from "../../platform/realtime/registry.ts";
import { notificationAddedEvent, notificationsReadEvent, notificationsRemovedEvent } from "./notifications.events.ts";
import { notificationAddedSchema, notificationsReadSchema, notificationsRemovedSchema } from "./notifications.events.schema.ts";

export const notificationEvents = [
  defineRealtimeEvent(notificationAddedEvent, notificationAddedSchema),
  defineRealtimeEvent(notificationsReadEvent, notificationsReadSchema),
  defineRealtimeEvent(notificationsRemovedEvent, notificationsRemovedSchema),
] as const;
