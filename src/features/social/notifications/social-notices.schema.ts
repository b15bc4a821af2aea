/** The payloads of the social notifications: the views (social-notifications.ts) are typed by them, the types (social-notifications.schema.ts) check by them. */
import { z } from "zod";

const username = z.string().min(1).max(64);
export const friendRequestNoticeSchema = z.object({ from: username });
export const friendAcceptedNoticeSchema = z.object({ by: username });
export type FriendRequestNotice = z.infer<typeof friendRequestNoticeSchema>;
export type FriendAcceptedNotice = z.infer<typeof friendAcceptedNoticeSchema>;
