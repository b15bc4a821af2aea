import { z } from "zod";
import { memberSummaryFields } from "../member-summary.schema.ts";
import { MEMBER_USERNAME_PATTERN } from "./membership-rules.ts";
import { CAMPAIGN_WORD, planLevels, planPeriods } from "./plans.ts";

/** Usernames in paths and forms (membership-rules.ts). */
export const usernameSchema = z.string().trim().regex(MEMBER_USERNAME_PATTERN);

const planChoice = { level: z.enum(planLevels), period: z.enum(planPeriods) };

/** POST /callback/membership/grant (staff). */
export const grantBodySchema = z.object({ username: usernameSchema, ...planChoice });
/** POST /callback/membership/gift/{username}. */
export const giftBodySchema = z.object(planChoice);
export const giftParamsSchema = z.object({ username: usernameSchema });
/** POST /callback/membership/checkout: the purchase form, with the campaign parameters echoed. */
export const checkoutBodySchema = z.object({ ...planChoice, c: z.string().regex(CAMPAIGN_WORD).optional(), b: z.string().regex(CAMPAIGN_WORD).optional() });

/** A member's membership as the browser sees it. */
export const membershipStatusSchema = z.object({
  username: z.string(),
  level: z.number().int(),
  expiresAt: z.string().nullable(),
});
export type MembershipStatus = z.infer<typeof membershipStatusSchema>;

export const membershipChangeResponseSchema = z.object({ status: z.literal("ok"), membership: membershipStatusSchema });
export type MembershipChangeResponse = z.infer<typeof membershipChangeResponseSchema>;

/** One row of /members/gifters. */
export const gifterSchema = z.object({
  ...memberSummaryFields,
  gifts: z.number().int(),
});
export type Gifter = z.infer<typeof gifterSchema>;

export interface GiftersPage {
  readonly gifters: readonly Gifter[];
  readonly page: number;
  readonly pageSize: number;
  readonly totalPages: number;
  readonly totalGifters: number;
}


