/**
 * Membership rules the membership page needs as well as the routes' schemas
 * (membership.schema.ts builds on these, so each lives once). Zod-free: a
 * page module's imports must not pull a validation library into the browser
 * bundle (decision 0028).
 */

/** Usernames in paths and forms: letters, digits, "_" and "-", at most 25 (surrounding spaces ignored). */
export const MEMBER_USERNAME_PATTERN = /^[A-Za-z0-9_-]{1,25}$/;

/** The username in `value` when it has the shape of one (trimmed), else null. */
export function memberUsernameFrom(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return MEMBER_USERNAME_PATTERN.test(trimmed) ? trimmed : null;
}

/** Outcomes of a grant or gift that are refusals, not errors; each has a message key membership.error.<code>. */
export const membershipFailures = ["member_not_found", "not_eligible", "membership_permanent", "gift_to_self", "payments_unavailable", "gift_staff_only", "blocked_by_member", "blocked"] as const;
export type MembershipFailure = (typeof membershipFailures)[number];
/** Notices a page shows after a form post: membership.done.<code>. */
export const membershipNotices = ["granted", "gifted"] as const;
export type MembershipNotice = (typeof membershipNotices)[number];
