/** A game's variant: its boards, its seats and the link between its boards (the registry is ../variants.ts). */
import type { Color } from "../outcome.ts";
import type { BoardRules, PlayedMove, RulesPosition, BoardRulesId } from "../rules.ts";

/** A place at a game: who sits there plays `color` on `board`, for `team` (0 or 1; a team wins or loses together). */
export interface SeatPlace {
  readonly seat: number;
  readonly board: number;
  readonly color: Color;
  readonly team: 0 | 1;
}

export interface GameVariant {
  readonly id: BoardRulesId;
  /** The rules of each board, board 0 first. */
  readonly boards: readonly BoardRules[];
  readonly seats: readonly SeatPlace[];
  /**
   * What a move played on `board` does to the game's other boards: the boards
   * it changes (their new positions), none for a one-board variant.
   */
  readonly linked?: (board: number, before: RulesPosition, played: PlayedMove, positions: readonly RulesPosition[]) => LinkedChange;
}

export interface LinkedChange {
  /** The moved board as it stands after the link (bughouse takes the captured piece out of the mover's pocket). */
  readonly moved: RulesPosition;
  readonly others: ReadonlyMap<number, RulesPosition>;
}
