import { z } from "zod";
import { countryCodes } from "../accounts/registration/countries.ts";
import { CLUB_DESCRIPTION_MAX, CLUB_NAME_MAX, CLUB_NAME_MIN, CLUB_URL_PATTERN, clubJoinPolicies } from "./clubs.constants.ts";

/** An http(s) image address or nothing (an empty field). */
const imageUrl = z
  .string()
  .trim()
  .max(500, { error: "image_invalid" })
  .transform((value) => (value === "" ? null : value))
  .pipe(z.union([z.null(), z.url({ protocol: /^https?$/, error: "image_invalid" })]));

/** The create-a-club form (POST /callback/clubs/create); each error is a message id clubs.create.error.<code>. */
export const newClubSchema = z.object({
  name: z.string({ error: "name_invalid" }).trim().min(CLUB_NAME_MIN, { error: "name_invalid" }).max(CLUB_NAME_MAX, { error: "name_invalid" }),
  url: z
    .string({ error: "url_invalid" })
    .trim()
    .transform((value) => value.toLowerCase())
    .pipe(z.string().regex(new RegExp(CLUB_URL_PATTERN), { error: "url_invalid" })),
  description: z.string().trim().max(CLUB_DESCRIPTION_MAX, { error: "description_too_long" }).default(""),
  country: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase() || "XX")
    .pipe(z.enum(countryCodes, { error: "country_invalid" }))
    .default("XX"),
  avatarUrl: imageUrl.default(null),
  backgroundUrl: imageUrl.default(null),
  joinPolicy: z.enum(clubJoinPolicies, { error: "join_policy_invalid" }),
});

export const clubCreateErrors = ["name_invalid", "url_invalid", "description_too_long", "country_invalid", "image_invalid", "join_policy_invalid", "url_taken"] as const;

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
