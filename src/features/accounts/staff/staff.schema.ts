import { z } from "zod";
import { memberSummaryFields } from "../member-summary.schema.ts";

/** Member ids in staff paths: digits only (anything else is a 404, like the page route's rule). */
export const MAX_MEMBER_ID = 2_147_483_647;
export const memberIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .refine((id) => id >= 1 && id <= MAX_MEMBER_ID),
});

/** A member account as staff tools show it. */
export const staffMemberAccountSchema = z.object({
  id: z.number().int(),
  ...memberSummaryFields,
  isEnabled: z.boolean(),
  disabledAt: z.string().nullable(),
  profileEditingAllowed: z.boolean(),
});
export type StaffMemberAccount = z.infer<typeof staffMemberAccountSchema>;

export const staffAccountResponseSchema = z.object({ status: z.literal("ok"), member: staffMemberAccountSchema });
export type StaffAccountResponse = z.infer<typeof staffAccountResponseSchema>;

/** Refusals of a staff account action; each has a message key staff.error.<code>. */
export const staffActionFailures = ["member_not_found", "account_protected"] as const;
export type StaffActionFailure = (typeof staffActionFailures)[number];
export const staffNotices = ["enabled", "disabled"] as const;
