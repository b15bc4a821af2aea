import { z } from "zod";

/** The fields of a member summary in the account tools' answers (staff actions, gifters). */
export const memberSummaryFields = {
  username: z.string(),
  countryCode: z.string(),
  chessTitle: z.string().nullable(),
  membershipLevel: z.number().int(),
  flairCode: z.string(),
  joinedAt: z.string(),
};

/** A member as lists and cards show them (never a database row): presented here, shown by members' pages and the account tools. */
export type MemberSummary = z.infer<z.ZodObject<typeof memberSummaryFields>>;
