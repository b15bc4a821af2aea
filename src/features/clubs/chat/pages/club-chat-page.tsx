import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { data, redirect } from "react-router";
import { generateLink } from "../../../../platform/links/links.ts";
import { useLinks } from "../../../../platform/links/use-links.ts";
import { PageHeader } from "../../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../../platform/pages/page-loader.server.ts";
import { ClubChatRoom } from "../club-chat-room.tsx";
import type { Route } from "./+types/club-chat-page";

/**
 * /club/chat/{url}: the club's live chat room, for its members (and site
 * staff). The first page of the history is rendered on the server; the room
 * then follows the socket. Visitors are sent to sign in; members of other
 * clubs see why they may not come in (403), never the lines.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const locale = page.pathLocale;
  const url = page.params.url ?? "";
  const club = await context.services.clubChat.findClub(url);
  if (!club) throw data(null, { status: 404 });
  const viewer = context.viewer;
  const here = generateLink("web_club_chat", { url: club.url }, { locale });
  if (!viewer.isLoggedIn || viewer.id === null) throw redirect(generateLink("web_security_login_and_go", { redirectUrl: here }, { locale }));
  const history = await context.services.clubChat.history({ id: viewer.id, username: viewer.username, siteStaff: viewer.isModerator }, club.id);
  const clubInfo = { id: club.id, url: club.url, name: club.name };
  if (!history.ok) return data({ club: clubInfo, viewerId: viewer.id, history: null, refusal: history.error }, { status: 403 });
  return { club: clubInfo, viewerId: viewer.id, history: history.value, refusal: null };
}

export default function ClubChatPage({ loaderData }: Route.ComponentProps) {
  const { club, viewerId, history, refusal } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-page ks-club-chat-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "clubChat.page.title" }, { club: club.name })}>
        <p>
          <a href={link("web_club", { url: club.url })}>{intl.formatMessage({ id: "clubChat.back_to_club" })}</a>
        </p>
      </PageHeader>
      {history ? (
        <ClubChatRoom clubId={club.id} viewerId={viewerId} initial={history} />
      ) : (
        <p className="ks-club-chat__notice" role="status">
          {intl.formatMessage({ id: refusal === "removed_from_chat" ? "clubChat.error.removed_from_chat" : "clubChat.error.not_a_member" })}
        </p>
      )}
    </section>
  );
}
