/** The payload schemas of online play's notification types (views in play-notifications.ts), for the outbox that records them. */
import { z } from "zod";
import { defineNotificationType, defineUnsolicitedNotificationType } from "../../../platform/notifications/notification-types.ts";
import { challengeAcceptedNotificationView, challengeDeclinedNotificationView, challengeReceivedNotificationView, yourMoveNotificationView } from "./play-notifications.ts";

const username = z.string().min(1).max(64);
const id = z.number().int().positive();

const challengeReceivedNoticeSchema = z.object({ challengeId: id, from: username });
const challengeAcceptedNoticeSchema = z.object({ challengeId: id, by: username, gameId: id });
const challengeDeclinedNoticeSchema = z.object({ challengeId: id, by: username });
const yourMoveNoticeSchema = z.object({ gameId: id, by: username });
export type ChallengeReceivedNotice = z.infer<typeof challengeReceivedNoticeSchema>;
export type ChallengeAcceptedNotice = z.infer<typeof challengeAcceptedNoticeSchema>;
export type ChallengeDeclinedNotice = z.infer<typeof challengeDeclinedNoticeSchema>;
export type YourMoveNotice = z.infer<typeof yourMoveNoticeSchema>;

export const challengeReceivedNotification = defineUnsolicitedNotificationType(challengeReceivedNotificationView, challengeReceivedNoticeSchema);
export const challengeAcceptedNotification = defineNotificationType(challengeAcceptedNotificationView, challengeAcceptedNoticeSchema);
export const challengeDeclinedNotification = defineNotificationType(challengeDeclinedNotificationView, challengeDeclinedNoticeSchema);
export const yourMoveNotification = defineNotificationType(yourMoveNotificationView, yourMoveNoticeSchema);

export const playNotificationTypes = [challengeReceivedNotification, challengeAcceptedNotification, challengeDeclinedNotification, yourMoveNotification] as const;
