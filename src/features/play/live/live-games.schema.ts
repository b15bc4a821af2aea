/** /live's DTOs (isomorphic). */
import type { GameTerms } from "../play.schema.ts";

export interface LiveGamePlayer {
  readonly username: string;
  /** The player's current rating of the game's type (a newcomer's 1500 when they have none). */
  readonly rating: number;
}

export interface LiveGameSummary {
  readonly id: number;
  readonly rules: GameTerms["rules"];
  readonly control: GameTerms["control"];
  readonly rated: boolean;
  readonly white: LiveGamePlayer;
  readonly black: LiveGamePlayer;
  readonly averageRating: number;
  readonly fen: string;
  readonly ply: number;
  /** The game's stream version when read: a mini board ignores older moves. */
  readonly version: number;
}

export interface LiveGamesPage {
  readonly games: readonly LiveGameSummary[];
  readonly total: number;
  readonly page: number;
  readonly perPage: number;
}

/** How many games a /live page lists, and how many of them get a live mini board. */
export const LIVE_GAMES_PER_PAGE = 24;
export const LIVE_BOARDS = 6;
