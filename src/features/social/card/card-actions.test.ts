import { describe, expect, it } from "vitest";
import { noRelationship } from "../social.schema.ts";
import { generateLink } from "../../../platform/links/links.ts";
import { levels } from "../../accounts/levels.ts";
import type { UserCard } from "../user-card.service.server.ts";
import { cardActionTarget } from "./card-action-targets.ts";
import { cardAccountActions, cardActions, moderationActionIds, socialActionIds, type CardActionId, type CardActionSubject, type CardViewer } from "./card-actions.ts";
import type { CardUser } from "./user-card.schema.ts";

const member: CardViewer = { isLoggedIn: true, isGuest: false, id: 1, username: "alice", isModerator: false };
const moderator: CardViewer = { ...member, isModerator: true };

const other: CardActionSubject = {
  userId: 2,
  isSelf: false,
  isEnabled: true,
  isClosed: false,
  allowFriendRequests: true,
  membership: { code: "basic", level: levels.basic, name: "basic" },
  isModerator: false,
  isStaff: false,
  isMessageable: true,
  canReceiveGiftMembership: true,
  ...noRelationship,
};

const closed: Partial<CardActionSubject> = { isClosed: true, membership: { code: "closed_abuse", level: levels.closed_abuse, name: "closed_abuse" } };
const disabled: Partial<CardActionSubject> = { isEnabled: false };
const guestMember: Partial<CardActionSubject> = { membership: { code: "guest", level: levels.guest, name: "guest" } };
const moderatorMember: Partial<CardActionSubject> = { membership: { code: "moderator", level: levels.moderator, name: "moderator" }, isModerator: true };
const staffMember: Partial<CardActionSubject> = { membership: { code: "staff", level: levels.staff, name: "staff" }, isStaff: true };

interface Row {
  readonly condition: string;
  readonly action: CardActionId;
  readonly viewer?: CardViewer;
  readonly card: Partial<CardActionSubject>;
  readonly offered: boolean;
}

