import { useIntl } from "../../../platform/i18n/intl.tsx";
import { generateLink } from "../../../platform/links/links.ts";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { FormSecurityFields } from "../../../platform/security/form-security-fields.tsx";
import { clubViewerOfUser, formErrorOf } from "../club-page-viewer.server.ts";
import { CLUB_URL_HTML_PATTERN, CLUB_URL_MAX } from "../clubs.constants.ts";
import { clubCountryOptions, keptClubFields } from "../club-form.server.ts";
import { ClubFormError, ClubList, type ClubListItem } from "../components/club-parts.tsx";
import { ClubProfileFields } from "../components/club-form-fields.tsx";
import type { Route } from "./+types/clubs-page";
import "../components/clubs.css";

const listItem = (club: ClubListItem): ClubListItem => ({ id: club.id, url: club.url, name: club.name, avatarUrl: club.avatarUrl, countryCode: club.countryCode, memberCount: club.memberCount, joinPolicy: club.joinPolicy });

/**
 * /clubs: the member's clubs, suggested clubs, recently active clubs, and
 * the form to create a club (any basic or higher member).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePage(request);
  const { clubs } = context.services;
  const viewer = clubViewerOfUser(context.viewer);
  const [mine, suggested, recent] = await Promise.all([viewer ? clubs.clubsOf(viewer.id, 50) : Promise.resolve([]), clubs.suggestedFor(viewer?.id ?? null, 10), clubs.recentlyActive(10)]);
  const kept = keptClubFields(request);
  return {
    signedIn: viewer !== null,
    canCreate: viewer !== null && context.viewer.isMember,
    here: generateLink("web_clubs"),
    error: formErrorOf(request),
    kept: { name: kept.name ?? "", description: kept.description ?? "", country: kept.country ?? "XX", joinPolicy: kept.joinPolicy ?? "open" },
    keptUrl: kept.url ?? "",
    // Only the form needs the country names (a few KB): none for a visitor who cannot create.
    countries: viewer !== null && context.viewer.isMember ? clubCountryOptions(request) : [],
    mine: mine.map(listItem),
    suggested: suggested.map(listItem),
    recent: recent.map(listItem),
  };
}

export default function ClubsPage({ loaderData }: Route.ComponentProps) {
  const { signedIn, canCreate, mine, suggested, recent, error, kept, keptUrl, countries, here } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-page ks-clubs-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "route.web_clubs" })}>
        <p className="ks-actions">
          <a className="ks-button" href={link("web_clubs_find")}>{intl.formatMessage({ id: "clubs.home.find" })}</a>
          {canCreate && (
            <a className="ks-button ks-button-primary" href="#create-club">
              {intl.formatMessage({ id: "clubs.create.title" })}
            </a>
          )}
        </p>
      </PageHeader>
      {signedIn && (
        <section className="ks-club-section" aria-labelledby="my-clubs">
          <h2 id="my-clubs">{intl.formatMessage({ id: "clubs.home.mine" })}</h2>
          <ClubList clubs={mine} emptyId="clubs.home.mine_empty" labelledBy="my-clubs" />
        </section>
      )}
      <section className="ks-club-section" aria-labelledby="suggested-clubs">
        <h2 id="suggested-clubs">{intl.formatMessage({ id: "clubs.home.suggested" })}</h2>
        <ClubList clubs={suggested} emptyId="clubs.home.none" labelledBy="suggested-clubs" />
      </section>
      <section className="ks-club-section" aria-labelledby="recent-clubs">
        <h2 id="recent-clubs">{intl.formatMessage({ id: "clubs.home.recent" })}</h2>
        <ClubList clubs={recent} emptyId="clubs.home.none" labelledBy="recent-clubs" />
      </section>
      {canCreate && (
        <section className="ks-card ks-club-section" aria-labelledby="create-club-title" id="create-club">
          <h2 id="create-club-title">{intl.formatMessage({ id: "clubs.create.title" })}</h2>
          <ClubFormError code={error} />
          <form method="post" action="/callback/clubs/create" encType="multipart/form-data" className="ks-form ks-club-form" aria-labelledby="create-club-title">
            <FormSecurityFields />
            <input type="hidden" name="redirectUrl" value={here} />
            <ClubProfileFields
              values={kept}
              countries={countries}
              idPrefix="create-club"
              address={
                <label className="ks-field">
                  {intl.formatMessage({ id: "clubs.create.url" })}
                  <input name="url" required pattern={CLUB_URL_HTML_PATTERN} maxLength={CLUB_URL_MAX} defaultValue={keptUrl} aria-describedby="club-url-hint" />
                  <span id="club-url-hint" className="ks-field-hint">
                    {intl.formatMessage({ id: "clubs.create.url_hint" })}
                  </span>
                </label>
              }
            />
            <button type="submit" className="ks-button ks-button-primary">
              {intl.formatMessage({ id: "clubs.create.submit" })}
            </button>
          </form>
        </section>
      )}
    </section>
  );
}
