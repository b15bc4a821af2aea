import { z } from "zod";

/** A member as lists and cards show them (never a database row). */
export const memberSummarySchema = z.object({
  username: z.string(),
  countryCode: z.string().length(2),
  chessTitle: z.string().nullable(),
  membershipLevel: z.number().int(),
  flairCode: z.string(),
  joinedAt: z.string(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

export const memberProfileSchema = memberSummarySchema.extend({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  statusText: z.string().nullable(),
  isEnabled: z.boolean(),
  lastOnlineAt: z.string().nullable(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

export interface SiteCounts {
  readonly members: number;
  readonly countries: number;
  readonly titledPlayers: number;
}

export const chessTitles = ["GM", "WGM", "IM", "WIM", "FM", "WFM", "NM", "CM", "WCM", "WNM", "M"] as const;
export type ChessTitle = (typeof chessTitles)[number];
