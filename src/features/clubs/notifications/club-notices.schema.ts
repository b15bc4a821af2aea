/** The payloads of the clubs notifications: the views (club-notifications.ts) are typed by them, the types (club-notifications.schema.ts) check by them. */
import { z } from "zod";

export const clubInvitationNoticeSchema = z.object({ from: z.string().min(1).max(64), clubUrl: z.string().min(1).max(64), clubName: z.string().min(1).max(100) });
export const clubRequestAnsweredNoticeSchema = z.object({ clubUrl: z.string().min(1).max(64), clubName: z.string().min(1).max(100), approved: z.boolean() });
export type ClubInvitationNotice = z.infer<typeof clubInvitationNoticeSchema>;
export type ClubRequestAnsweredNotice = z.infer<typeof clubRequestAnsweredNoticeSchema>;
