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
  /** Streaks (all time) and the window's figures from the member's games; null when no finished rated game of the type is found. */
  readonly figures: GameFigures | null;
}

/** A run of one outcome. */
export interface Streak {
  readonly outcome: "win" | "draw" | "loss";
  readonly length: number;
}

/**
 * What the member's games say (decision 0077): over the page's window the
 * games, the opponents' mean rating, the share lost on time and the mean time
 * a move took; over all time the best win streak, the longest losing streak
 * and the current run.
 */
export interface GameFigures {
  readonly windowGames: number;
  readonly averageOpponentRating: number | null;
  readonly timeouts: number;
  /** Timeouts out of the window's games, in percent (null: no game in the window). */
  readonly timeoutPercent: number | null;
  /** Asked for daily types only. */
  readonly secondsPerMove: number | null;
  readonly bestWinStreak: number;
  readonly longestLossStreak: number;
  readonly currentStreak: Streak;
}

/** One type over a window: the summary, the graph's points (ms, rating) and the window's extremes. */
export interface RatingStats {
  readonly summary: RatingSummary;
  readonly days: number;
  readonly points: readonly { readonly at: number; readonly rating: number }[];
  readonly highest: number | null;
  readonly lowest: number | null;
}
