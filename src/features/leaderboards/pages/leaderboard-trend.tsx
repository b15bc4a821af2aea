import { useIntl } from "../../../platform/i18n/intl.tsx";
import type { TrendChange } from "../leaderboards.schema.ts";

/**
 * A change over the 90-day trend window with its direction arrow (spec 001
 * §2.2): places for the rank, points for the score. The arrow is drawn by
 * CSS colour and a glyph; the words are for screen readers (no title: the
 * column header says what the numbers are, and the page stays in its budget).
 */
export function TrendMark({ change, unit }: { readonly change: TrendChange; readonly unit: "places" | "points" }) {
  const intl = useIntl();
  const way = change.direction > 0 ? "up" : change.direction < 0 ? "down" : "same";
  const label = intl.formatMessage({ id: `leaderboards.trend.${unit}.${way}` }, { count: change.delta });
  return (
    <span className={`ks-leaderboard-delta ks-leaderboard-delta-${way}`} role="img" aria-label={label}>
      {way === "same" ? "–" : <>{way === "up" ? "▲" : "▼"}{intl.formatNumber(change.delta)}</>}
    </span>
  );
}
