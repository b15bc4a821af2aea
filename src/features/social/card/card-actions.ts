import { levels } from "../../accounts/levels.ts";
import { actionsNeedingAccount, allowedMemberActions, type MemberActionSubject, type MemberActionViewer, type SocialActionId } from "../member-actions.policy.ts";
import type { CardUser } from "./user-card.schema.ts";

/**
 * Which actions the user card (and the profile's action bar) offers: spec 001
 * §2.4 lists them, §6.2 says when each appears. The social actions are the
 * member-action policy's answer (../member-actions.policy.ts), the same
 * function the server's routes refuse with; card-actions.test.ts has one row
 * per condition, member-actions.table.test.ts checks the card against the routes.
 * Mute and Unmute (muteAccount, unmuteAccount: spec 000 §4 and §7, not the chat
 * moderators' Mute of §6.2) quiet a member's chat for the viewer alone.
 */

export { socialActionIds, type SocialActionId } from "../member-actions.policy.ts";

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
  | "allowFriendRequests"
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

/**
 * The policy's viewer. The card knows the viewer as anonymous, guest or
 * member; the one level-dependent rule (who may give a membership) comes
 * decided by the server in canReceiveGiftMembership.
 */
function policyViewer(viewer: CardViewer): MemberActionViewer {
  return { id: viewer.isLoggedIn ? viewer.id : null, level: viewer.isGuest ? levels.guest : levels.basic };
}

function policySubject(card: CardActionSubject): MemberActionSubject {
  return { ...card, id: card.userId, level: card.membership.level, isEnabled: card.isEnabled && !card.isClosed };
}

/** The actions offered, in display order. */
export function cardActions(viewer: CardViewer, card: CardActionSubject): CardActionId[] {
  if (card.isSelf) return [];
  const social = allowedMemberActions(policyViewer(viewer), policySubject(card));
  return viewer.isModerator && mayActOn(viewer, card) ? [...social, ...moderationActionIds] : social;
}

/** Actions shown to a visitor without a member account that open the login/register modal (spec 000 §2). */
export function cardAccountActions(viewer: CardViewer, card: CardActionSubject): SocialActionId[] {
  if (card.isSelf) return [];
  return actionsNeedingAccount(policyViewer(viewer), policySubject(card));
}
