/** The payload schemas of the clubs notification types (views in club-notifications.ts). */
import { z } from "zod";
import { defineNotificationType, defineUnsolicitedNotificationType } from "../../../platform/notifications/notification-types.ts";
import { clubInvitationNotificationView, clubRequestAnsweredNotificationView } from "./club-notifications.ts";

const clubInvitationNoticeSchema = z.object({ from: z.string().min(1).max(64), clubUrl: z.string().min(1).max(64), clubName: z.string().min(1).max(100) });
const clubRequestAnsweredNoticeSchema = z.object({ clubUrl: z.string().min(1).max(64), clubName: z.string().min(1).max(100), approved: z.boolean() });
export type ClubInvitationNotice = z.infer<typeof clubInvitationNoticeSchema>;
export type ClubRequestAnsweredNotice = z.infer<typeof clubRequestAnsweredNoticeSchema>;

export const clubInvitationNotification = defineUnsolicitedNotificationType(clubInvitationNotificationView, clubInvitationNoticeSchema);
export const clubRequestAnsweredNotification = defineNotificationType(clubRequestAnsweredNotificationView, clubRequestAnsweredNoticeSchema);

export const clubNotificationTypes = [clubInvitationNotification, clubRequestAnsweredNotification] as const;
