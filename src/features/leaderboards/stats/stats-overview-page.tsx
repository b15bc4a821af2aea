import type { Route } from "./+types/stats-overview-page";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { statsMemberOf } from "./stats-loader.server.ts";
import { RatingFacts, StreakFacts, useStatsTypeHref } from "./stats-parts.tsx";
import "../leaderboards.css";

/** /stats/{username}: every rating the member has, with rank, best, record and streaks, each leading to its own page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { member } = await statsMemberOf(request, context.viewer, context.services.memberStats);
  return { username: member.username, ratings: await context.services.memberStats.overview(member.id) };
}

export default function StatsOverviewPage({ loaderData }: Route.ComponentProps) {
  const { username, ratings } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  const typeHref = useStatsTypeHref();
  return (
    <section className="ks-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "stats.title" }, { username })} />
      {ratings.length === 0 ? (
        <div className="ks-empty-state" role="status">
          <p className="ks-empty-title">{intl.formatMessage({ id: "stats.none" }, { username })}</p>
        </div>
      ) : (
        <ul className="ks-stats-cards" role="list">
          {ratings.map((summary) => {
            const href = typeHref(summary.type, username);
            return (
              <li key={summary.type} className="ks-card ks-stats-card" data-rating-type={summary.type}>
                <h2>{href ? <a href={href}>{intl.formatMessage({ id: `stats.type.${summary.type}` })}</a> : intl.formatMessage({ id: `stats.type.${summary.type}` })}</h2>
                <RatingFacts summary={summary} compact />
                {summary.figures && <StreakFacts figures={summary.figures} compact />}
              </li>
            );
          })}
        </ul>
      )}
      <p>
        <a href={link("web_stats_tactics", { username: username.toLowerCase() })}>{intl.formatMessage({ id: "route.web_stats_tactics" })}</a>
        {" · "}
        <a href={link("web_stats_tournaments", { username: username.toLowerCase() })}>{intl.formatMessage({ id: "route.web_stats_tournaments" })}</a>
      </p>
    </section>
  );
}
