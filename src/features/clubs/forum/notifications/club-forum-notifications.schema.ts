/** The payload schema of the forum's notification type (its view is in club-forum-notifications.ts). */
import { z } from "zod";
import { defineUnsolicitedNotificationType } from "../../../../platform/notifications/notification-types.ts";
import { clubForumMentionNotificationView } from "./club-forum-notifications.ts";

const clubForumMentionNoticeSchema = z.object({
  by: z.string().min(1).max(64),
  clubName: z.string().min(1).max(200),
  topicTitle: z.string().min(1).max(200),
  topicPath: z.string().min(1).max(400),
  postId: z.number().int().positive(),
  page: z.number().int().positive().optional(),
});

export const clubForumMentionNotification = defineUnsolicitedNotificationType(clubForumMentionNotificationView, clubForumMentionNoticeSchema);

export const clubForumNotificationTypes = [clubForumMentionNotification] as const;
