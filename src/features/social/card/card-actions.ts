import { levels } from "../../accounts/levels.ts";
import type { CardUser } from "./user-card.schema.ts";

/**
 * Which actions the user card (and the profile's action bar) offers: spec 001
 * §2.4 lists them, §6.2 says when each appears. One pure function decides;
 * card-actions.test.ts has one row per condition.
 *
 * Two readings of the spec, recorded here:
 * - "Target enabled" means the account is enabled and not closed (levels 5-8).
 * - Issue 4 adds that a block "stops the blocked member from friending,
 *   challenging, messaging": a member who blocks the viewer offers them no
 *   Add friend, Challenge, Follow or Message (the server refuses those anyway),
 *   and a viewer who blocked the member sees Unblock instead of Add friend.
 *   Unblock itself (§4.4 "Block and unblock") is offered whenever the viewer
 *   has blocked the member.
 * - Mute and Unmute (muteAccount, unmuteAccount: spec 000 §4 and §7, not the
 *   chat moderators' Mute of §6.2) quiet a member's chat for the viewer alone.
 */

export const socialActionIds = [
  "addFriend",
  "cancelRequest",
  "acceptRequest",
  "declineRequest",
  "removeFriend",
  "challenge",
  "follow",
  "unfollow",
  "message",
  "globalChat",
  "award",
  "giftMembership",
  "archive",
  "observe",
  "analysis",
  "muteAccount",
  "unmuteAccount",
  "report",
  "block",
  "unblock",
] as const;
export type SocialActionId = (typeof socialActionIds)[number];

/** Moderator buttons of §6.2: Warn, Mute, Kick, Ban and the member's client name. */
export const moderationActionIds = ["warn", "mute", "kick", "ban", "clientName"] as const;
export type ModerationActionId = (typeof moderationActionIds)[number];

export type CardActionId = SocialActionId | ModerationActionId;

/** Who is looking (a slice of the current user, spec 001 §3.5). */
export interface CardViewer {
  readonly isLoggedIn: boolean;
  readonly isGuest: boolean;
  readonly id: number | null;
  readonly username: string;
  /** Cumulative: moderators and staff. */
  readonly isModerator: boolean;
}

/** The parts of the card the decision reads. */
export type CardActionSubject = Pick<
  CardUser,
  | "userId"
  | "isSelf"
  | "isEnabled"
  | "isClosed"
  | "membership"
  | "isModerator"
  | "isStaff"
  | "isMessageable"
  | "canReceiveGiftMembership"
  | "areFriends"
  | "isFriendRequestExists"
  | "isFriendRequestFromUserExists"
  | "isTracked"
  | "isBlocked"
  | "blocksCurrentUser"
  | "isMuted"
>;

/** Actions appear only for a logged-in, non-guest viewer looking at another member. */
export function mayActOn(viewer: CardViewer, card: Pick<CardActionSubject, "userId" | "isSelf">): boolean {
  return viewer.isLoggedIn && !viewer.isGuest && viewer.id !== null && !card.isSelf && viewer.id !== card.userId;
}

/** The actions offered, in display order. */
export function cardActions(viewer: CardViewer, card: CardActionSubject): CardActionId[] {
  if (!mayActOn(viewer, card)) return [];
  const enabled = card.isEnabled && !card.isClosed;
  const blockedEitherWay = card.isBlocked || card.blocksCurrentUser;
  const pendingEitherWay = card.isFriendRequestExists || card.isFriendRequestFromUserExists;
  const rules: Readonly<Record<SocialActionId, boolean>> = {
    addFriend: enabled && !card.areFriends && !pendingEitherWay && !blockedEitherWay,
    cancelRequest: card.isFriendRequestExists,
    acceptRequest: card.isFriendRequestFromUserExists,
    declineRequest: card.isFriendRequestFromUserExists,
    removeFriend: card.areFriends,
    challenge: enabled && !blockedEitherWay,
    follow: enabled && !card.isTracked && !card.blocksCurrentUser,
    unfollow: enabled && card.isTracked,
    message: card.isMessageable && enabled,
    globalChat: enabled,
    award: card.isMessageable && enabled,
    giftMembership: card.canReceiveGiftMembership && enabled,
    archive: true,
    observe: true,
    analysis: true,
    // Spec 000 §4, §7 mute-account: the server refuses guests and closed accounts; unmuting is always allowed.
    muteAccount: enabled && card.membership.level !== levels.guest && !card.isMuted,
    unmuteAccount: card.isMuted,
    report: !card.isModerator && !card.isStaff,
    block: !card.areFriends && !card.isBlocked && enabled && card.membership.level < levels.moderator,
    unblock: card.isBlocked,
  };
  const social = socialActionIds.filter((id) => rules[id]);
  return viewer.isModerator ? [...social, ...moderationActionIds] : social;
}
