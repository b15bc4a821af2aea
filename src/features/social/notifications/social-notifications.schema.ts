/** The social notification types (views in social-notifications.ts, payload schemas in social-notices.schema.ts), for the service that records them. */
import { defineNotificationType, defineUnsolicitedNotificationType } from "../../../platform/notifications/notification-types.ts";
import { friendAcceptedNoticeSchema, friendRequestNoticeSchema } from "./social-notices.schema.ts";
import { friendAcceptedNotificationView, friendRequestNotificationView } from "./social-notifications.ts";

export const friendRequestNotification = defineUnsolicitedNotificationType(friendRequestNotificationView, friendRequestNoticeSchema);
export const friendAcceptedNotification = defineNotificationType(friendAcceptedNotificationView, friendAcceptedNoticeSchema);

export const socialNotificationTypes = [friendRequestNotification, friendAcceptedNotification] as const;
