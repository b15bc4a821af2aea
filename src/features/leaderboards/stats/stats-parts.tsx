import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import type { RatingType } from "../../ratings/rating-types.ts";
import { percentOf } from "../leaderboards.schema.ts";
import type { RatingSummary } from "./stats.schema.ts";

/** The page of a rating type, where the site has one (spec 000 §2): live standard speeds, daily chess and Chess960, bughouse. */
export function useStatsTypeHref(): (type: RatingType, username: string) => string | null {
  const link = useLinks();
  return (type, username) => {
    const name = username.toLowerCase();
    if (type === "bullet" || type === "blitz" || type === "rapid") return link("web_stats_live", { type, username: name });
    if (type === "daily") return link("web_stats_daily", { type: "chess", username: name });
    if (type === "daily960") return link("web_stats_daily", { type: "chess960", username: name });
    if (type === "livebug") return link("web_stats_bughouse", { username: name });
    return null;
  };
}

/** A rating's figures: current and best, rank and percentile, games won, drawn and lost with their shares (to one decimal). */
export function RatingFacts({ summary, compact = false, extra = [] }: { readonly summary: RatingSummary; readonly compact?: boolean; readonly extra?: readonly { readonly label: string; readonly value: string }[] }) {
  const intl = useIntl();
  const number = (value: number) => intl.formatNumber(value);
  const share = (count: number) => `${number(count)} (${intl.formatNumber(percentOf(count, summary.gameCount), { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%)`;
  const facts = [
    { label: intl.formatMessage({ id: "stats.current" }), value: number(summary.rating) + (summary.provisional ? "?" : "") },
    ...(summary.best !== null ? [{ label: intl.formatMessage({ id: "stats.best" }), value: number(summary.best) }] : []),
    ...extra,
    { label: intl.formatMessage({ id: "stats.rank" }), value: summary.rank === null ? intl.formatMessage({ id: "stats.unranked" }) : `#${number(summary.rank)}` },
    ...(summary.percentile !== null && !compact ? [{ label: intl.formatMessage({ id: "stats.percentile" }), value: intl.formatMessage({ id: "stats.percentile_value" }, { percent: `${intl.formatNumber(summary.percentile, { maximumFractionDigits: 1 })}%` }) }] : []),
    { label: intl.formatMessage({ id: "stats.games" }), value: number(summary.gameCount) },
    { label: intl.formatMessage({ id: "stats.won" }), value: share(summary.winCount) },
    { label: intl.formatMessage({ id: "stats.drawn" }), value: share(summary.drawCount) },
    { label: intl.formatMessage({ id: "stats.lost" }), value: share(summary.lossCount) },
  ];
  return (
    <dl className="ks-stats-facts">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
