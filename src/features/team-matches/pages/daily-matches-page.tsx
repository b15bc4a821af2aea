import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import { requirePage } from "../../../platform/pages/page-loader.server.ts";
import type { TeamMatchStatus } from "../team-matches.schema.ts";
import "../team-matches.css";
import type { Route } from "./+types/daily-matches-page";

/** How many matches the list shows, newest first. */
const SHOWN = 50;

const statusesOf: Readonly<Record<"current" | "finished", readonly TeamMatchStatus[]>> = {
  current: ["registration", "starting", "in_progress"],
  finished: ["finished"],
};

/** /clubs/matches/daily/{status} (spec 000 §2): every club's daily team matches, current (registering or played) or finished. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requirePage(request);
  const status = page.params.status === "finished" ? "finished" : "current";
  const { matches, total } = await context.services.teamMatches.matchesOfClub(null, { statuses: statusesOf[status], kinds: ["daily"], limit: SHOWN, newestFirst: true });
  return {
    status,
    total,
    matches: matches.map((match) => ({ id: match.id, name: match.name, status: match.status, scoreA: match.scoreA2 / 2, scoreB: match.scoreB2 / 2, startsAt: match.startsAt.toISOString() })),
  };
}

export default function DailyMatchesPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const link = useLinks();
  const { status, matches, total } = loaderData;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const points = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 1 });
  return (
    <section className="ks-page ks-team-matches" aria-labelledby="page-title">
      <PageHeader title={t("route.web_clubs_matches_daily")} />
      <nav className="ks-team-matches__tabs" aria-label={t("team_matches.daily.lists")}>
        <a href={link("web_clubs_matches_daily", { status: "current" })} aria-current={status === "current" ? "page" : undefined}>
          {t("team_matches.daily.current")}
        </a>
        <a href={link("web_clubs_matches_daily", { status: "finished" })} aria-current={status === "finished" ? "page" : undefined}>
          {t("team_matches.daily.finished")}
        </a>
      </nav>
      {matches.length === 0 ? (
        <p className="ks-muted">{t("team_matches.daily.none")}</p>
      ) : (
        <>
          <p className="ks-muted">{t("team_matches.daily.count", { shown: matches.length, total })}</p>
          <ul className="ks-team-matches__list" data-testid="daily-matches">
            {matches.map((match) => (
              <li key={match.id}>
                <a href={link("web_club_match", { match: String(match.id) })}>{match.name}</a> · {t(`team_matches.match.status.${match.status}`)} · {points(match.scoreA)} – {points(match.scoreB)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
