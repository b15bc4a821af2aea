import { z } from "zod";
import { memberSummaryFields } from "../member-summary.schema.ts";
import { planLevels, planPeriods } from "./plans.ts";

/** Usernames in paths and forms: letters, digits, "_" and "-", at most 25. */
export const usernameSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{1,25}$/);

const planChoice = { level: z.enum(planLevels), period: z.enum(planPeriods) };

/** POST /callback/membership/grant (staff). */
export const grantBodySchema = z.object({ username: usernameSchema, ...planChoice });
/** POST /callback/membership/gift/{username}. */
export const giftBodySchema = z.object(planChoice);
export const giftParamsSchema = z.object({ username: usernameSchema });
/** POST /callback/membership/checkout: the purchase form, with the campaign parameters echoed. */
export const checkoutBodySchema = z.object({ ...planChoice, c: z.string().regex(/^\w{1,32}$/).optional(), b: z.string().regex(/^\w{1,32}$/).optional() });

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

/** Outcomes of a grant or gift that are refusals, not errors; each has a message key membership.error.<code>. */
export const membershipFailures = ["member_not_found", "not_eligible", "membership_permanent", "gift_to_self", "payments_unavailable", "gift_staff_only", "blocked_by_member", "blocked"] as const;
export type MembershipFailure = (typeof membershipFailures)[number];
/** Notices a page shows after a form post: membership.done.<code>. */
export const membershipNotices = ["granted", "gifted"] as const;
export type MembershipNotice = (typeof membershipNotices)[number];
