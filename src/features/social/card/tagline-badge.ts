import { isExactly } from "../../accounts/levels.ts";

/**
 * The badge beside a name (spec 001 §4.3): a chess title wins, otherwise the
 * membership badge when badges are shown. Apart from tagline.ts so that a
 * page drawing only badges (the leaderboard rows) does not load the flair
 * catalogue the rest of the tagline needs.
 */

export const membershipBadgeLevels = ["gold", "platinum", "diamond"] as const;
export type MembershipBadgeLevel = (typeof membershipBadgeLevels)[number];

export type TaglineBadge = { readonly kind: "title"; readonly title: string } | { readonly kind: "membership"; readonly level: MembershipBadgeLevel };

export function taglineBadge(member: { readonly chessTitle: string | null; readonly membershipLevel: number }, flags: { readonly membership_badges: boolean }): TaglineBadge | null {
  const title = member.chessTitle?.trim();
  if (title) return { kind: "title", title };
  if (!flags.membership_badges) return null;
  const badge = membershipBadgeLevels.find((name) => isExactly(member.membershipLevel, name));
  return badge ? { kind: "membership", level: badge } : null;
}
