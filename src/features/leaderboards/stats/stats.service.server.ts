/**
 * The stats pages' read side (decision 0056): a member's ratings with their
 * standing, and one rating type over a window (the graph, current, best and
 * lowest, won/drawn/lost, rank and percentile), with what the member's games
 * say (decision 0077: average opponent, timeouts, time per move, streaks).
 * Read from the ratings service, play's games (the leaderboardGames port)
 * and the accounts feature's directory; ranks are the rank table's
 * (decision 0066), which leaves closed accounts out.
 */
import type { MemberDirectory, PublicMember } from "../../accounts/member-directory.service.server.ts";
import { provisionalDeviation } from "../../ratings/glicko2.ts";
import type { RatingType } from "../../ratings/rating-types.ts";
import type { RatingRecordView } from "../../ratings/ratings.service.server.ts";
import { ratingTypeCatalogue } from "../../ratings/rating-types.ts";
import type { LeaderboardGames, MemberGameFigures } from "../leaderboard-games.port.ts";
import type { LeaderboardRatings } from "../leaderboard-ratings.port.ts";
import type { GameFigures, RatingStats, RatingSummary } from "./stats.schema.ts";

export type StatsSources = {
  readonly ratings: Pick<LeaderboardRatings, "ratingsOf" | "standingOf" | "ratingHistory" | "recordsOf">;
  readonly directory: Pick<MemberDirectory, "memberByUsername">;
  readonly games: LeaderboardGames;
};

function figuresOf(found: MemberGameFigures): GameFigures {
  return {
    windowGames: found.games,
    averageOpponentRating: found.averageOpponentRating,
    timeouts: found.timeouts,
    timeoutPercent: found.games === 0 ? null : (found.timeouts / found.games) * 100,
    secondsPerMove: found.secondsPerMove,
    bestWinStreak: found.bestWinStreak,
    longestLossStreak: found.longestLossStreak,
    currentStreak: found.currentStreak,
  };
}

const DAY_MS = 86_400_000;

export function createStatsService(sources: StatsSources, now: () => number = Date.now) {
  async function summaryOf(memberId: number, type: RatingType, figures: GameFigures | null = null): Promise<RatingSummary | null> {
    const standing = await sources.ratings.standingOf(memberId, type);
    if (!standing) return null;
    return {
      type,
      rating: standing.rating,
      best: standing.best,
      provisional: standing.deviation > provisionalDeviation,
      rank: standing.rank,
      percentile: standing.percentile,
      playerCount: standing.players,
      winCount: standing.wins,
      drawCount: standing.draws,
      lossCount: standing.losses,
      gameCount: standing.games,
      figures,
    };
  }

  return {
    memberByUsername: (username: string): Promise<PublicMember | null> => sources.directory.memberByUsername(username),

    /** A member's record in every type they played (the public stats API); null for an unknown member. */
    async recordsByUsername(username: string): Promise<{ readonly member: PublicMember; readonly records: readonly RatingRecordView[] } | null> {
      const member = await sources.directory.memberByUsername(username);
      if (!member) return null;
      return { member, records: await sources.ratings.recordsOf(member.id) };
    },

    /** Every rating type the member has played, most played first, each with its standing. */
    async overview(memberId: number): Promise<RatingSummary[]> {
      const ratings = await sources.ratings.ratingsOf(memberId);
      // One read for every type's streaks and all-time figures.
      const found = await sources.games.statsOf(memberId, { ratingTypes: ratings.map((rating) => rating.type), since: null, timePerMove: false });
      const byType = new Map(found.map((entry) => [entry.ratingType, figuresOf(entry)]));
      const summaries = await Promise.all(ratings.map((rating) => summaryOf(memberId, rating.type, byType.get(rating.type) ?? null)));
      return summaries.flatMap((summary) => summary ?? []);
    },

    /** One type over the last `days` days (0: all time); null when the member never played it. */
    async ratingStats(memberId: number, type: RatingType, days: number): Promise<RatingStats | null> {
      const since = days === 0 ? undefined : new Date(now() - days * DAY_MS);
      // Time per move is a daily type's figure (a live move's time is the clock's, shown in each game).
      const [found] = await sources.games.statsOf(memberId, { ratingTypes: [type], since: since ?? null, timePerMove: ratingTypeCatalogue[type].mode === "daily" });
      const summary = await summaryOf(memberId, type, found ? figuresOf(found) : null);
      if (!summary) return null;
      const history = await sources.ratings.ratingHistory(memberId, type, since);
      const ratingsInWindow = history.map((point) => point.rating);
      return {
        summary,
        days,
        points: history.map((point) => ({ at: point.at.getTime(), rating: point.rating })),
        highest: ratingsInWindow.length === 0 ? null : Math.max(...ratingsInWindow),
        lowest: ratingsInWindow.length === 0 ? null : Math.min(...ratingsInWindow),
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
