import { z } from "zod";
import { countryCodes } from "../registration/countries.ts";
import { PROFILE_LIMITS } from "./profile-limits.ts";

export { AVATAR_ACCEPT, AVATAR_MAX_BYTES, AVATAR_SIZE, PROFILE_LIMITS, type ProfileDetails } from "./profile-limits.ts";


/** Blank means "not given": stored as null. */
const optionalText = (max: number, tooLong: ProfileFailure) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() ?? "")
    .pipe(z.string().max(max, { error: tooLong }))
    .transform((value) => (value === "" ? null : value));

/** POST /settings/profile (the same fields as JSON). */
export const profileBodySchema = z.object({
  first_name: optionalText(PROFILE_LIMITS.firstName, "first_name_too_long"),
  last_name: optionalText(PROFILE_LIMITS.lastName, "last_name_too_long"),
  location: optionalText(PROFILE_LIMITS.location, "location_too_long"),
  bio: optionalText(PROFILE_LIMITS.bio, "bio_too_long"),
  country: z
    .string({ error: "country_invalid" })
    .trim()
    .toUpperCase()
    .pipe(z.enum(countryCodes, { error: "country_invalid" })),
  locale: z.string().max(16).optional(),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

/** Refusals of the profile endpoints; each has the message profile_settings.error.<code>. */
export const profileFailures = [
  "profile_editing_disallowed",
  "first_name_too_long",
  "last_name_too_long",
  "location_too_long",
  "bio_too_long",
  "country_invalid",
  "avatar_missing",
  "avatar_too_large",
  "avatar_not_image",
] as const;
export type ProfileFailure = (typeof profileFailures)[number];

export function isProfileFailure(value: string | null | undefined): value is ProfileFailure {
  return profileFailures.some((failure) => failure === value);
}

/** Answers of the avatar endpoint as JSON. */
export const avatarResponseSchema = z.object({ status: z.literal("ok"), avatarUrl: z.string().nullable() });
