/** What the leaderboard pages receive (spec 001 §3.1, §3.2): isomorphic types, no rows of any table. */

export interface LeaderboardUser {
  readonly username: string;
  readonly avatarUrl: string | null;
  readonly countryCode: string;
  readonly chessTitle: string | null;
  readonly membershipLevel: number;
  /** The flair the server decided the name shows (shownFlairCode), or the placeholder "nothing": hidden and lapsed flair never reach the page. */
  readonly flairCode: string;
}

/** A change over the trend window (spec 001 §3.1): its size and direction, 1 up, -1 down, 0 unchanged. */
export interface TrendChange {
  readonly delta: number;
  readonly direction: number;
}

/** One leader (spec 001 §3.1's leader entry, for players). */
export interface LeaderboardRow {
  readonly rank: number;
  readonly score: number;
  /** Rank and score change since the 90-day window's oldest snapshot; null when the member was not ranked then. */
  readonly trend: { readonly rank: TrendChange; readonly score: TrendChange } | null;
  readonly user: LeaderboardUser;
  readonly totalWinCount: number;
  readonly totalDrawCount: number;
  readonly totalLossCount: number;
  readonly totalGameCount: number;
}

/** The sidebar stats panel's figures (spec 001 §2.3, §3.2). */
export interface SidebarStats {
  readonly username: string;
  readonly avatarUrl: string | null;
  readonly rating: number;
  /** Null while the viewer's rating is provisional: they are not ranked yet. */
  readonly rank: number | null;
  readonly percentile: number | null;
  readonly playerCount: number;
  readonly best: number | null;
  readonly deviation: number;
  readonly winCount: number;
  readonly drawCount: number;
  readonly lossCount: number;
  /** Established players per band of DISTRIBUTION_BAND points, lowest first. */
  readonly distribution: readonly { readonly from: number; readonly players: number }[];
}

/** A count's share of a total, to one decimal (spec 001 §9), 0 when there is no total. */
export function percentOf(part: number, total: number): number {
  return total === 0 ? 0 : Math.round((part / total) * 1000) / 10;
}
