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
