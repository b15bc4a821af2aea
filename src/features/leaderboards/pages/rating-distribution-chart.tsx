import { useIntl } from "../../../platform/i18n/intl.tsx";

/** Spec 001 §9: the graph runs to 5000, 130 px high, with an x tick every 500. */
export const DISTRIBUTION_MAX = 5000;
export const DISTRIBUTION_HEIGHT = 130;
export const DISTRIBUTION_TICK = 500;
const WIDTH = 260;
const AXIS = 16;

/**
 * The sidebar's rating distribution: established players per band as bars,
 * the viewer's rating as a marked line. Drawn as server-rendered SVG (no
 * chart code reaches the browser); the figures are also said in text for
 * screen readers.
 */
export function RatingDistributionChart({ bands, band, rating }: { readonly bands: readonly { readonly from: number; readonly players: number }[]; readonly band: number; readonly rating: number }) {
  const intl = useIntl();
  const most = Math.max(1, ...bands.map((entry) => entry.players));
  const players = bands.reduce((sum, entry) => sum + entry.players, 0);
  const x = (value: number) => (Math.min(Math.max(value, 0), DISTRIBUTION_MAX) / DISTRIBUTION_MAX) * WIDTH;
  const plot = DISTRIBUTION_HEIGHT - AXIS;
  const ticks = Array.from({ length: DISTRIBUTION_MAX / DISTRIBUTION_TICK + 1 }, (_, index) => index * DISTRIBUTION_TICK);
  return (
    <figure className="ks-distribution">
      <svg viewBox={`0 0 ${WIDTH} ${DISTRIBUTION_HEIGHT}`} width="100%" height={DISTRIBUTION_HEIGHT} role="img" aria-label={intl.formatMessage({ id: "leaderboards.sidebar.distribution_summary" }, { players, rating })}>
        {bands.map((entry) => {
          const height = (entry.players / most) * plot;
          return <rect key={entry.from} className="ks-distribution-bar" x={x(entry.from)} y={plot - height} width={Math.max(1, x(entry.from + band) - x(entry.from) - 0.5)} height={height} />;
        })}
        <line className="ks-distribution-axis" x1={0} x2={WIDTH} y1={plot} y2={plot} />
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="ks-distribution-axis" x1={x(tick)} x2={x(tick)} y1={plot} y2={plot + 3} />
            {tick % 1000 === 0 && <text className="ks-distribution-label" x={x(tick)} y={DISTRIBUTION_HEIGHT - 2} textAnchor={tick === 0 ? "start" : tick === DISTRIBUTION_MAX ? "end" : "middle"}>{tick}</text>}
          </g>
        ))}
        <line className="ks-distribution-you" x1={x(rating)} x2={x(rating)} y1={0} y2={plot} />
      </svg>
      <figcaption className="ks-visually-hidden">{intl.formatMessage({ id: "leaderboards.sidebar.distribution" })}</figcaption>
    </figure>
  );
}
