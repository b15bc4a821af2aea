/** What the profile forms in the browser need too; zod-free (decision 0028): profile.schema.ts builds its schemas on these. */

/** The profile fields a member edits in /settings, with their limits (the columns' lengths). */
export const PROFILE_LIMITS = { firstName: 50, lastName: 50, location: 100, bio: 1000 } as const;

/** An uploaded avatar: at most this many bytes, and one of these image formats (checked by decoding it, not by its name). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_ACCEPT = "image/png,image/jpeg,image/webp,image/gif";
/** The stored avatar's side, in pixels (twice the profile's 128 for sharp screens). */
export const AVATAR_SIZE = 256;

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
