import { hasAtLeast, isClosedLevel, levels } from "../accounts/levels.ts";

/**
 * THE rule for what one member may do to another (spec 001 §6.2 and the
 * refusals of the member callbacks, spec 000 §7): the social routes refuse
 * with its answer, and the user card and the profile offer exactly what it
 * allows. It is pure and runs in the browser and on the server alike, so the
 * card can never offer what the server then refuses (member-actions.table.test.ts
 * checks the card against the real routes for every kind of member).
 *
 * Readings of the spec, recorded in docs/decisions/0026-one-member-action-policy.md:
 * - "Target enabled" means the account is enabled and not closed (levels 5-8).
 * - A guest is "a limited kind of member" with no social graph: nobody friends,
 *   follows or blocks a guest ("member_is_guest"), and a guest friends, follows
 *   or blocks nobody ("guest"). Guests do play casual live games, so a guest may
 *   challenge and be challenged, as the play server allows.
 * - Undoing is always possible: cancel, decline, remove friend, unfollow and
 *   unblock need only the relationship they undo, even when the account closed.
 * - Report: "target not a moderator or staff" holds on the server too.
 * - Block: §6.2 offers it to non-friends only; here a friend can be blocked too,
 *   because the block ends the friendship (issue 4) and a harassed member
 *   should not need two steps.
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

/** Who acts: null id for an anonymous visitor; the level decides guest, closed and staff. */
export interface MemberActionViewer {
  readonly id: number | null;
  readonly level: number;
}

/** The block flags between the viewer and the member (the viewer's side first). */
export interface BlockFlags {
  /** The viewer blocked the member. */
  readonly isBlocked: boolean;
  /** The member blocked the viewer. */
  readonly blocksCurrentUser: boolean;
}

/** The member acted on, and the viewer's relationship with them. */
export interface MemberActionSubject extends BlockFlags {
  readonly id: number;
  readonly level: number;
  readonly isEnabled: boolean;
  readonly allowFriendRequests: boolean;
  readonly areFriends: boolean;
  /** The viewer asked the member to be friends. */
  readonly isFriendRequestExists: boolean;
  /** The member asked the viewer to be friends. */
  readonly isFriendRequestFromUserExists: boolean;
  readonly isTracked: boolean;
  /** Whether the viewer may message the member (messages and trophies; no route yet). Unknown: no. */
  readonly isMessageable?: boolean;
  /**
   * The membership feature's answer for a gift from this viewer (its giftRefusal,
   * the same function the gift route applies), block rule aside. Unknown: no.
   */
  readonly canReceiveGiftMembership?: boolean;
  /** The viewer muted the member (their chat is hidden from the viewer). Unknown: no. */
  readonly isMuted?: boolean;
}

export type MemberActionRefusal =
  | "sign_in_required"
  | "guest"
  | "viewer_closed"
  | "self"
  | "account_closed"
  | "member_is_guest"
  | "blocked"
  | "blocked_by_member"
  | "already_friends"
  | "request_exists"
  | "requests_not_allowed"
  | "no_request"
  | "not_friends"
  | "already_tracking"
  | "not_tracking"
  | "already_blocked"
  | "not_blocked"
  | "cannot_block_staff"
  | "cannot_report_staff"
  | "not_messageable"
  | "already_muted"
  | "not_muted"
  | "cannot_receive_gift";

/** Why one member may not reach another: they blocked you, or you blocked them (unblock first). */
export function contactRefusal(flags: BlockFlags): "blocked_by_member" | "blocked" | null {
  if (flags.blocksCurrentUser) return "blocked_by_member";
  if (flags.isBlocked) return "blocked";
  return null;
}

/** Actions that only undo what the viewer did (or answer what the member did), or only look. */
const undoOrLook: ReadonlySet<SocialActionId> = new Set(["cancelRequest", "declineRequest", "removeFriend", "unfollow", "unblock", "unmuteAccount", "report", "archive", "observe", "analysis"]);
/** Actions a guest may take (guests play casual live games, issue 9), and actions that may be taken on a guest. */
const guestMayTake: ReadonlySet<SocialActionId> = new Set(["challenge", "archive", "observe", "analysis"]);
const mayBeTakenOnGuest: ReadonlySet<SocialActionId> = new Set(["challenge", "report", "archive", "observe", "analysis", "cancelRequest", "declineRequest", "removeFriend", "unfollow", "unblock", "unmuteAccount"]);

