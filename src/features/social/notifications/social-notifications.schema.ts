/** The payload schemas of the social notification types (views in social-notifications.ts), for the service that records them. */
import { z } from "zod";
import { defineNotificationType, defineUnsolicitedNotificationType } from "../../../platform/notifications/notification-types.ts";
import { friendAcceptedNotificationView, friendRequestNotificationView } from "./social-notifications.ts";

const username = z.string().min(1).max(64);
const friendRequestNoticeSchema = z.object({ from: username });
const friendAcceptedNoticeSchema = z.object({ by: username });
export type FriendRequestNotice = z.infer<typeof friendRequestNoticeSchema>;
export type FriendAcceptedNotice = z.infer<typeof friendAcceptedNoticeSchema>;

export const friendRequestNotification = defineUnsolicitedNotificationType(friendRequestNotificationView, friendRequestNoticeSchema);
export const friendAcceptedNotification = defineNotificationType(friendAcceptedNotificationView, friendAcceptedNoticeSchema);

export const socialNotificationTypes = [friendRequestNotification, friendAcceptedNotification] as const;
