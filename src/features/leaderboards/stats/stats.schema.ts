/** What the stats pages receive: isomorphic types. */
import type { RatingType } from "../../ratings/rating-types.ts";

/** A member's rating of one type with its standing among established players. */
export interface RatingSummary {
  readonly type: RatingType;
  readonly rating: number;
  readonly best: number | null;
  /** Too few games to be ranked yet. */
  readonly provisional: boolean;
  readonly rank: number | null;
  readonly percentile: number | null;
  readonly playerCount: number;
  readonly winCount: number;
  readonly drawCount: number;
  readonly lossCount: number;
  readonly gameCount: number;
}

/** One type over a window: the summary, the graph's points (ms, rating) and the window's extremes. */
export interface RatingStats {
  readonly summary: RatingSummary;
  readonly days: number;
  readonly points: readonly { readonly at: number; readonly rating: number }[];
  readonly highest: number | null;
  readonly lowest: number | null;
}
