import type { Route } from "./+types/activity-stats-page";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { statsMemberOf } from "./stats-loader.server.ts";

/**
 * /stats/puzzles/{username}/{days}: the member's page exists (the links to
 * it work), and says plainly that puzzles are not part of the site yet
 * (decision 0043: claim only what exists). The tournaments feature serves
 * /stats/tournaments/{username} itself.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { member } = await statsMemberOf(request, context.viewer, context.services.memberStats);
  return { username: member.username };
}

export default function ActivityStatsPage({ loaderData }: Route.ComponentProps) {
  const { username } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  return (
    <section className="ks-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "stats.puzzles_title" }, { username })}>
        <p><a href={link("web_stats", { username: username.toLowerCase() })}>{intl.formatMessage({ id: "stats.all_types" }, { username })}</a></p>
      </PageHeader>
      <div className="ks-empty-state" role="status" data-coming="puzzles">
        <p className="ks-empty-title">{intl.formatMessage({ id: "stats.puzzles_coming" })}</p>
      </div>
    </section>
  );
}
