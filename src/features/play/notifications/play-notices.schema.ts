/** The payloads of online play's notifications: the views (play-notifications.ts) are typed by them, the types (play-notifications.schema.ts) check by them. */
import { z } from "zod";

const username = z.string().min(1).max(64);
const id = z.number().int().positive();

export const challengeReceivedNoticeSchema = z.object({ challengeId: id, from: username });
export const challengeAcceptedNoticeSchema = z.object({ challengeId: id, by: username, gameId: id });
export const challengeDeclinedNoticeSchema = z.object({ challengeId: id, by: username });
export const yourMoveNoticeSchema = z.object({ gameId: id, by: username });
export type ChallengeReceivedNotice = z.infer<typeof challengeReceivedNoticeSchema>;
export type ChallengeAcceptedNotice = z.infer<typeof challengeAcceptedNoticeSchema>;
export type ChallengeDeclinedNotice = z.infer<typeof challengeDeclinedNoticeSchema>;
export type YourMoveNotice = z.infer<typeof yourMoveNoticeSchema>;