/** One row per condition of spec 001 §6.2 (and the block rule of issue 4). */
const rows: readonly Row[] = [
  { condition: "add friend: enabled, not friends, no request either way", action: "addFriend", card: {}, offered: true },
  { condition: "add friend: not for a disabled member", action: "addFriend", card: disabled, offered: false },
  { condition: "add friend: not for a closed account", action: "addFriend", card: closed, offered: false },
  { condition: "add friend: not for friends", action: "addFriend", card: { areFriends: true }, offered: false },
  { condition: "add friend: not with a request sent", action: "addFriend", card: { isFriendRequestExists: true }, offered: false },
  { condition: "add friend: not with a request received", action: "addFriend", card: { isFriendRequestFromUserExists: true }, offered: false },
  { condition: "add friend: not for a member who blocks the viewer", action: "addFriend", card: { blocksCurrentUser: true }, offered: false },
  { condition: "add friend: not for a member the viewer blocked", action: "addFriend", card: { isBlocked: true }, offered: false },
  { condition: "add friend: not for a member who refuses friend requests", action: "addFriend", card: { allowFriendRequests: false }, offered: false },
  { condition: "add friend: not for a guest (they are a guest)", action: "addFriend", card: guestMember, offered: false },

  { condition: "block: not friends, not blocked, enabled, below moderator", action: "block", card: {}, offered: true },
  { condition: "block: a friend too (the block ends the friendship, decision 0026)", action: "block", card: { areFriends: true }, offered: true },
  { condition: "block: not for a guest", action: "block", card: guestMember, offered: false },
  { condition: "block: not when already blocked", action: "block", card: { isBlocked: true }, offered: false },
  { condition: "block: not for a disabled member", action: "block", card: disabled, offered: false },
  { condition: "block: not for a closed account", action: "block", card: closed, offered: false },
  { condition: "block: not for a moderator", action: "block", card: moderatorMember, offered: false },
  { condition: "block: not for staff", action: "block", card: staffMember, offered: false },
  { condition: "block: diamond is below moderator", action: "block", card: { membership: { code: "diamond", level: levels.diamond, name: "diamond" } }, offered: true },
  { condition: "block: a member who blocks the viewer can be blocked back", action: "block", card: { blocksCurrentUser: true }, offered: true },
  { condition: "unblock: when the viewer blocked the member", action: "unblock", card: { isBlocked: true }, offered: true },
  { condition: "unblock: not otherwise", action: "unblock", card: {}, offered: false },

  { condition: "challenge: target enabled", action: "challenge", card: {}, offered: true },
  { condition: "challenge: not for a disabled member", action: "challenge", card: disabled, offered: false },
  { condition: "challenge: not for a closed account", action: "challenge", card: closed, offered: false },
  { condition: "challenge: not across a block", action: "challenge", card: { blocksCurrentUser: true }, offered: false },
  { condition: "challenge: a guest too (guests play casual live games)", action: "challenge", card: guestMember, offered: true },
  { condition: "global chat: target enabled", action: "globalChat", card: {}, offered: true },
  { condition: "global chat: not for a disabled member", action: "globalChat", card: disabled, offered: false },
  { condition: "follow: enabled and not tracked", action: "follow", card: {}, offered: true },
  { condition: "follow: not when tracked", action: "follow", card: { isTracked: true }, offered: false },
  { condition: "follow: not for a disabled member", action: "follow", card: disabled, offered: false },
  { condition: "follow: not for a member who blocks the viewer", action: "follow", card: { blocksCurrentUser: true }, offered: false },
  { condition: "follow: not for a member the viewer blocked", action: "follow", card: { isBlocked: true }, offered: false },
  { condition: "follow: not for a guest", action: "follow", card: guestMember, offered: false },
  { condition: "unfollow: tracked", action: "unfollow", card: { isTracked: true }, offered: true },
  { condition: "unfollow: not when not tracked", action: "unfollow", card: {}, offered: false },
  { condition: "unfollow: also for a closed account (undoing is always possible, decision 0026)", action: "unfollow", card: { ...closed, isTracked: true }, offered: true },

  { condition: "remove friend: friends", action: "removeFriend", card: { areFriends: true }, offered: true },
  { condition: "remove friend: not when not friends", action: "removeFriend", card: {}, offered: false },
  { condition: "remove friend: also for a closed friend's account", action: "removeFriend", card: { ...closed, areFriends: true }, offered: true },
  { condition: "cancel request: outbound request", action: "cancelRequest", card: { isFriendRequestExists: true }, offered: true },
  { condition: "cancel request: not for an inbound request", action: "cancelRequest", card: { isFriendRequestFromUserExists: true }, offered: false },
  { condition: "accept: inbound request", action: "acceptRequest", card: { isFriendRequestFromUserExists: true }, offered: true },
  { condition: "accept: not for an outbound request", action: "acceptRequest", card: { isFriendRequestExists: true }, offered: false },
  { condition: "decline: inbound request", action: "declineRequest", card: { isFriendRequestFromUserExists: true }, offered: true },
  { condition: "decline: not without a request", action: "declineRequest", card: {}, offered: false },

  { condition: "mute: a member not muted", action: "muteAccount", card: {}, offered: true },
  { condition: "mute: not when already muted", action: "muteAccount", card: { isMuted: true }, offered: false },
  { condition: "mute: not for a disabled member", action: "muteAccount", card: disabled, offered: false },
  { condition: "mute: not for a closed account", action: "muteAccount", card: closed, offered: false },
  { condition: "mute: not for a guest", action: "muteAccount", card: { membership: { code: "guest", level: levels.guest, name: "guest" } }, offered: false },
  { condition: "mute: a moderator can be muted too", action: "muteAccount", card: { membership: { code: "moderator", level: levels.moderator, name: "moderator" }, isModerator: true }, offered: true },
  { condition: "mute: also across a block", action: "muteAccount", card: { blocksCurrentUser: true }, offered: true },
  { condition: "unmute: when muted", action: "unmuteAccount", card: { isMuted: true }, offered: true },
  { condition: "unmute: also for a closed account", action: "unmuteAccount", card: { ...closed, isMuted: true }, offered: true },
  { condition: "unmute: not when not muted", action: "unmuteAccount", card: {}, offered: false },

  { condition: "report: a member", action: "report", card: {}, offered: true },
  { condition: "report: not a moderator", action: "report", card: moderatorMember, offered: false },
  { condition: "report: not staff", action: "report", card: staffMember, offered: false },
  { condition: "report: a guest can be reported", action: "report", card: guestMember, offered: true },
  { condition: "report: a closed account can be reported", action: "report", card: closed, offered: true },

  { condition: "message: messageable and enabled", action: "message", card: {}, offered: true },
  { condition: "message: not when not messageable", action: "message", card: { isMessageable: false }, offered: false },
  { condition: "message: not for a disabled member", action: "message", card: disabled, offered: false },
  { condition: "award: messageable and enabled", action: "award", card: {}, offered: true },
  { condition: "award: not when not messageable", action: "award", card: { isMessageable: false }, offered: false },
  { condition: "award: not for a closed account", action: "award", card: closed, offered: false },
  { condition: "gift membership: may receive gifts and enabled", action: "giftMembership", card: {}, offered: true },
  { condition: "gift membership: not when gifts are not possible", action: "giftMembership", card: { canReceiveGiftMembership: false }, offered: false },
  { condition: "gift membership: not for a disabled member", action: "giftMembership", card: disabled, offered: false },
  { condition: "gift membership: not across a block", action: "giftMembership", card: { blocksCurrentUser: true }, offered: false },

  { condition: "archive: every other member", action: "archive", card: closed, offered: true },
  { condition: "observe: every other member (shown when they play)", action: "observe", card: {}, offered: true },
  { condition: "analysis: every other member", action: "analysis", card: {}, offered: true },

  ...moderationActionIds.flatMap((action): Row[] => [
    { condition: `${action}: for moderators`, action, viewer: moderator, card: {}, offered: true },
    { condition: `${action}: not for members`, action, card: {}, offered: false },
  ]),
];

