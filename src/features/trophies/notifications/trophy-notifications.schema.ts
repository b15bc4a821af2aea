/** The trophy notification types (views in trophy-notifications.ts, payload schemas in trophy-notices.schema.ts). */
import { defineNotificationType, defineUnsolicitedNotificationType } from "../../../platform/notifications/notification-types.ts";
import { trophyAwardedNoticeSchema, trophyEarnedNoticeSchema } from "./trophy-notices.schema.ts";
import { trophyAwardedNotificationView, trophyEarnedNotificationView } from "./trophy-notifications.ts";

/** A member's award is unsolicited: it counts against the awarder's notice limits (decision 0042). */
export const trophyAwardedNotification = defineUnsolicitedNotificationType(trophyAwardedNotificationView, trophyAwardedNoticeSchema);
export const trophyEarnedNotification = defineNotificationType(trophyEarnedNotificationView, trophyEarnedNoticeSchema);

export const trophyNotificationTypes = [trophyAwardedNotification, trophyEarnedNotification] as const;
