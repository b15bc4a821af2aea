/**
 * Who may do what in a club's forum and notes (decision 0032): pure functions
 * of the viewer, the viewer's standing in the club and the thing acted on, no
 * I/O. The service asks them again inside the writing transaction; the pages
 * offer exactly the buttons they allow.
 *
 * - Reading the forum and the notes: anyone who can see the club page.
 * - Starting a topic, replying: members; a locked topic takes replies from the
 *   owner, admins and site staff only.
 * - Editing a post: its author, still a member, within EDIT_WINDOW_MS of
 *   posting, and not in a locked topic. Nobody edits someone else's words.
 * - Deleting a post: the owner, admins and staff at any time; its author
 *   within the edit window. The opening post goes with its topic only.
 * - Pinning, locking, deleting topics; posting and deleting notes: the owner,
 *   admins and staff.
 * - Chat moderators have no forum powers: in the forum they are members.
 */
import type { ClubStanding, ClubViewer } from "../club-role.policy.ts";

/** How long an author may edit (or take back) a post after writing it. */
export const EDIT_WINDOW_MS = 15 * 60 * 1000;

/** Who asks: the club policies' viewer (site staff = the site's moderator and staff levels), or nobody. */
export type ForumViewer = ClubViewer;

/** The viewer's place in the club. */
export type ForumStanding = ClubStanding;

export interface PostFacts {
  readonly authorId: number | null;
  readonly postedAt: Date;
  readonly opening: boolean;
  readonly topicLocked: boolean;
}

export type ForumAction =
  | { readonly kind: "start_topic" }
  | { readonly kind: "reply"; readonly topicLocked: boolean }
  | { readonly kind: "edit_post"; readonly post: PostFacts; readonly now: Date }
  | { readonly kind: "delete_post"; readonly post: PostFacts; readonly now: Date }
  | { readonly kind: "pin_topic" }
  | { readonly kind: "lock_topic" }
  | { readonly kind: "delete_topic" }
  | { readonly kind: "post_note" }
  | { readonly kind: "delete_note" };

export type ForumRefusal =
  /** Nobody is signed in. */
  | "sign_in_required"
  /** Writing in a club's forum takes membership. */
  | "not_member"
  /** Only the owner, admins (and site staff). */
  | "club_admins_only"
  | "topic_locked"
  /** Only the author edits a post. */
  | "not_author"
  | "edit_window_closed"
  /** The opening post is the topic: delete the topic instead. */
  | "opening_post";

/** Owner, admin or site staff: the club's moderators for the forum and the notes. */
export function moderatesClubForum(viewer: ForumViewer, standing: ForumStanding): boolean {
  if (!viewer) return false;
  return viewer.siteStaff || standing.roles.includes("owner") || standing.roles.includes("admin");
}

function withinEditWindow(post: PostFacts, now: Date): boolean {
  return now.getTime() - post.postedAt.getTime() <= EDIT_WINDOW_MS;
}

/** Why `viewer` may not do `action`, or null when it may. */
export function clubForumRefusal(viewer: ForumViewer, action: ForumAction, standing: ForumStanding): ForumRefusal | null {
  if (!viewer) return "sign_in_required";
  const moderator = moderatesClubForum(viewer, standing);
  switch (action.kind) {
    case "start_topic":
      return standing.member || viewer.siteStaff ? null : "not_member";
    case "reply":
      if (!standing.member && !viewer.siteStaff) return "not_member";
      return action.topicLocked && !moderator ? "topic_locked" : null;
    case "edit_post": {
      if (action.post.authorId !== viewer.id) return "not_author";
      if (!standing.member && !viewer.siteStaff) return "not_member";
      if (action.post.topicLocked && !moderator) return "topic_locked";
      return withinEditWindow(action.post, action.now) ? null : "edit_window_closed";
    }
    case "delete_post": {
      if (action.post.opening) return "opening_post";
      if (moderator) return null;
      if (action.post.authorId !== viewer.id) return "club_admins_only";
      if (!standing.member) return "not_member";
      if (action.post.topicLocked) return "topic_locked";
      return withinEditWindow(action.post, action.now) ? null : "edit_window_closed";
    }
    case "pin_topic":
    case "lock_topic":
    case "delete_topic":
    case "post_note":
    case "delete_note":
      return moderator ? null : "club_admins_only";
  }
}

/** Whether the viewer may do it: what the pages ask before offering a button. */
export function clubForumAllows(viewer: ForumViewer, action: ForumAction, standing: ForumStanding): boolean {
  return clubForumRefusal(viewer, action, standing) === null;
}
