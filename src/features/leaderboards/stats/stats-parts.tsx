import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import type { RatingType } from "../../ratings/rating-types.ts";
import { percentOf } from "../leaderboards.schema.ts";
import type { GameFigures, RatingSummary, Streak } from "./stats.schema.ts";

type Formatter = ReturnType<typeof useIntl>;
type Fact = { readonly label: string; readonly value: string };

/** Figures as a description list (the stats pages' one look). */
function Facts({ facts }: { readonly facts: readonly Fact[] }) {
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

/** A run of results: "3 wins", "1 loss", "2 draws". */
function streakText(intl: Formatter, streak: Streak): string {
  return intl.formatMessage({ id: `stats.streak.${streak.outcome}` }, { count: streak.length });
}

const durationUnits = [
  { unit: "day", seconds: 86_400 },
  { unit: "hour", seconds: 3_600 },
  { unit: "minute", seconds: 60 },
  { unit: "second", seconds: 1 },
] as const;

/** A duration in its two largest units, each in the locale's words ("5 hr 12 min", "2 days 3 hr", "40 sec"). */
export function durationText(intl: Formatter, seconds: number): string {
  let rest = Math.max(0, Math.round(seconds));
  const parts: string[] = [];
  for (const { unit, seconds: size } of durationUnits) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || (parts.length === 0 && unit === "second")) parts.push(intl.formatNumber(count, { style: "unit", unit, unitDisplay: "short" }));
    if (parts.length > 0 && (parts.length === 2 || count === 0)) break;
  }
  return parts.join(" ");
}

/** Best win streak, longest losing streak and the current run (all time). */
export function StreakFacts({ figures, compact = false }: { readonly figures: GameFigures; readonly compact?: boolean }) {
  const intl = useIntl();
  const facts: Fact[] = [
    { label: intl.formatMessage({ id: "stats.best_win_streak" }), value: intl.formatNumber(figures.bestWinStreak) },
    ...(compact ? [] : [{ label: intl.formatMessage({ id: "stats.longest_loss_streak" }), value: intl.formatNumber(figures.longestLossStreak) }]),
    { label: intl.formatMessage({ id: "stats.current_streak" }), value: streakText(intl, figures.currentStreak) },
  ];
  return <Facts facts={facts} />;
}

/**
 * The window's figures from the member's games: rated games, the opponents'
 * mean rating, and for daily types the share lost on time (to one decimal)
 * and the mean time per move. A window without games says so.
 */
export function WindowFacts({ figures, daily }: { readonly figures: GameFigures | null; readonly daily: boolean }) {
  const intl = useIntl();
  if (!figures || figures.windowGames === 0) return <p className="ks-muted" role="status">{intl.formatMessage({ id: "stats.window_empty" })}</p>;
  const facts: Fact[] = [
    { label: intl.formatMessage({ id: "stats.window_games" }), value: intl.formatNumber(figures.windowGames) },
    ...(figures.averageOpponentRating !== null ? [{ label: intl.formatMessage({ id: "stats.average_opponent" }), value: intl.formatNumber(Math.round(figures.averageOpponentRating)) }] : []),
    ...(daily && figures.secondsPerMove !== null ? [{ label: intl.formatMessage({ id: "stats.time_per_move" }), value: durationText(intl, figures.secondsPerMove) }] : []),
    ...(daily && figures.timeoutPercent !== null ? [{ label: intl.formatMessage({ id: "stats.timeouts" }), value: `${intl.formatNumber(figures.timeoutPercent, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%` }] : []),
  ];
  return <Facts facts={facts} />;
}

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
  return <Facts facts={facts} />;
}
