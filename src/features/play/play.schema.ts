/**
 * Online play's schemas and DTOs. The server and tests import the schemas;
 * the browser imports only the types (`import type`), and the form choices
 * from play.constants.ts, so zod stays out of its bundle (decision 0028).
 */
import { z } from "zod";
import { dailyDaysPerMove, liveTimeControl } from "../../chess/time-control.ts";
import { colorChoices, playableRules, type PlayRulesId } from "./play.constants.ts";

/** A live control as the chess module accepts it: ½ or 1–180 minutes, 0–60 seconds of increment. */
export const liveControlSchema = z
  .strictObject({ kind: z.literal("live"), baseSeconds: z.int(), incrementSeconds: z.int() })
  .refine((control) => liveTimeControl(control.baseSeconds / 60, control.incrementSeconds).ok, { message: "play.error.time_control" });

export const dailyControlSchema = z.strictObject({
  kind: z.literal("daily"),
  daysPerMove: z.union(dailyDaysPerMove.map((days) => z.literal(days))),
});

export const timeControlSchema = z.union([liveControlSchema, dailyControlSchema]);
export type TimeControlInput = z.infer<typeof timeControlSchema>;

/** What a seek or a challenge asks for. */
export const gameTermsSchema = z.strictObject({
  rules: z.enum(playableRules),
  control: timeControlSchema,
  rated: z.boolean(),
  color: z.enum(colorChoices),
});
export type GameTerms = z.infer<typeof gameTermsSchema>;

export const challengeInputSchema = z.strictObject({
  opponent: z.string().min(1).max(25),
  terms: gameTermsSchema,
});
export type ChallengeInput = z.infer<typeof challengeInputSchema>;

export const challengeStatuses = ["open", "accepted", "declined", "cancelled", "expired"] as const;
export type ChallengeStatus = (typeof challengeStatuses)[number];

/** A challenge as either of its two members sees it. */
export interface ChallengeView {
  readonly id: number;
  readonly challenger: string;
  readonly challenged: string;
  readonly terms: GameTerms;
  readonly status: ChallengeStatus;
  readonly gameId: number | null;
  readonly createdAt: string;
  readonly expiresAt: string;
}

/** A seek: the terms, and optionally the range of opponents' ratings around the seeker's own (e.g. -200..+200). */
export const seekInputSchema = z.strictObject({
  terms: gameTermsSchema,
  ratingRange: z
    .strictObject({ below: z.int().min(-1000).max(0), above: z.int().min(0).max(1000) })
    .optional(),
});
export type SeekInput = z.infer<typeof seekInputSchema>;

/** A seek in the lobby. */
export interface SeekView {
  readonly id: number;
  readonly username: string;
  readonly terms: GameTerms;
  readonly rating: number;
  readonly ratingMin: number | null;
  readonly ratingMax: number | null;
}

export const gameMoveInputSchema = z.strictObject({
  gameId: z.int().positive(),
  /** The ply the move is made at (0 for white's first move): a retried move is applied once. */
  ply: z.int().min(0).max(10_000),
  /** A move (e2e4, e7e8q) or a drop from a pocket (P@e4). */
  uci: z.string().regex(/^(?:[a-h][1-8][a-h][1-8][qrbn]?|[PNBRQ]@[a-h][1-8])$/),
});
export type GameMoveInput = z.infer<typeof gameMoveInputSchema>;

export interface ClocksView {
  readonly white: number;
  readonly black: number;
  /** The side whose clock runs, or null before both have moved and after the end. */
  readonly running: "white" | "black" | null;
  /**
   * Set while the running clock is held (the grace after a restart, decision 0059):
   * the server starts charging it this many milliseconds from now, and the page
   * keeps it still until then.
   */
  readonly startsInMs?: number;
}

export interface GameEnding {
  readonly result: "1-0" | "0-1" | "1/2-1/2" | "*";
  readonly reason: string;
  readonly ratingDiffs: { readonly white: number; readonly black: number } | null;
}