function isAvailable(subject: Pick<MemberActionSubject, "isEnabled" | "level">): boolean {
  return subject.isEnabled && !isClosedLevel(subject.level);
}

/** Why the viewer may not take this action on the member, or null when they may. */
export function memberActionRefusal(viewer: MemberActionViewer, action: SocialActionId, subject: MemberActionSubject): MemberActionRefusal | null {
  if (viewer.id === null) return "sign_in_required";
  if (isClosedLevel(viewer.level)) return "viewer_closed";
  if (viewer.level === levels.guest && !guestMayTake.has(action)) return "guest";
  if (viewer.id === subject.id) return "self";
  if (!undoOrLook.has(action) && !isAvailable(subject)) return "account_closed";
  if (subject.level === levels.guest && !mayBeTakenOnGuest.has(action)) return "member_is_guest";
  const contact = contactRefusal(subject);
  switch (action) {
    case "addFriend":
      if (contact) return contact;
      if (subject.areFriends) return "already_friends";
      if (subject.isFriendRequestExists || subject.isFriendRequestFromUserExists) return "request_exists";
      return subject.allowFriendRequests ? null : "requests_not_allowed";
    case "cancelRequest":
      return subject.isFriendRequestExists ? null : "no_request";
    case "acceptRequest":
      return subject.isFriendRequestFromUserExists ? null : "no_request";
    case "declineRequest":
      return subject.isFriendRequestFromUserExists ? null : "no_request";
    case "removeFriend":
      return subject.areFriends ? null : "not_friends";
    case "challenge":
      return contact;
    case "follow":
      if (contact) return contact;
      return subject.isTracked ? "already_tracking" : null;
    case "unfollow":
      return subject.isTracked ? null : "not_tracking";
    case "message":
    case "award":
      return subject.isMessageable === true ? null : "not_messageable";
    case "globalChat":
      return null;
    case "giftMembership":
      if (contact) return contact;
      return subject.canReceiveGiftMembership === true ? null : "cannot_receive_gift";
    case "archive":
    case "observe":
    case "analysis":
      return null;
    case "muteAccount":
      return subject.isMuted === true ? "already_muted" : null;
    case "unmuteAccount":
      return subject.isMuted === true ? null : "not_muted";
    case "report":
      return hasAtLeast(subject.level, "moderator") ? "cannot_report_staff" : null;
    case "block":
      if (subject.isBlocked) return "already_blocked";
      // A friend can be blocked too: the block ends the friendship (issue 4), in one step for a harassed member.
      return hasAtLeast(subject.level, "moderator") ? "cannot_block_staff" : null;
    case "unblock":
      return subject.isBlocked ? null : "not_blocked";
  }
}

/** The actions the policy allows, in display order. */
export function allowedMemberActions(viewer: MemberActionViewer, subject: MemberActionSubject): SocialActionId[] {
  return socialActionIds.filter((action) => memberActionRefusal(viewer, action, subject) === null);
}

/**
 * Actions a visitor without a member account (anonymous, or a guest) would be
 * offered with one: the card shows them as the way into the login/register
 * modal instead of hiding them (spec 000 §2).
 */
export const accountInvitingActions: readonly SocialActionId[] = ["addFriend", "follow", "challenge"];

export function actionsNeedingAccount(viewer: MemberActionViewer, subject: MemberActionSubject): SocialActionId[] {
  if (viewer.id !== null && viewer.level !== levels.guest) return [];
  if (viewer.id !== null && viewer.id === subject.id) return [];
  const asMember: MemberActionViewer = { id: viewer.id ?? -1, level: levels.basic };
  return accountInvitingActions.filter((action) => memberActionRefusal(viewer, action, subject) !== null && memberActionRefusal(asMember, action, subject) === null);
}
