import { data, redirect } from "react-router";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { generateLink } from "../../../platform/links/links.ts";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { FormSecurityFields } from "../../../platform/security/form-security-fields.tsx";
import { clubActionAllowed } from "../club-role.policy.ts";
import { clubCountryOptions, keptClubFields } from "../club-form.server.ts";
import { clubViewerOfUser, formErrorOf } from "../club-page-viewer.server.ts";
import { ClubProfileFields } from "../components/club-form-fields.tsx";
import { ClubAvatar, ClubFormError } from "../components/club-parts.tsx";
import type { Route } from "./+types/club-edit-page";
import "../components/clubs.css";

/**
 * /clubs/edit/{url}: the owner, admins and site staff (the policy's "edit")
 * change the club's name, description, country, how members join, its avatar
 * and background. The url slug is fixed (decision 0036). The form posts
 * multipart to /callback/club/edit/{id}, which decides again; a refusal comes
 * back here with the error and what was typed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const { clubs } = context.services;
  const club = await clubs.details(page.params.url ?? "");
  if (!club) throw data(null, { status: 404 });
  const here = generateLink("web_clubs_edit", { url: club.url }, { locale: page.pathLocale });
  const viewer = clubViewerOfUser(context.viewer);
  if (!viewer) throw redirect(generateLink("web_security_login_and_go", { redirectUrl: here }));
  const { standing } = await clubs.viewerState(club, viewer);
  if (!clubActionAllowed(viewer, "edit", standing, club)) throw data(null, { status: 403 });
  const kept = keptClubFields(request);
  return {
    here,
    error: formErrorOf(request),
    club: { id: club.id, url: club.url, name: club.name, avatarUrl: club.avatarUrl, backgroundUrl: club.backgroundUrl },
    values: { name: kept.name ?? club.name, description: kept.description ?? club.description, country: kept.country ?? club.countryCode, joinPolicy: kept.joinPolicy ?? club.joinPolicy },
    countries: clubCountryOptions(request),
  };
}

export default function ClubEditPage({ loaderData }: Route.ComponentProps) {
  const { club, values, countries, error, here } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  const clubPath = link("web_club", { url: club.url });
  return (
    <section className="ks-page ks-club-edit-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "clubs.edit.title" }, { club: club.name })}>
        <p>
          <a href={clubPath}>{intl.formatMessage({ id: "clubs.members.back" })}</a>
        </p>
      </PageHeader>
      <ClubFormError code={error} />
      <form method="post" action={`/callback/club/edit/${club.id}`} encType="multipart/form-data" className="ks-card ks-form ks-club-form" aria-labelledby="page-title">
        <FormSecurityFields />
        <input type="hidden" name="redirectUrl" value={here} />
        <ClubProfileFields
          values={values}
          countries={countries}
          idPrefix="edit-club"
          address={
            <p className="ks-field-hint" data-testid="club-fixed-address">
              {intl.formatMessage({ id: "clubs.edit.address_fixed" }, { address: clubPath })}
            </p>
          }
        />
        <div className="ks-club-edit-images">
          <figure>
            <ClubAvatar club={club} size={96} />
            <figcaption>{intl.formatMessage({ id: "clubs.edit.current_avatar" })}</figcaption>
          </figure>
          {club.backgroundUrl && (
            <figure>
              <img className="ks-club-background" src={club.backgroundUrl} alt="" referrerPolicy="no-referrer" />
              <figcaption>{intl.formatMessage({ id: "clubs.edit.current_background" })}</figcaption>
            </figure>
          )}
        </div>
        {club.backgroundUrl && (
          <label className="ks-checkbox">
            <input type="checkbox" name="removeBackground" value="1" />
            {intl.formatMessage({ id: "clubs.page.remove_background" })}
          </label>
        )}
        <button type="submit" className="ks-button ks-button-primary">
          {intl.formatMessage({ id: "clubs.edit.submit" })}
        </button>
      </form>
    </section>
  );
}
