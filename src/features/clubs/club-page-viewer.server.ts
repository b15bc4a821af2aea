import type { CurrentUser } from "../accounts/current-user.ts";
import { hasAtLeast, isClosedLevel } from "../accounts/levels.ts";
import type { ClubViewer } from "./club-role.policy.ts";

/** The club policies' viewer of a page request (the same rule as clubViewerOf for callbacks). */
export function clubViewerOfUser(user: CurrentUser): ClubViewer {
  if (!user.isLoggedIn || user.id === null || !user.isEnabled || isClosedLevel(user.membershipLevel)) return null;
  return { id: user.id, siteStaff: hasAtLeast(user.membershipLevel, "moderator") };
}

/** The ?error=<code> a refused form post came back with (letters and underscores only). */
export function formErrorOf(request: Request): string | null {
  const code = new URL(request.url).searchParams.get("error");
  return code && /^[a-z_]{1,40}$/.test(code) ? code : null;
}

/** The ?done=<code> a successful form post may come back with. */
export function pathOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}
