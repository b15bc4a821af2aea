import { useIntl } from "../../../platform/i18n/intl.tsx";
import { data, redirect } from "react-router";
import { generateLink } from "../../../platform/links/links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { ClubList } from "../components/club-parts.tsx";
import type { Route } from "./+types/clubs-of-member-page";
import "../components/clubs.css";

/** /clubs/home/{username}: a member's clubs (without a username: the viewer's own, or sign in). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const username = page.params.username || (context.viewer.isLoggedIn ? context.viewer.username : "");
  if (!username) throw redirect(generateLink("web_security_login_and_go", { redirectUrl: generateLink("web_clubs_home") }));
  const member = await context.services.memberDirectory.memberByUsername(username);
  if (!member) throw data(null, { status: 404 });
  const clubs = await context.services.clubs.clubsOf(member.id, 100);
  return { username: member.username, clubs: clubs.map((club) => ({ id: club.id, url: club.url, name: club.name, avatarUrl: club.avatarUrl, countryCode: club.countryCode, memberCount: club.memberCount, joinPolicy: club.joinPolicy })) };
}

export default function ClubsOfMemberPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  return (
    <section className="ks-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "clubs.member_clubs.title" }, { username: loaderData.username })} />
      <ClubList clubs={loaderData.clubs} emptyId="clubs.member_clubs.empty" />
    </section>
  );
}
