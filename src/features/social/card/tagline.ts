import { levels } from "../../accounts/levels.ts";
import { taglineBadge, type TaglineBadge } from "./tagline-badge.ts";
import { shownFlairCode } from "../../accounts/flair/flair-catalogue.ts";
import type { DerivedPresence } from "../../presence/derive-presence.ts";

/**
 * The tagline rules of spec 001 §4.3, in one pure function: which badges,
 * which flair and which presence indicator and button a member's name shows.
 * The profile page and the user card both render from it.
 */

export interface TaglineMember {
  readonly username: string;
  readonly chessTitle: string | null;
  readonly membershipLevel: number;
  /** "nothing" (the placeholder flair) or null: no flair. */
  readonly flairCode: string | null;
}

export interface TaglineFlags {
  /** Gold, platinum and diamond badges show only with this flag. */
  readonly membership_badges: boolean;
  /** The new flair rendering; without it, the old flair icon. */
  readonly web_flair_rpc: boolean;
}

export { membershipBadgeLevels, type MembershipBadgeLevel, type TaglineBadge } from "./tagline-badge.ts";

export type PresenceButton =
  | { readonly kind: "watch"; readonly href: string }
  | { readonly kind: "challenge"; readonly href: string }
  | { readonly kind: "lastOnline"; readonly since: Date };

export interface Tagline {
  /** A chess title wins; otherwise the membership badge (when shown at all). */
  readonly badge: TaglineBadge | null;
  /** Staff and moderator badges always show. */
  readonly roleBadge: "staff" | "moderator" | null;
  readonly flair: { readonly style: "new" | "old"; readonly code: string } | null;
  /** Green when online, red when playing. */
  readonly presenceDot: "online" | "playing" | null;
  /** Watch when playing, Challenge when online, the last-online time (or nothing) when offline. */
  readonly presenceButton: PresenceButton | null;
}


function roleBadgeOf(level: number): Tagline["roleBadge"] {
  if (level >= levels.staff) return "staff";
  if (level >= levels.moderator) return "moderator";
  return null;
}

function presenceButtonOf(presence: DerivedPresence | null, challengeHref: string | null): PresenceButton | null {
  if (!presence) return null;
  if (presence.isPlaying) {
    const href = presence.gameLink ?? presence.eventLink ?? presence.battleLink;
    return href ? { kind: "watch", href } : null;
  }
  if (presence.isOnline) return challengeHref ? { kind: "challenge", href: challengeHref } : null;
  return presence.offlineSince ? { kind: "lastOnline", since: presence.offlineSince } : null;
}

/**
 * `presence` is null when unknown (nothing shows). `challengeHref` is where
 * the Challenge button of an online member goes; null when the viewer may not
 * challenge them (anonymous, oneself, a block: see cardActions), and then an
 * online member shows no button.
 */
export function tagline(member: TaglineMember, flags: TaglineFlags, presence: DerivedPresence | null, challengeHref: string | null): Tagline {
  // The placeholder, special and unknown codes, and a premium flair after the membership lapsed, draw nothing.
  const flairCode = member.flairCode ? shownFlairCode({ flairCode: member.flairCode, membershipLevel: member.membershipLevel }) : null;
  return {
    badge: taglineBadge(member, flags),
    roleBadge: roleBadgeOf(member.membershipLevel),
    flair: flairCode ? { style: flags.web_flair_rpc ? "new" : "old", code: flairCode } : null,
    presenceDot: presence?.isPlaying ? "playing" : presence?.isOnline ? "online" : null,
    presenceButton: presenceButtonOf(presence, challengeHref),
  };
}
