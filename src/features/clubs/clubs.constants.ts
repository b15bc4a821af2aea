/** Club constants the browser needs too (zod-free, decision 0028). */

/** How members join a club: at once, by a request the owner or admins approve, or only with an invitation. */
export const clubJoinPolicies = ["open", "approval", "invite"] as const;
export type ClubJoinPolicy = (typeof clubJoinPolicies)[number];

export function isClubJoinPolicy(value: string): value is ClubJoinPolicy {
  return (clubJoinPolicies as readonly string[]).includes(value);
}

/** The url slug: lower-case letters, digits and dashes, starting with a letter (so it never reads as a numeric id). */
export const CLUB_URL_PATTERN = "^[a-z][a-z0-9-]{2,63}$";
export const CLUB_URL_MIN = 3;
export const CLUB_URL_MAX = 64;
export const CLUB_NAME_MIN = 3;
export const CLUB_NAME_MAX = 100;
export const CLUB_DESCRIPTION_MAX = 5000;
/** Members per page on /clubs/members/{url}; clubs per page on /clubs/find and /clubs/search. */
export const CLUB_MEMBERS_PAGE_SIZE = 50;
export const CLUBS_PAGE_SIZE = 20;
/** The same rule for the form's pattern attribute (browsers read it with the v flag, where a bare "-" in a class is refused). */
export const CLUB_URL_HTML_PATTERN = "[a-z][a-z0-9\\-]{2,63}";

/** Uploaded club images: PNG, JPEG or WebP (checked by decoding, not by name), at most this many bytes each. */
export const CLUB_IMAGE_ACCEPT = "image/png,image/jpeg,image/webp";
export const CLUB_AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const CLUB_BACKGROUND_MAX_BYTES = 10 * 1024 * 1024;
/** The stored avatar's side (twice the club page's 96 and more for sharp screens) and the stored background's banner size. */
export const CLUB_AVATAR_SIZE = 256;
export const CLUB_BACKGROUND_WIDTH = 1600;
export const CLUB_BACKGROUND_HEIGHT = 400;
/** How much of a refused form's description comes back in the redirect's query (a long one would outgrow the request line). */
export const CLUB_KEPT_DESCRIPTION_MAX = 1000;

/** The create and edit forms' own refusals (each has the message clubs.create.error.<code>); the rest are clubs.error.<code>. */
export const clubFormErrors = ["name_invalid", "url_invalid", "description_too_long", "country_invalid", "join_policy_invalid", "url_taken", "avatar_too_large", "avatar_not_image", "background_too_large", "background_not_image"] as const;
export type ClubFormError = (typeof clubFormErrors)[number];

export function isClubFormError(code: string): code is ClubFormError {
  return (clubFormErrors as readonly string[]).includes(code);
}
