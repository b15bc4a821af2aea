import { FormattedMessage, useIntl } from "../../../platform/i18n/intl.tsx";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { MemberName } from "../../social/card/member-name.tsx";
import type { MemberSummary } from "../members.schema.ts";
import type { Landing } from "./landing.server.ts";

/** The landing page: what a visitor sees at / and /home. */
export function LandingPage({ landing }: { landing: Landing }) {
  const { counts, newest, titled, coming } = landing;
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-page ks-home" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "home.title" })}>
        <p className="ks-lead">{intl.formatMessage({ id: "home.lead" })}</p>
        <div className="ks-actions">
          <a className="ks-button ks-button-primary ks-button-large" href={link("web_play_new")}>{intl.formatMessage({ id: "home.play_now" })}</a>
          <a className="ks-button ks-button-large" href={link("web_clubs")}>{intl.formatMessage({ id: "home.find_club" })}</a>
        </div>
      </PageHeader>
      <ul className="ks-stat-tiles" role="list" aria-label={intl.formatMessage({ id: "home.counts_label" })}>
        <li><strong>{intl.formatNumber(counts.members)}</strong> <FormattedMessage id="home.count_members" values={{ count: counts.members }} /></li>
        <li><strong>{intl.formatNumber(counts.countries)}</strong> <FormattedMessage id="home.count_countries" values={{ count: counts.countries }} /></li>
        <li><strong>{intl.formatNumber(counts.titledPlayers)}</strong> <FormattedMessage id="home.count_titled" values={{ count: counts.titledPlayers }} /></li>
      </ul>
      <div className="ks-columns">
        <MemberListCard id="newest-members" title={intl.formatMessage({ id: "home.newest_members" })} empty={intl.formatMessage({ id: "home.no_members" })} members={newest} />
        <MemberListCard id="titled-players" title={intl.formatMessage({ id: "home.titled_players" })} empty={intl.formatMessage({ id: "home.no_titled" })} members={titled} />
      </div>
      {coming.length > 0 && (
        <section className="ks-card" aria-labelledby="coming-features" data-coming="">
          <h2 id="coming-features">{intl.formatMessage({ id: "home.coming_title" })}</h2>
          <p className="ks-muted">{intl.formatMessage({ id: "home.coming_text" })}</p>
          <ul>
            {coming.map((feature) => (
              <li key={feature}>{intl.formatMessage({ id: `coming.name.${feature}` })}</li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

function MemberListCard({ id, title, empty, members }: { id: string; title: string; empty: string; members: readonly MemberSummary[] }) {
  return (
    <section className="ks-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {members.length === 0 ? (
        <p className="ks-muted">{empty}</p>
      ) : (
        <ul className="ks-member-list" role="list">
          {members.map((member) => (
            <li key={member.username}>
              <MemberName member={member} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
