/**
 * /home (spec 000 §2 "member home", decision 0057): a signed-in member's
 * games, quick pairing, ratings, friends online, clubs' news and feed, with
 * the first steps they have not taken yet; a guest's first game by skill
 * level. A visitor who is not signed in is sent to the landing page at /,
 * so this page's chunk holds only the member's views, rendered by the server
 * (a lazily loaded view was streamed in a hidden block a reader without
 * JavaScript never saw).
 */
import { redirect } from "react-router";
import type { Route } from "./+types/home-page";
import { generateLink } from "../../../platform/links/links.ts";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { defaultAvatarUrl } from "../../accounts/current-user.ts";
import { GuestHome, MemberHomeView } from "./member-home-view.tsx";

function pageNumberOf(url: URL): number {
  const page = Number(url.searchParams.get("page") ?? "1");
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const { viewer, services } = context;
  if (!viewer.isLoggedIn || viewer.id === null) throw redirect(generateLink("web_root", {}, { locale: page.pathLocale }));
  if (viewer.isGuest) return { kind: "guest" as const, username: viewer.username };
  const url = new URL(request.url);
  const home = await services.memberHome.homeOf({ id: viewer.id, homeContentType: viewer.homeContentType, hasAvatar: viewer.avatarUrl !== defaultAvatarUrl }, pageNumberOf(url));
  return { kind: "member" as const, username: viewer.username, contentType: viewer.homeContentType, welcome: url.searchParams.get("welcome") === "1", home };
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === "guest" ? (
    <GuestHome username={loaderData.username} />
  ) : (
    <MemberHomeView username={loaderData.username} contentType={loaderData.contentType} welcome={loaderData.welcome} home={loaderData.home} />
  );
}
