import { hasAtLeast, isClosedLevel } from "../../accounts/levels.ts";
import type { PageViewer } from "../../../platform/http/load-context.ts";
import type { ClubViewer } from "../club-role.policy.ts";

/** The club policies' viewer from a page's viewer: the same reading as clubViewerOf for routes. */
export function clubViewerOfPage(viewer: PageViewer): ClubViewer {
  if (!viewer.isLoggedIn || viewer.id === null || !viewer.isEnabled || isClosedLevel(viewer.membershipLevel)) return null;
  return { id: viewer.id, siteStaff: hasAtLeast(viewer.membershipLevel, "moderator") };
}

/** ?page=N as a page number (1 when absent or malformed). */
export function pageNumberOf(request: Request): number {
  const raw = new URL(request.url).searchParams.get("page") ?? "1";
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.max(1, page);
}

/** The ?error=<code> a form post came back with, when it is one of ours (a crafted URL picks no message). */
export function forumErrorOf(request: Request): string | null {
  const known = ["sign_in_required", "not_member", "club_admins_only", "topic_locked", "not_author", "edit_window_closed", "opening_post", "not_found", "title_length", "body_length"];
  const code = new URL(request.url).searchParams.get("error");
  return code && known.includes(code) ? code : null;
}
