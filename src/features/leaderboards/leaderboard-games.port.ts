/**
 * A member's figures over their finished rated games (decision 0077): the
 * stats pages' average opponent, timeouts, time per move and streaks. Read
 * from online play's games through the composition root
 * (src/app/leaderboards-sources.server.ts), so this feature imports neither
 * play nor its tables.
 */
import type { PortAccess } from "../../platform/composition/ports.ts";

export type GameStreakOutcome = "win" | "draw" | "loss";

/** One rating type's figures: window figures over the window asked, streaks over all time. */
export interface MemberGameFigures {
  readonly ratingType: string;
  readonly games: number;
  readonly averageOpponentRating: number | null;
  readonly timeouts: number;
  readonly bestWinStreak: number;
  readonly longestLossStreak: number;
  readonly currentStreak: { readonly outcome: GameStreakOutcome; readonly length: number };
  readonly secondsPerMove: number | null;
}

export interface LeaderboardGames {
  /** The member's figures per type they finished a rated game of; `since` null is all time; `timePerMove` also times their moves. */
  statsOf(memberId: number, query: { readonly ratingTypes: readonly string[]; readonly since: Date | null; readonly timePerMove: boolean }): Promise<readonly MemberGameFigures[]>;
}

declare module "../../platform/composition/ports.ts" {
  interface Ports {
    leaderboardGames: LeaderboardGames;
  }
}

export function leaderboardGamesThrough(ports: PortAccess): LeaderboardGames {
  return { statsOf: (memberId, query) => ports.get("leaderboardGames").statsOf(memberId, query) };
}
