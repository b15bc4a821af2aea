import type { Route } from "./+types/activity-stats-page";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { statsMemberOf } from "./stats-loader.server.ts";

/**
 * /stats/puzzles/{username}/{days} and /stats/tournaments/{username}: the
 * member's page exists (the links to it work), and says plainly that its
 * activity is not part of the site yet (decision 0043: claim only what exists).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { match, member } = await statsMemberOf(request, context.viewer, context.services.memberStats);
  return { username: member.username, activity: match.route.name === "web_stats_tournaments" ? ("tournaments" as const) : ("puzzles" as const) };
}

export default function ActivityStatsPage({ loaderData }: Route.ComponentProps) {
  const { username, activity } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: activity === "tournaments" ? "stats.tournaments_title" : "stats.puzzles_title" }, { username })}>
        <p><a href={link("web_stats", { username: username.toLowerCase() })}>{intl.formatMessage({ id: "stats.all_types" }, { username })}</a></p>
      </PageHeader>
      <div className="ks-empty-state" role="status" data-coming={activity}>
        <p className="ks-empty-title">{intl.formatMessage({ id: activity === "tournaments" ? "stats.tournaments_coming" : "stats.puzzles_coming" })}</p>
      </div>
    </section>
  );
}
