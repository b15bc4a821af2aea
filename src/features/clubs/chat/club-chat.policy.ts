/**
 * Who may do what in a club's chat: pure functions of the viewer, their
 * standing in the club (member, roles) and their chat restriction. The chat
 * service refuses with them before anything is stored or sent, and the page's
 * controls come from the same answers (ClubChatViewerState).
 *
 * - Reading and writing: members of the club; site staff (moderators and
 *   staff) everywhere, as they may do what owners can (issue 11 item 3).
 *   A member removed from the chat can neither; a muted one reads only.
 * - Moderating (spec 001 §7.6, §6.2 "club chat moderators may mute, unmute
 *   and warn"): chat moderators warn, mute and unmute; admins, the owner and
 *   site staff also remove from the chat and readmit. Anyone who may act may
 *   hide the member's lines with it.
 * - On whom: never oneself, only a member of the club, and only someone of a
 *   lower club rank (member < chat moderator < admin < owner); site staff act
 *   on anyone but themselves.
 */
import type { ClubStanding, ClubViewer } from "../club-role.policy.ts";
import type { ClubChatFailure, ClubChatModerationType } from "./club-chat.schema.ts";

/** The viewer as every club policy takes it (site staff: the site's moderator or staff level). */
export type ChatViewer = ClubViewer;

/** The viewer's place in the club (the clubs feature's ClubStanding). */
export type ChatStanding = ClubStanding;

export interface ChatRestriction {
  readonly muted: boolean;
  readonly removed: boolean;
}

export const noRestriction: ChatRestriction = { muted: false, removed: false };

const chatModeratorTypes: readonly ClubChatModerationType[] = ["warn", "mute", "unmute"];
const adminTypes: readonly ClubChatModerationType[] = ["warn", "mute", "unmute", "remove", "readmit"];

/** member 0 < chat moderator 1 < admin 2 < owner 3. */
export function clubRank(standing: ChatStanding): number {
  if (standing.roles.includes("owner")) return 3;
  if (standing.roles.includes("admin")) return 2;
  if (standing.roles.includes("chat_moderator")) return 1;
  return 0;
}

/** Why the viewer may not read the room (and so not join it), or null. */
export function chatReadRefusal(viewer: ChatViewer, standing: ChatStanding, restriction: ChatRestriction): ClubChatFailure | null {
  if (viewer === null) return "not_a_member";
  if (viewer.siteStaff) return null;
  if (!standing.member) return "not_a_member";
  if (restriction.removed) return "removed_from_chat";
  return null;
}

/** Why the viewer may not write, or null. */
export function chatWriteRefusal(viewer: ChatViewer, standing: ChatStanding, restriction: ChatRestriction): ClubChatFailure | null {
  const readRefusal = chatReadRefusal(viewer, standing, restriction);
  if (readRefusal) return readRefusal;
  if (viewer !== null && !viewer.siteStaff && restriction.muted) return "muted";
  return null;
}

/** The moderation types the viewer may use at all (on members below them). */
export function moderationTypesFor(viewer: ChatViewer, standing: ChatStanding): readonly ClubChatModerationType[] {
  if (viewer === null) return [];
  if (viewer.siteStaff) return adminTypes;
  if (!standing.member) return [];
  const rank = clubRank(standing);
  if (rank >= 2) return adminTypes;
  if (rank === 1) return chatModeratorTypes;
  return [];
}

/** Why the viewer may not take this action on this member, or null. */
export function moderationRefusal(
  viewer: ChatViewer,
  standing: ChatStanding,
  type: ClubChatModerationType,
  target: { readonly id: number; readonly standing: ChatStanding },
): ClubChatFailure | null {
  if (viewer === null) return "not_allowed";
  if (!moderationTypesFor(viewer, standing).includes(type)) return "not_allowed";
  if (target.id === viewer.id || !target.standing.member) return "not_a_target";
  if (!viewer.siteStaff && clubRank(target.standing) >= clubRank(standing)) return "not_a_target";
  return null;
}
