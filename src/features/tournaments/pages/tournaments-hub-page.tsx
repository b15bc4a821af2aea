import type { Route } from "./+types/tournaments-hub-page";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import { ArenaCardList } from "./arena-card-list.tsx";
import "../tournaments.css";

/** /tournaments: what starts soon, what runs now, what finished lately (issue 26 item 7). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePage(request);
  return { ...(await context.services.arenaViews.hub()), canCreate: context.viewer.isMember };
}

export default function TournamentsHubPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const link = useLinks();
  const { upcoming, running, finished, canCreate } = loaderData;
  return (
    <section className="ks-page ks-tournaments" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "tournaments.hub.title" })}>
        {canCreate && (
          <p>
            <a className="ks-button ks-button-primary" href={link("web_play_create_tournament", {})}>
              {intl.formatMessage({ id: "tournaments.hub.create" })}
            </a>
          </p>
        )}
      </PageHeader>
      <section aria-labelledby="arenas-running">
        <h2 id="arenas-running">{intl.formatMessage({ id: "tournaments.hub.running" })}</h2>
        <ArenaCardList arenas={running} emptyMessageId="tournaments.hub.none_running" timeOf="endsAt" />
      </section>
      <section aria-labelledby="arenas-upcoming">
        <h2 id="arenas-upcoming">{intl.formatMessage({ id: "tournaments.hub.upcoming" })}</h2>
        <ArenaCardList arenas={upcoming} emptyMessageId="tournaments.hub.none_upcoming" timeOf="startsAt" />
      </section>
      <section aria-labelledby="arenas-finished">
        <h2 id="arenas-finished">{intl.formatMessage({ id: "tournaments.hub.finished" })}</h2>
        <ArenaCardList arenas={finished} emptyMessageId="tournaments.hub.none_finished" timeOf="endsAt" />
      </section>
    </section>
  );
}