describe("cardActions (spec 001 §6.2)", () => {
  it.each(rows)("$condition", ({ action, viewer = member, card, offered }) => {
    expect(cardActions(viewer, { ...other, ...card }).includes(action)).toBe(offered);
  });

  it("offers nothing to anonymous visitors or on one's own card; a guest only what guests do (challenge and looking)", () => {
    expect(cardActions({ ...member, isLoggedIn: false, id: null }, other)).toEqual([]);
    expect(cardActions({ ...member, isGuest: true }, other)).toEqual(["challenge", "archive", "observe", "analysis"]);
    expect(cardActions(member, { ...other, isSelf: true, userId: 1 })).toEqual([]);
    expect(cardActions(moderator, { ...other, userId: 1 })).toEqual([]);
  });

  it("invites visitors without a member account to sign in through the actions that need one", () => {
    expect(cardAccountActions({ ...member, isLoggedIn: false, id: null }, other)).toEqual(["addFriend", "follow", "challenge"]);
    expect(cardAccountActions({ ...member, isGuest: true }, other)).toEqual(["addFriend", "follow"]);
    // Only what a member could do: nothing towards a guest's friendship, nothing on a closed account.
    expect(cardAccountActions({ ...member, isLoggedIn: false, id: null }, { ...other, ...guestMember })).toEqual(["challenge"]);
    expect(cardAccountActions({ ...member, isLoggedIn: false, id: null }, { ...other, ...closed })).toEqual([]);
    expect(cardAccountActions(member, other)).toEqual([]);
  });

  it("offers every social action somewhere in the table", () => {
    const covered = new Set(rows.filter((row) => row.offered).map((row) => row.action));
    for (const action of [...socialActionIds, ...moderationActionIds]) expect(covered.has(action), action).toBe(true);
  });

  it("walks a friendship through its states: none, sent, received, friends", () => {
    const friendActions = (card: Partial<CardActionSubject>) =>
      cardActions(member, { ...other, ...card }).filter((action) => ["addFriend", "cancelRequest", "acceptRequest", "declineRequest", "removeFriend"].includes(action));
    expect(friendActions({})).toEqual(["addFriend"]);
    expect(friendActions({ isFriendRequestExists: true })).toEqual(["cancelRequest"]);
    expect(friendActions({ isFriendRequestFromUserExists: true })).toEqual(["acceptRequest", "declineRequest"]);
    expect(friendActions({ areFriends: true })).toEqual(["removeFriend"]);
  });
});

