/**
 * Every variant a game can be played in, behind one interface: its boards'
 * rules, its seats, how it starts, and what a move on one board does to the
 * others. The game service plays every variant through `playOnBoard`, so a
 * new variant adds rules here, not a second move path (decision 0049).
 *
 * Server and scripts only: this registry imports every variant's rules. The
 * browser's game page imports ./rules.ts alone (the classic rules), and keeps
 * out of its budget the code of variants it does not show.
 */
import { fail, ok, type Result } from "../shared/result.ts";
import type { Color, GameOutcome } from "./outcome.ts";
import { boardRulesIds, classicRules, playMove, startPosition, type BoardRules, type BoardRulesId, type MoveError, type PlayedMove, type RulesPosition, type StartOptions } from "./rules.ts";
import { bughouseCapture } from "./variants/bughouse.ts";
import type { GameVariant, SeatPlace } from "./variants/game-variant.ts";
import { bughouseBoardRules, crazyhouseRules } from "./variants/crazyhouse.ts";
import { kingOfTheHillRules } from "./variants/king-of-the-hill.ts";
import { threeCheckRules } from "./variants/three-check.ts";

export type { GameVariant, LinkedChange, SeatPlace } from "./variants/game-variant.ts";

export const variantIds = boardRulesIds;
export type VariantId = BoardRulesId;

export const isVariantId = (value: string): value is VariantId => (variantIds as readonly string[]).includes(value);

const twoSeats: readonly SeatPlace[] = [
  { seat: 0, board: 0, color: "white", team: 0 },
  { seat: 1, board: 0, color: "black", team: 1 },
];

/** Board 0's white and board 1's black are partners (each plays the colour the other's captures give). */
const bughouseSeats: readonly SeatPlace[] = [
  { seat: 0, board: 0, color: "white", team: 0 },
  { seat: 1, board: 0, color: "black", team: 1 },
  { seat: 2, board: 1, color: "white", team: 1 },
  { seat: 3, board: 1, color: "black", team: 0 },
];

const oneBoard = (rules: BoardRules): GameVariant => ({ id: rules.id, boards: [rules], seats: twoSeats });

export const variants: Readonly<Record<VariantId, GameVariant>> = {
  standard: oneBoard(classicRules.standard),
  chess960: oneBoard(classicRules.chess960),
  crazyhouse: oneBoard(crazyhouseRules),
  kingOfTheHill: oneBoard(kingOfTheHillRules),
  threeCheck: oneBoard(threeCheckRules),
  bughouse: { id: "bughouse", boards: [bughouseBoardRules, bughouseBoardRules], seats: bughouseSeats, linked: bughouseCapture },
};

/** The variant of a stored rules id; an unknown id is a corrupt row, not a user error. */
export const variantOf = (id: string): GameVariant => {
  if (!isVariantId(id)) throw new Error(`unknown variant ${id}`);
  return variants[id];
};

export interface StartBoards {
  readonly positions: readonly RulesPosition[];
  /** The Chess960 position number (518 for the standard array). */
  readonly scharnagl: number;
}

/** Every board's first position. */
export const startBoards = (variant: GameVariant, options: StartOptions = {}): Result<StartBoards, "start.invalid-scharnagl"> => {
  const positions: RulesPosition[] = [];
  let scharnagl = 0;
  for (const rules of variant.boards) {
    const start = startPosition(rules, options);
    if (!start.ok) return start;
    positions.push(start.value.position);
    scharnagl = start.value.scharnagl;
  }
  return ok({ positions, scharnagl });
};

export interface BoardMove {
  readonly board: number;
  readonly played: PlayedMove;
  /** Every board after the move, board 0 first. */
  readonly positions: readonly RulesPosition[];
  /** The boards the move changed, its own first. */
  readonly changedBoards: readonly number[];
}

/** Plays a UCI move (or drop) on one board of a game, with what it does to the other boards. */
export const playOnBoard = (variant: GameVariant, positions: readonly RulesPosition[], board: number, uci: string): Result<BoardMove, MoveError> => {
  const before = positions[board];
  if (!before) return fail("move.invalid");
  const played = playMove(before, uci);
  if (!played.ok) return played;
  if (!variant.linked) {
    return ok({ board, played: played.value, positions: positions.map((position, index) => (index === board ? played.value.position : position)), changedBoards: [board] });
  }
  const link = variant.linked(board, before, played.value, positions);
  const after = positions.map((position, index) => (index === board ? link.moved : (link.others.get(index) ?? position)));
  return ok({ board, played: { ...played.value, position: link.moved }, positions: after, changedBoards: [board, ...link.others.keys()] });
};

/** The seat a member's place gives on a board and colour. */
export const seatAt = (variant: GameVariant, board: number, color: Color): SeatPlace | undefined =>
  variant.seats.find((seat) => seat.board === board && seat.color === color);

/**
 * A board's outcome as the game's: a team wins or loses together, and the
 * game's result is written from team 0's side (board 0's white), so "1-0" on
 * board 1 (white there is team 1) is "0-1" for the game.
 */
export const gameOutcomeOfBoard = (variant: GameVariant, board: number, outcome: GameOutcome): GameOutcome => {
  if (!outcome.winner) return outcome;
  const team = seatAt(variant, board, outcome.winner)?.team ?? 0;
  const winner: Color = team === 0 ? "white" : "black";
  if (winner === outcome.winner) return outcome;
  return { ...outcome, winner, result: winner === "white" ? "1-0" : "0-1" };
};
