/** The clubs notification types (views in club-notifications.ts, payload schemas in club-notices.schema.ts). */
import { defineNotificationType, defineUnsolicitedNotificationType } from "../../../platform/notifications/notification-types.ts";
import { clubInvitationNoticeSchema, clubRequestAnsweredNoticeSchema } from "./club-notices.schema.ts";
import { clubInvitationNotificationView, clubRequestAnsweredNotificationView } from "./club-notifications.ts";

export const clubInvitationNotification = defineUnsolicitedNotificationType(clubInvitationNotificationView, clubInvitationNoticeSchema);
export const clubRequestAnsweredNotification = defineNotificationType(clubRequestAnsweredNotificationView, clubRequestAnsweredNoticeSchema);

export const clubNotificationTypes = [clubInvitationNotification, clubRequestAnsweredNotification] as const;