/** One move, as the players and spectators receive it. */
/** A board a move changed, in a game of several boards: the board moved on, or the partner's whose pocket it filled. */
export interface BoardChangeView {
  readonly board: number;
  /** The board's own version, bumped by every change of its position. */
  readonly version: number;
  readonly ply: number;
  readonly fen: string;
}

export interface GameMoveEvent {
  /** The game's version, one step for the move and every board it changed. */
  readonly version: number;
  /** The moved board's ply, uci, san, FEN and clocks. */
  readonly ply: number;
  readonly uci: string;
  readonly san: string;
  readonly fen: string;
  readonly clocks: ClocksView | null;
  readonly ending: GameEnding | null;
  /** Only in a daily game: the next move's deadline (null once it ended). */
  readonly deadlineAt?: string | null;
  /** Only in a game of several boards: the board moved on, and every board the move changed (its own first). */
  readonly board?: number;
  readonly boards?: readonly BoardChangeView[];
}

/** A change other than a move: offers, or the end. */
export interface GameStateEvent {
  readonly version: number;
  readonly drawOfferBy: "white" | "black" | null;
  readonly rematchOfferBy: "white" | "black" | null;
  readonly rematchGameId: number | null;
  /** Who asks to take their last move back now. */
  readonly takebackOfferBy: "white" | "black" | null;
  /** Set when a takeback removed moves: the ply the game went back to (the page refetches the snapshot). */
  readonly takenBackTo: number | null;
  readonly clocks: ClocksView | null;
  readonly ending: GameEnding | null;
}

export interface GamePlayerView {
  readonly username: string;
  /** The flair beside the name, as the server decided it (null: none): the page draws it without the catalogue. */
  readonly flairCode: string | null;
  readonly rating: number | null;
  readonly ratingDiff: number | null;
}

/** Everything the game page needs; also the snapshot a client refetches after a gap. */
export interface GameView {
  readonly id: number;
  readonly rules: PlayRulesId;
  readonly control: GameTerms["control"];
  readonly rated: boolean;
  readonly white: GamePlayerView;
  readonly black: GamePlayerView;
  readonly initialFen: string;
  readonly fen: string;
  readonly moves: readonly { readonly uci: string; readonly san: string; readonly clockMs: number | null }[];
  readonly ply: number;
  readonly version: number;
  readonly status: "playing" | "ended" | "aborted";
  readonly ending: GameEnding | null;
  readonly clocks: ClocksView | null;
  readonly drawOfferBy: "white" | "black" | null;
  readonly rematchOfferBy: "white" | "black" | null;
  readonly rematchGameId: number | null;
  /** Who asks to take their last move back now. */
  readonly takebackOfferBy: "white" | "black" | null;
  /** Arranged by a tournament or a team match: never aborted (the page offers resigning from the first move). */
  readonly arranged: boolean;
  /** When the side to move loses on time (daily games: the move's deadline); null after the end. */
  readonly deadlineAt: string | null;
  readonly createdAt: string;
  /**
   * How long the player to move in a live game in play has been away from
   * it (no connection to its room), as the snapshot was taken; the other
   * side, daily games and finished games are null. The page offers the
   * claims of game-actions.ts once the opponent has been away long enough.
   */
  readonly awayMs: { readonly white: number | null; readonly black: number | null };
}

/** One of a member's games in progress, as the header's list and the "your move" list show it. */
export interface CurrentGameView {
  readonly id: number;
  readonly speed: "live" | "daily";
  readonly rules: PlayRulesId;
  readonly opponent: string;
  readonly color: "white" | "black";
  /** Is it this member's move? */
  readonly yourMove: boolean;
  /** When the side to move runs out of time (live) or of days (daily). */
  readonly deadlineAt: string | null;
}

/** A member's vacation as they see it (decision 0018). */
export interface VacationView {
  /** Whole days the member may take. */
  readonly daysLeft: number;
  /** The end of the vacation in progress (ISO), or null. */
  readonly onUntil: string | null;
  /** Every `accrueDays` days, `addDays` more, up to `capDays` (the membership's vacation fields). */
  readonly allowance: { readonly accrueDays: number; readonly addDays: number; readonly capDays: number };
}