describe("cardActionTarget", () => {
  const context = { username: "Bob", viewerUsername: "Alice", gameLink: null, link: generateLink };

  it("calls the spec's endpoints with the spec's methods and confirmations", () => {
    expect(cardActionTarget("addFriend", context)).toEqual({ kind: "call", method: "POST", path: "/callback/friend/bob/request", confirm: null });
    expect(cardActionTarget("cancelRequest", context)).toEqual({ kind: "call", method: "POST", path: "/callback/friend/bob/cancel/request", confirm: null });
    expect(cardActionTarget("acceptRequest", context)).toEqual({ kind: "call", method: "PUT", path: "/callback/friend/bob/accept", confirm: null });
    expect(cardActionTarget("declineRequest", context)).toEqual({ kind: "call", method: "DELETE", path: "/callback/friend/bob/decline/request", confirm: null });
    expect(cardActionTarget("removeFriend", context)).toEqual({ kind: "call", method: "DELETE", path: "/callback/friend/bob/delete", confirm: "removeFriend" });
    expect(cardActionTarget("follow", context)).toEqual({ kind: "call", method: "POST", path: "/callback/member/bob/track", confirm: null });
    expect(cardActionTarget("unfollow", context)).toEqual({ kind: "call", method: "POST", path: "/callback/member/bob/untrack", confirm: null });
    expect(cardActionTarget("block", context)).toEqual({ kind: "call", method: "POST", path: "/callback/member/bob/block", confirm: "blockUser" });
    expect(cardActionTarget("unblock", context)).toEqual({ kind: "call", method: "POST", path: "/callback/member/bob/unblock", confirm: null });
    expect(cardActionTarget("report", context)).toEqual({ kind: "report" });
  });

  it("mutes and unmutes with the spec's confirmation, showing the new state at once", () => {
    expect(cardActionTarget("muteAccount", context)).toEqual({ kind: "call", method: "POST", path: "/callback/member/bob/mute-account", confirm: "generic", optimistic: { isMuted: true } });
    expect(cardActionTarget("unmuteAccount", context)).toEqual({ kind: "call", method: "POST", path: "/callback/member/bob/unmute-account", confirm: "generic", optimistic: { isMuted: false } });
  });

  it("offers Mute or Unmute, never both", () => {
    const muteActions = (card: Partial<CardActionSubject>) => cardActions(member, { ...other, ...card }).filter((action) => action === "muteAccount" || action === "unmuteAccount");
    expect(muteActions({})).toEqual(["muteAccount"]);
    expect(muteActions({ isMuted: true })).toEqual(["unmuteAccount"]);
  });

  it("links to existing pages, and hides what has no page yet", () => {
    expect(cardActionTarget("challenge", context)).toEqual({ kind: "link", href: "/play/online/new?opponent=bob" });
    expect(cardActionTarget("archive", context)).toEqual({ kind: "link", href: "/games/archive/bob?opponent=alice" });
    expect(cardActionTarget("giftMembership", context)).toEqual({ kind: "link", href: "/member/bob#gift-membership" });
    expect(cardActionTarget("award", context)).toEqual({ kind: "link", href: "/member/bob#award-trophy" });
    expect(cardActionTarget("observe", context)).toEqual({ kind: "unavailable" });
    expect(cardActionTarget("observe", { ...context, gameLink: "/game/live/42" })).toEqual({ kind: "link", href: "/game/live/42" });
    for (const action of ["message", "globalChat", "analysis", ...moderationActionIds] as const) {
      expect(cardActionTarget(action, context), action).toEqual({ kind: "unavailable" });
    }
  });
});

describe("the card's schema", () => {
  it("accepts what the server's card service answers (checked by the compiler)", () => {
    const fits = (card: UserCard): CardUser => card;
    expect(typeof fits).toBe("function");
  });
});
