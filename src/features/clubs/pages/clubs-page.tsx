import { useIntl } from "../../../platform/i18n/intl.tsx";
import { generateLink } from "../../../platform/links/links.ts";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { FormSecurityFields } from "../../../platform/security/form-security-fields.tsx";
import { clubViewerOfUser, formErrorOf } from "../club-page-viewer.server.ts";
import { CLUB_DESCRIPTION_MAX, CLUB_NAME_MAX, CLUB_NAME_MIN, CLUB_URL_HTML_PATTERN, CLUB_URL_MAX } from "../clubs.constants.ts";
import { ClubList, type ClubListItem } from "../components/club-parts.tsx";
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
  const url = new URL(request.url);
  return {
    signedIn: viewer !== null,
    canCreate: viewer !== null && context.viewer.isMember,
    here: generateLink("web_clubs"),
    error: formErrorOf(request),
    kept: { name: url.searchParams.get("name")?.slice(0, CLUB_NAME_MAX) ?? "", url: url.searchParams.get("url")?.slice(0, CLUB_URL_MAX) ?? "" },
    mine: mine.map(listItem),
    suggested: suggested.map(listItem),
    recent: recent.map(listItem),
  };
}

export default function ClubsPage({ loaderData }: Route.ComponentProps) {
  const { signedIn, canCreate, mine, suggested, recent, error, kept, here } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-page ks-clubs-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "route.web_clubs" })}>
        <p>
          <a href={link("web_clubs_find")}>{intl.formatMessage({ id: "clubs.home.find" })}</a>
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
        <section className="ks-club-section" aria-labelledby="create-club-title" id="create-club">
          <h2 id="create-club-title">{intl.formatMessage({ id: "clubs.create.title" })}</h2>
          {error && (
            <p className="ks-form-error" role="alert">
              {intl.formatMessage({ id: `clubs.create.error.${error}`, defaultMessage: intl.formatMessage({ id: "clubs.error.unknown" }) })}
            </p>
          )}
          <form method="post" action="/callback/clubs/create" className="ks-club-form" aria-labelledby="create-club-title">
            <FormSecurityFields />
            <input type="hidden" name="redirectUrl" value={here} />
            <label>
              {intl.formatMessage({ id: "clubs.create.name" })}
              <input name="name" required minLength={CLUB_NAME_MIN} maxLength={CLUB_NAME_MAX} defaultValue={kept.name} />
            </label>
            <label>
              {intl.formatMessage({ id: "clubs.create.url" })}
              <input name="url" required pattern={CLUB_URL_HTML_PATTERN} maxLength={CLUB_URL_MAX} defaultValue={kept.url} aria-describedby="club-url-hint" />
              <span id="club-url-hint" className="ks-club-list-facts">
                {intl.formatMessage({ id: "clubs.create.url_hint" })}
              </span>
            </label>
            <label>
              {intl.formatMessage({ id: "clubs.create.description" })}
              <textarea name="description" rows={4} maxLength={CLUB_DESCRIPTION_MAX} />
            </label>
            <label>
              {intl.formatMessage({ id: "clubs.create.country" })}
              <input name="country" maxLength={2} placeholder="XX" />
            </label>
            <label>
              {intl.formatMessage({ id: "clubs.create.avatar" })}
              <input name="avatarUrl" type="url" maxLength={500} />
            </label>
            <label>
              {intl.formatMessage({ id: "clubs.create.background" })}
              <input name="backgroundUrl" type="url" maxLength={500} />
            </label>
            <label>
              {intl.formatMessage({ id: "clubs.create.join_policy" })}
              <select name="joinPolicy" defaultValue="open">
                <option value="open">{intl.formatMessage({ id: "clubs.join_policy.open" })}</option>
                <option value="approval">{intl.formatMessage({ id: "clubs.join_policy.approval" })}</option>
                <option value="invite">{intl.formatMessage({ id: "clubs.join_policy.invite" })}</option>
              </select>
            </label>
            <button type="submit" className="ks-button ks-button-primary">
              {intl.formatMessage({ id: "clubs.create.submit" })}
            </button>
          </form>
        </section>
      )}
    </section>
  );
}
