/**
 * Team matches' input schemas and DTOs (decision 0072). The server imports
 * the schemas; pages import only the types, so zod stays out of the browser.
 */
import { z } from "zod";
import { dailyDaysPerMove, liveTimeControl } from "../../chess/time-control.ts";

export const teamMatchKinds = ["daily", "live"] as const;
export type TeamMatchKind = (typeof teamMatchKinds)[number];
export const teamMatchRules = ["standard", "chess960"] as const;
export type TeamMatchRules = (typeof teamMatchRules)[number];

export const TEAM_MATCH_MAX_BOARDS = 500;
export const RATING_LIMIT_RANGE = { min: 100, max: 3000 } as const;
/** How far ahead a registration deadline or start may be set, in hours. */
export const STARTS_IN_HOURS = { min: 1, max: 24 * 30 } as const;

/** A plain form's "1"/"0"/"on" or JSON's boolean. */
const flag = z.union([z.boolean(), z.enum(["1", "0", "on", "true", "false"]).transform((value) => value === "1" || value === "on" || value === "true")]);
const optionalRating = z.preprocess((value) => (value === "" || value === null ? undefined : value), z.coerce.number().int().min(RATING_LIMIT_RANGE.min).max(RATING_LIMIT_RANGE.max).optional());

/** A challenge's terms, as the form or the JSON client sends them. */
export const challengeInputSchema = z
  .object({
    opponentClubId: z.coerce.number().int().positive().max(2_147_483_647),
    name: z.string().trim().max(80).optional(),
    kind: z.enum(teamMatchKinds),
    rules: z.enum(teamMatchRules).default("standard"),
    daysPerMove: z.coerce.number().int().optional(),
    baseMinutes: z.coerce.number().optional(),
    incrementSeconds: z.coerce.number().int().optional(),
    gamesPerBoard: z.coerce.number().int().optional(),
    rated: flag.default(true),
    maxBoards: z.coerce.number().int().min(1).max(TEAM_MATCH_MAX_BOARDS),
    minRating: optionalRating,
    maxRating: optionalRating,
    startsInHours: z.coerce.number().int().min(STARTS_IN_HOURS.min).max(STARTS_IN_HOURS.max),
    redirectUrl: z.string().max(500).optional(),
  })
  .refine((input) => input.kind !== "daily" || (dailyDaysPerMove as readonly number[]).includes(input.daysPerMove ?? 0), { path: ["daysPerMove"], message: "team_matches.error.time_control" })
  .refine((input) => input.kind !== "live" || liveTimeControl(input.baseMinutes ?? 0, input.incrementSeconds ?? 0).ok, { path: ["baseMinutes"], message: "team_matches.error.time_control" })
  .refine((input) => input.kind !== "live" || input.gamesPerBoard === undefined || input.gamesPerBoard === 1 || input.gamesPerBoard === 2, { path: ["gamesPerBoard"], message: "team_matches.error.games_per_board" })
  .refine((input) => input.minRating === undefined || input.maxRating === undefined || input.minRating <= input.maxRating, { path: ["maxRating"], message: "team_matches.error.rating_range" });
export type ChallengeInput = z.infer<typeof challengeInputSchema>;

/** A numeric path segment (spec 000 §5: digits only). */
export const digitsSchema = z.string().regex(/^\d{1,10}$/).transform(Number).pipe(z.number().int().positive().max(2_147_483_647));

export type ChallengeStatus = "pending" | "accepted" | "declined" | "deleted";
export type TeamMatchStatus = "registration" | "starting" | "in_progress" | "finished" | "cancelled";

export interface TeamMatchClubView {
  readonly id: number;
  readonly url: string;
  readonly name: string;
}

export interface TermsView {
  readonly kind: TeamMatchKind;
  readonly rules: TeamMatchRules;
  readonly daysPerMove: number | null;
  readonly baseSeconds: number | null;
  readonly incrementSeconds: number | null;
  readonly rated: boolean;
  readonly maxBoards: number;
  readonly gamesPerBoard: number;
  readonly minRating: number | null;
  readonly maxRating: number | null;
  readonly startsAt: string;
}

export interface ChallengeView {
  readonly id: number;
  readonly name: string;
  readonly challenger: TeamMatchClubView;
  readonly opponent: TeamMatchClubView;
  readonly terms: TermsView;
  readonly status: ChallengeStatus;
  readonly matchId: number | null;
  readonly createdAt: string;
  /** What the viewer may do with it. */
  readonly canAnswer: boolean;
  readonly canDelete: boolean;
}

export interface BoardGameView {
  readonly gameId: number | null;
  readonly aWhite: boolean;
  /** Side A's points (1, 0.5, 0), or null while the game is played. */
  readonly pointsA: number | null;
  readonly reason: string | null;
}

export interface BoardView {
  readonly board: number;
  readonly playerA: { readonly username: string; readonly rating: number | null } | null;
  readonly playerB: { readonly username: string; readonly rating: number | null } | null;
  readonly games: readonly BoardGameView[];
}

export interface PlayerView {
  readonly username: string;
  readonly rating: number;
  readonly side: "a" | "b";
}

export interface TeamMatchView {
  readonly id: number;
  readonly name: string;
  readonly clubA: TeamMatchClubView;
  readonly clubB: TeamMatchClubView;
  readonly terms: TermsView;
  readonly status: TeamMatchStatus;
  readonly scoreA: number;
  readonly scoreB: number;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  readonly players: readonly PlayerView[];
  readonly boards: readonly BoardView[];
}

/** The {type} of /callback/clubs/leaderboard/{type}/{id} (decision 0076): daily or live team matches, as the pages name them too. */
export function clubLeaderboardKindOf(type: string): TeamMatchKind | null {
  switch (type) {
    case "daily":
    case "team-match":
      return "daily";
    case "live":
    case "team-match-live":
      return "live";
    default:
      return null;
  }
}

/** One member on a club's team-match leaderboard (decision 0076). */
export interface ClubLeaderRow {
  readonly rank: number;
  readonly username: string;
  readonly avatarUrl: string | null;
  readonly countryCode: string;
  /** Match points scored for the club (1, ½, 0 per game). */
  readonly points: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly games: number;
  /** Wins per game, in percent with one decimal. */
  readonly winRate: number;
}

export interface ClubLeaderboardPage {
  readonly leaders: readonly ClubLeaderRow[];
  readonly page: number;
  readonly totalPages: number;
  readonly total: number;
}
