/**
 * What the archive page and the public API know of a finished game
 * (isomorphic types only: pages import this without zod or chessops).
 */
import type { ArchiveType } from "./archive-filters.ts";
import type { PlayRulesId } from "../play.constants.ts";

export interface ArchivePlayer {
  readonly username: string;
  /** The rating the player brought to the game (null for games older than ratings on casual games). */
  readonly rating: number | null;
  /** The change a rated game made; null for casual games. */
  readonly ratingDiff: number | null;
}

export interface ArchiveGame {
  readonly id: number;
  readonly speed: "live" | "daily";
  readonly timeClass: ArchiveType;
  readonly rules: PlayRulesId;
  readonly rated: boolean;
  /** "3+2" live (minutes+seconds), "3" days per move daily. */
  readonly control: { readonly kind: "live"; readonly baseSeconds: number; readonly incrementSeconds: number } | { readonly kind: "daily"; readonly daysPerMove: number };
  readonly white: ArchivePlayer;
  readonly black: ArchivePlayer;
  readonly result: "1-0" | "0-1" | "1/2-1/2";
  /** The outcome's reason: checkmate, resignation, timeout, stalemate, threefold-repetition ... (src/chess/outcome.ts). */
  readonly termination: string;
  /** Full moves played (a game with white's move only counts one). */
  readonly moves: number;
  /** ISO date-times. */
  readonly startedAt: string;
  readonly endedAt: string;
  /** The final position. */
  readonly fen: string;
}

export interface ArchivePage {
  readonly games: readonly ArchiveGame[];
  readonly total: number;
}
