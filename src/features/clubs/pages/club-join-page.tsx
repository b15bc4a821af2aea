import { useIntl } from "../../../platform/i18n/intl.tsx";
import { data } from "react-router";
import { generateLink } from "../../../platform/links/links.ts";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { clubViewerOfUser, formErrorOf } from "../club-page-viewer.server.ts";
import { ClubActionForm, ClubFormError } from "../components/club-parts.tsx";
import type { Route } from "./+types/club-join-page";
import "../components/clubs.css";

/**
 * /club/{url}/join/{secret} and /club/id/{id}/join/{secret}: the invitation
 * link. The page says at once whether the link still works (a regenerated
 * secret kills the old one); joining is a form post that checks it again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const { clubs, clubInvitations } = context.services;
  const club = await clubs.details(page.params.url ?? page.params.id ?? "");
  if (!club) throw data(null, { status: 404 });
  const secret = page.params.secret ?? "";
  const valid = await clubInvitations.secretMatches(club.id, secret);
  const viewer = clubViewerOfUser(context.viewer);
  const { standing } = await clubs.viewerState(club, viewer);
  const here = new URL(request.url).pathname;
  return { club: { id: club.id, url: club.url, name: club.name }, secret, valid, signedIn: viewer !== null, member: standing.member, here, error: formErrorOf(request), clubPath: generateLink("web_club", { url: club.url }) };
}

export default function ClubJoinPage({ loaderData }: Route.ComponentProps) {
  const { club, secret, valid, signedIn, member, here, error, clubPath } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "clubs.invitation.title" }, { club: club.name })} />
      <ClubFormError code={error} />
      {!valid ? (
        <p className="ks-form-error" role="alert" data-testid="club-invitation-invalid">
          {intl.formatMessage({ id: "clubs.error.invalid_secret" })}
        </p>
      ) : member ? (
        <p role="status">{intl.formatMessage({ id: "clubs.join.you_are_member" })}</p>
      ) : !signedIn ? (
        <a className="ks-button ks-button-primary" href={link("web_security_login_and_go", { redirectUrl: here })} data-account-modal="login">
          {intl.formatMessage({ id: "clubs.join.sign_in" })}
        </a>
      ) : (
        <ClubActionForm action={`/callback/club/join-with-secret/${club.id}`} back={clubPath} hidden={{ secret }} primary label={intl.formatMessage({ id: "clubs.invitation.accept" }, { club: club.name })} testId="club-accept-invitation" />
      )}
      <p>
        <a href={clubPath}>{intl.formatMessage({ id: "clubs.members.back" })}</a>
      </p>
    </section>
  );
}
