import { z } from "zod";
import { countryCodes } from "../accounts/registration/countries.ts";
import { CLUB_DESCRIPTION_MAX, CLUB_NAME_MAX, CLUB_NAME_MIN, CLUB_URL_PATTERN, clubJoinPolicies } from "./clubs.constants.ts";

/** The fields the create and edit forms share; each error is a message id clubs.create.error.<code>. */
const clubProfileFields = {
  name: z.string({ error: "name_invalid" }).trim().min(CLUB_NAME_MIN, { error: "name_invalid" }).max(CLUB_NAME_MAX, { error: "name_invalid" }),
  description: z.string({ error: "description_too_long" }).trim().max(CLUB_DESCRIPTION_MAX, { error: "description_too_long" }).default(""),
  country: z
    .string({ error: "country_invalid" })
    .trim()
    .transform((value) => value.toUpperCase() || "XX")
    .pipe(z.enum(countryCodes, { error: "country_invalid" }))
    .default("XX"),
  joinPolicy: z.enum(clubJoinPolicies, { error: "join_policy_invalid" }),
};

/** The create-a-club form (POST /callback/clubs/create); its images come as files beside these fields. */
export const newClubSchema = z.object({
  ...clubProfileFields,
  url: z
    .string({ error: "url_invalid" })
    .trim()
    .transform((value) => value.toLowerCase())
    .pipe(z.string().regex(new RegExp(CLUB_URL_PATTERN), { error: "url_invalid" })),
});

/** The edit-club form (POST /callback/club/edit/{id}): the same fields without the slug, which stays (decision 0036). */
export const clubEditSchema = z.object({
  ...clubProfileFields,
  /** The form's checkbox ("1" or "on" when ticked; a JSON caller may send true). */
  removeBackground: z
    .union([z.string(), z.boolean()])
    .optional()
    .transform((value) => value === "1" || value === "on" || value === true),
});

/** The files of a create or edit post (multipart: file fields arrive as Buffers); anything else there is ignored. */
export const clubUploadsSchema = z.object({
  avatar: z.instanceof(Buffer).optional().catch(undefined),
  background: z.instanceof(Buffer).optional().catch(undefined),
});

/** "{url or digits}" in a callback path. */
export const clubParamSchema = z.object({ id: z.string().min(1).max(64) });
export const clubMemberParamSchema = z.object({ id: z.string().min(1).max(64), username: z.string().regex(/^[A-Za-z0-9_-]{1,25}$/) });

export const manageRequestBodySchema = z.object({ action: z.enum(["approve", "deny"]) }).loose();
export const roleBodySchema = z.object({ role: z.enum(["admin", "chat_moderator"]), granted: z.union([z.literal("1"), z.literal("0"), z.literal(1), z.literal(0), z.boolean()]).transform((value) => value === true || value === 1 || value === "1") }).loose();
export const inviteBodySchema = z.object({ username: z.string().trim().regex(/^[A-Za-z0-9_-]{1,25}$/), club: z.string().min(1).max(64).optional() }).loose();
export const secretBodySchema = z.object({ secret: z.string().min(1).max(64) }).loose();

/** The club lists' query (/clubs/find, /clubs/search): every field optional, bad values ignored by the page. */
export const clubListQuerySchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  country: z.enum(countryCodes).optional().catch(undefined),
  size: z.coerce.number().int().min(0).max(10_000_000).optional().catch(undefined),
  join: z.enum(clubJoinPolicies).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

export const clubMembersQuerySchema = z.object({
  q: z.string().trim().max(25).regex(/^[A-Za-z0-9_-]*$/).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
