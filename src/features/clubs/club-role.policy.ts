/**
 * Who may do what in a club, as pure functions (isomorphic, no I/O): the clubs
 * service refuses with them before anything changes, and the club pages offer
 * exactly the actions they allow. One rule per club role: the owner, admins,
 * chat moderators, members, everyone else; site staff (moderators and staff)
 * may do what owners can. The forum and chat features add their own actions
 * in their own policy modules, reading ClubStanding the same way.
 */
import { hasAtLeast, isClosedLevel } from "../accounts/levels.ts";
import type { ClubRoleName } from "../accounts/roles.server.ts";
import type { ClubJoinPolicy } from "./clubs.constants.ts";

/** Who asks: a signed-in, enabled account (siteStaff: level moderator or above), or nobody. */
export type ClubViewer = { readonly id: number; readonly siteStaff: boolean } | null;

/** What a member is in one club. */
export interface ClubStanding {
  readonly member: boolean;
  readonly roles: readonly ClubRoleName[];
}

export const notInClub: ClubStanding = { member: false, roles: [] };

export const clubActions = [
  "join",
  "request_to_join",
  "leave",
  "invite",
  "manage_requests",
  "generate_invitation_secret",
  "change_owner",
  "manage_admins",
  "manage_chat_moderators",
  "remove_member",
  "remove_closed",
  "sync_member_count",
  "remove_background",
  "edit",
] as const;
export type ClubAction = (typeof clubActions)[number];

/** Why an action is refused (each maps to a message id "clubs.refusal.<reason>"). */
export type ClubRefusal = "sign_in" | "already_member" | "not_member" | "owner_cannot_leave" | "invitation_only" | "approval_needed" | "not_open_for_requests" | "not_allowed";

export const isOwner = (standing: ClubStanding): boolean => standing.roles.includes("owner");
export const isAdmin = (standing: ClubStanding): boolean => standing.roles.includes("admin");
export const isChatModerator = (standing: ClubStanding): boolean => standing.roles.includes("chat_moderator");
/** Owner or admin: who runs the club day to day. */
export const runsClub = (standing: ClubStanding): boolean => isOwner(standing) || isAdmin(standing);

/** Actions only the owner (and site staff) may take. */
const ownerActions: ReadonlySet<ClubAction> = new Set(["generate_invitation_secret", "change_owner", "manage_admins"]);
/** Actions the owner and admins (and site staff) may take. */
const adminActions: ReadonlySet<ClubAction> = new Set(["manage_requests", "manage_chat_moderators", "remove_member", "remove_closed", "sync_member_count", "remove_background", "edit"]);

/**
 * Why `viewer` may not take `action` in a club where they stand as
 * `standing`, or null when they may. `club.joinPolicy` decides the joining
 * actions and who may invite.
 */
export function clubActionRefusal(viewer: ClubViewer, action: ClubAction, standing: ClubStanding, club: { readonly joinPolicy: ClubJoinPolicy }): ClubRefusal | null {
  if (!viewer) return "sign_in";
  switch (action) {
    case "join":
      if (standing.member) return "already_member";
      if (club.joinPolicy === "approval") return "approval_needed";
      if (club.joinPolicy === "invite") return "invitation_only";
      return null;
    case "request_to_join":
      if (standing.member) return "already_member";
      if (club.joinPolicy === "invite") return "invitation_only";
      if (club.joinPolicy !== "approval") return "not_open_for_requests";
      return null;
    case "leave":
      if (!standing.member) return "not_member";
      if (isOwner(standing)) return "owner_cannot_leave";
      return null;
    case "invite":
      // Anyone who runs the club invites; in clubs that anyone may join or ask to join, every member may.
      if (viewer.siteStaff || runsClub(standing)) return null;
      if (!standing.member) return "not_member";
      return club.joinPolicy === "invite" ? "not_allowed" : null;
    default:
      if (viewer.siteStaff) return null;
      if (ownerActions.has(action)) return isOwner(standing) ? null : "not_allowed";
      if (adminActions.has(action)) return runsClub(standing) ? null : "not_allowed";
      return "not_allowed";
  }
}

export function clubActionAllowed(viewer: ClubViewer, action: ClubAction, standing: ClubStanding, club: { readonly joinPolicy: ClubJoinPolicy }): boolean {
  return clubActionRefusal(viewer, action, standing, club) === null;
}

/**
 * Whether the viewer may remove this member (besides "remove_member" itself):
 * nobody removes the owner (the owner hands the club over first); an admin
 * removes members and chat moderators but not another admin; the owner and
 * site staff remove anyone else.
 */
export function memberRemovalRefusal(viewer: ClubViewer, standing: ClubStanding, target: ClubStanding): ClubRefusal | null {
  if (!viewer) return "sign_in";
  if (!target.member) return "not_member";
  if (isOwner(target)) return "not_allowed";
  if (viewer.siteStaff || isOwner(standing)) return null;
  if (isAdmin(standing) && !isAdmin(target)) return null;
  return "not_allowed";
}

/** Who may found a club: a basic member or above, never a guest or a closed account. */
export function clubCreationRefusal(level: number): ClubRefusal | null {
  return !isClosedLevel(level) && hasAtLeast(level, "basic") ? null : "not_allowed";
}

/** Whether the club's page shows the viewer as a member, with a request pending, or free to join, ask or only read. */
export type ClubJoinState = "sign_in" | "member" | "owner" | "request_sent" | "join" | "request" | "invitation_only";

export function clubJoinState(viewer: ClubViewer, standing: ClubStanding, club: { readonly joinPolicy: ClubJoinPolicy }, pending: { readonly requestSent: boolean; readonly invited: boolean }): ClubJoinState {
  if (!viewer) return "sign_in";
  if (isOwner(standing)) return "owner";
  if (standing.member) return "member";
  if (pending.invited) return "join";
  if (club.joinPolicy === "open") return "join";
  if (club.joinPolicy === "approval") return pending.requestSent ? "request_sent" : "request";
  return "invitation_only";
}
