/** The payloads of the trophy notifications: the views (trophy-notifications.ts) are typed by them, the types (trophy-notifications.schema.ts) check by them. */
import { z } from "zod";

export const trophyAwardedNoticeSchema = z.object({ from: z.string().min(1).max(64), recipient: z.string().min(1).max(64), trophyId: z.number().int().positive() });
export const trophyEarnedNoticeSchema = z.object({ recipient: z.string().min(1).max(64), trophyId: z.number().int().positive() });
export type TrophyAwardedNotice = z.infer<typeof trophyAwardedNoticeSchema>;
export type TrophyEarnedNotice = z.infer<typeof trophyEarnedNoticeSchema>;
