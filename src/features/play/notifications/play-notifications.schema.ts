/** Online play's notification types (views in play-notifications.ts, payload schemas in play-notices.schema.ts), for the outbox that records them. */
import { defineNotificationType, defineUnsolicitedNotificationType } from "../../../platform/notifications/notification-types.ts";
import { challengeAcceptedNoticeSchema, challengeDeclinedNoticeSchema, challengeReceivedNoticeSchema, yourMoveNoticeSchema } from "./play-notices.schema.ts";
import { challengeAcceptedNotificationView, challengeDeclinedNotificationView, challengeReceivedNotificationView, yourMoveNotificationView } from "./play-notifications.ts";

export const challengeReceivedNotification = defineUnsolicitedNotificationType(challengeReceivedNotificationView, challengeReceivedNoticeSchema);
export const challengeAcceptedNotification = defineNotificationType(challengeAcceptedNotificationView, challengeAcceptedNoticeSchema);
export const challengeDeclinedNotification = defineNotificationType(challengeDeclinedNotificationView, challengeDeclinedNoticeSchema);
export const yourMoveNotification = defineNotificationType(yourMoveNotificationView, yourMoveNoticeSchema);

export const playNotificationTypes = [challengeReceivedNotification, challengeAcceptedNotification, challengeDeclinedNotification, yourMoveNotification] as const;
