import { useIntl } from "../../../platform/i18n/intl.tsx";
import { redirect } from "react-router";
import { generateLink } from "../../../platform/links/links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { FormSecurityFields } from "../../../platform/security/form-security-fields.tsx";
import { clubActionAllowed } from "../club-role.policy.ts";
import { clubViewerOfUser, formErrorOf } from "../club-page-viewer.server.ts";
import { ClubFormError } from "../components/club-parts.tsx";
import type { Route } from "./+types/club-invite-page";
import "../components/clubs.css";

/**
 * /clubs/members/invite: invite a member into one of the viewer's clubs
 * (those the policy lets them invite into). The invited member is told by a
 * notification that arrives live, with a Join button.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePage(request);
  const viewer = clubViewerOfUser(context.viewer);
  const here = generateLink("web_clubs_members_invite");
  if (!viewer) throw redirect(generateLink("web_security_login_and_go", { redirectUrl: here }));
  const { clubs, clubAccess } = context.services;
  const mine = await clubs.clubsOf(viewer.id, 200);
  const standings = await Promise.all(mine.map(async (club) => ({ club, standing: await clubAccess.standingOf(club.id, viewer.id) })));
  const invitable = standings.filter(({ club, standing }) => clubActionAllowed(viewer, "invite", standing, club)).map(({ club }) => ({ id: club.id, url: club.url, name: club.name }));
  const url = new URL(request.url);
  return { clubs: invitable, selected: url.searchParams.get("club") ?? "", done: url.searchParams.get("done") === "1", error: formErrorOf(request), here };
}

export default function ClubInvitePage({ loaderData }: Route.ComponentProps) {
  const { clubs, selected, done, error, here } = loaderData;
  const intl = useIntl();
  return (
    <section className="ks-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "route.web_clubs_members_invite" })} />
      <ClubFormError code={error} />
      {done && <p role="status">{intl.formatMessage({ id: "clubs.done.invited" })}</p>}
      {clubs.length === 0 ? (
        <p className="ks-empty-state">{intl.formatMessage({ id: "clubs.invite.no_clubs" })}</p>
      ) : (
        <form method="post" action={`/callback/club/invite/${clubs.find((club) => club.url === selected)?.id ?? clubs[0]?.id ?? 0}`} className="ks-card ks-form ks-club-form">
          <FormSecurityFields />
          <input type="hidden" name="redirectUrl" value={`${here}?done=1`} />
          {clubs.length > 1 && (
            <p className="ks-field-hint">{intl.formatMessage({ id: "clubs.invite.pick_club" })}</p>
          )}
          <label className="ks-field">
            {intl.formatMessage({ id: "clubs.invite.club" })}
            <select name="club" defaultValue={selected}>
              {clubs.map((club) => (
                <option key={club.id} value={club.url}>
                  {club.name}
                </option>
              ))}
            </select>
          </label>
          <label className="ks-field">
            {intl.formatMessage({ id: "clubs.invite.username" })}
            <input name="username" required maxLength={25} pattern="[A-Za-z0-9_\-]{1,25}" autoComplete="off" />
          </label>
          <button type="submit" className="ks-button ks-button-primary">
            {intl.formatMessage({ id: "clubs.invite.submit" })}
          </button>
        </form>
      )}
    </section>
  );
}
