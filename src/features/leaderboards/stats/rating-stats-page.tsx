import { data } from "react-router";
import type { Route } from "./+types/rating-stats-page";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { PageHeader } from "../../../platform/pages/page-header.tsx";
import type { RatingType } from "../../ratings/rating-types.ts";
import { statsMemberOf } from "./stats-loader.server.ts";
import { RatingGraph } from "./rating-graph.tsx";
import { RatingFacts, StreakFacts, WindowFacts } from "./stats-parts.tsx";
import "../leaderboards.css";

/** Spec 000 §2: a stats window is 0 (all time), 7, 30, 90 or 365 days. */
const statsDays = [7, 30, 90, 365, 0] as const;

type TypePage = { readonly type: RatingType; readonly days: number; readonly route: { readonly name: "web_stats_live"; readonly type: "blitz" | "bullet" | "rapid" } | { readonly name: "web_stats_daily"; readonly type: "chess" | "chess960" } | { readonly name: "web_stats_bughouse" } };

/** The rating type and window of a stats page's route (its rules have already checked {type} and {days}). */
function typePageOf(name: string, params: Readonly<Record<string, string>>): TypePage {
  const days = Number(params.days ?? "0");
  const type = params.type;
  if (name === "web_stats_live" && (type === "blitz" || type === "bullet" || type === "rapid")) return { type, days, route: { name, type } };
  if (name === "web_stats_daily" && (type === "chess" || type === "chess960")) return { type: type === "chess" ? "daily" : "daily960", days, route: { name, type } };
  if (name === "web_stats_bughouse") return { type: "livebug", days: 0, route: { name } };
  throw data(null, { status: 404 });
}

/**
 * /stats/live/{type}/{username}/{days}, /stats/daily/{type}/{username}/{days}
 * and /stats/live/bughouse/{username}: one rating over a window — the graph,
 * current, best, the window's highest and lowest, rank and percentile, games
 * won, drawn and lost, the window's games, average opponent (and for daily
 * types time per move and timeouts), the streaks — or the empty state for a
 * type never played.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { match, member } = await statsMemberOf(request, context.viewer, context.services.memberStats);
  const page = typePageOf(match.route.name, match.params);
  return { username: member.username, page, stats: await context.services.memberStats.ratingStats(member.id, page.type, page.days) };
}

export default function RatingStatsPage({ loaderData }: Route.ComponentProps) {
  const { username, page, stats } = loaderData;
  const intl = useIntl();
  const link = useLinks();
  const typeName = intl.formatMessage({ id: `stats.type.${page.type}` });
  const name = username.toLowerCase();
  const { route } = page;
  const windowHref = (days: number) => (route.name === "web_stats_bughouse" ? link("web_stats_bughouse", { username: name }) : link(route.name, { type: route.type, username: name, days: String(days) }));
  const leaderboardHref = route.name === "web_stats_daily" ? link("web_leaderboard_daily", { type: route.type }) : link("web_leaderboard_live", { type: route.name === "web_stats_live" ? route.type : "bughouse" });
  return (
    <section className="ks-page" aria-labelledby="page-title">
      <PageHeader title={intl.formatMessage({ id: "stats.type_title" }, { username, type: typeName })}>
        <p>
          <a href={link("web_stats", { username: name })}>{intl.formatMessage({ id: "stats.all_types" }, { username })}</a>
          {" · "}
          <a href={leaderboardHref}>{intl.formatMessage({ id: "stats.leaderboard" })}</a>
        </p>
      </PageHeader>
      {route.name !== "web_stats_bughouse" && (
        <nav aria-label={intl.formatMessage({ id: "stats.period" })}>
          <ul className="ks-stats-days" role="list">
            {statsDays.map((days) => (
              <li key={days}>
                <a href={windowHref(days)} aria-current={days === page.days ? "page" : undefined}>{intl.formatMessage({ id: `stats.days.${days}` })}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {stats === null ? (
        <div className="ks-empty-state" role="status">
          <p className="ks-empty-title">{intl.formatMessage({ id: "stats.never_played" }, { username, type: typeName })}</p>
        </div>
      ) : (
        <>
          <h2 className="ks-visually-hidden">{intl.formatMessage({ id: "stats.graph" })}</h2>
          <RatingGraph points={stats.points} />
          <RatingFacts
            summary={stats.summary}
            extra={[
              ...(stats.highest !== null ? [{ label: intl.formatMessage({ id: "stats.highest" }), value: intl.formatNumber(stats.highest) }] : []),
              ...(stats.lowest !== null ? [{ label: intl.formatMessage({ id: "stats.lowest" }), value: intl.formatNumber(stats.lowest) }] : []),
            ]}
          />
          <h2 className="ks-stats-heading">{intl.formatMessage({ id: "stats.in_period" })}</h2>
          <WindowFacts figures={stats.summary.figures} daily={route.name === "web_stats_daily"} />
          {stats.summary.figures && (
            <>
              <h2 className="ks-stats-heading">{intl.formatMessage({ id: "stats.streaks" })}</h2>
              <StreakFacts figures={stats.summary.figures} />
            </>
          )}
        </>
      )}
    </section>
  );
}
