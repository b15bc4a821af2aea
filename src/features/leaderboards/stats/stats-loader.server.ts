/**
 * The member a stats page is about: the {username} of the path, or the
 * viewer's own when it is left out (a visitor signs in first); an unknown
 * name is a 404. Shared by every stats page's loader.
 */
import { data, redirect } from "react-router";
import { generateLink } from "../../../platform/links/links.ts";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import type { PageMatch } from "../../../platform/links/route-patterns.ts";
import type { CurrentUser } from "../../accounts/current-user.ts";
import type { StatsService } from "./stats.service.server.ts";

export async function statsMemberOf(request: Request, viewer: CurrentUser, stats: StatsService): Promise<{ readonly match: PageMatch; readonly member: { readonly id: number; readonly username: string } }> {
  const match = requirePage(request);
  const url = new URL(request.url);
  const username = match.params.username || (viewer.isLoggedIn && !viewer.isGuest ? viewer.username : null);
  if (!username) throw redirect(generateLink("web_security_login_and_go", { redirectUrl: url.pathname + url.search }));
  const member = await stats.memberByUsername(username);
  if (!member) throw data(null, { status: 404 });
  return { match, member: { id: member.id, username: member.username } };
}
