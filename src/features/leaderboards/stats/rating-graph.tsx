import { useIntl } from "../../../platform/i18n/intl.tsx";

const WIDTH = 640;
const HEIGHT = 200;
const LEFT = 40;
const BOTTOM = 6;

/** Rounds a rating range out to whole fifties with some room, so that a flat line is not drawn on the frame. */
function ratingRange(ratings: readonly number[]): { low: number; high: number } {
  const low = Math.floor((Math.min(...ratings) - 25) / 50) * 50;
  const high = Math.ceil((Math.max(...ratings) + 25) / 50) * 50;
  return { low, high: high === low ? low + 50 : high };
}

/**
 * A member's rating after each rated game of the window, as a line over
 * time (server-rendered SVG: no chart code reaches the browser), with the
 * range's bounds and middle marked; its summary is said in text.
 */
export function RatingGraph({ points }: { readonly points: readonly { readonly at: number; readonly rating: number }[] }) {
  const intl = useIntl();
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return <p className="ks-muted">{intl.formatMessage({ id: "stats.graph_empty" })}</p>;
  const { low, high } = ratingRange(points.map((point) => point.rating));
  const span = Math.max(1, last.at - first.at);
  const x = (at: number) => (points.length === 1 ? LEFT + (WIDTH - LEFT) / 2 : LEFT + ((at - first.at) / span) * (WIDTH - LEFT - 4));
  const y = (rating: number) => 4 + (1 - (rating - low) / (high - low)) * (HEIGHT - BOTTOM - 8);
  const grid = [low, Math.round((low + high) / 2), high];
  const line = points.map((point) => `${x(point.at).toFixed(1)},${y(point.rating).toFixed(1)}`).join(" ");
  const date = (at: number) => intl.formatDate(new Date(at), { year: "numeric", month: "short", day: "numeric" });
  return (
    <figure className="ks-card ks-rating-graph">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={intl.formatMessage({ id: "stats.graph_summary" }, { count: points.length, first: first.rating, last: last.rating })}>
        {grid.map((rating) => (
          <g key={rating}>
            <line className="ks-rating-graph-grid" x1={LEFT} x2={WIDTH} y1={y(rating)} y2={y(rating)} />
            <text className="ks-rating-graph-label" x={LEFT - 4} y={y(rating) + 4} textAnchor="end">{rating}</text>
          </g>
        ))}
        {points.length === 1 ? <circle cx={x(first.at)} cy={y(first.rating)} r={4} className="ks-rating-graph-line" /> : <polyline className="ks-rating-graph-line" points={line} />}
      </svg>
      <figcaption className="ks-muted">{`${date(first.at)} – ${date(last.at)}`}</figcaption>
    </figure>
  );
}
