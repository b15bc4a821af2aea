import { z } from "zod";
import { countryCodes } from "../registration/countries.ts";

/** The profile fields a member edits in /settings, with their limits (the columns' lengths). */
export const PROFILE_LIMITS = { firstName: 50, lastName: 50, location: 100, bio: 1000 } as const;

/** An uploaded avatar: at most this many bytes, and one of these image formats (checked by decoding it, not by its name). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_ACCEPT = "image/png,image/jpeg,image/webp,image/gif";
/** The stored avatar's side, in pixels (twice the profile's 128 for sharp screens). */
export const AVATAR_SIZE = 256;

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

/** What /settings shows and edits. */
export interface ProfileDetails {
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly location: string | null;
  readonly bio: string | null;
  readonly country: string;
  readonly avatarUrl: string | null;
  /** Staff can turn profile editing off for a member (spec 000 §4). */
  readonly editingAllowed: boolean;
}

/** Answers of the avatar endpoint as JSON. */
export const avatarResponseSchema = z.object({ status: z.literal("ok"), avatarUrl: z.string().nullable() });
