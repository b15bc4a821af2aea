import { Crazyhouse } from "chessops/variant";
import type { BoardRules } from "../rules.ts";

const fromSetup: BoardRules["fromSetup"] = (setup) => Crazyhouse.fromSetup(setup).unwrap((position) => position, () => undefined);

/**
 * Crazyhouse: a captured piece goes to the capturer's pocket (a promoted one
 * as a pawn) and may be dropped instead of a move. Material never leaves the
 * game, so there is no insufficient-material draw short of a bare board.
 */
export const crazyhouseRules: BoardRules = {
  id: "crazyhouse",
  kingTakesRookCastling: false,
  drops: true,
  fromSetup,
  initial: () => Crazyhouse.default(),
};

/**
 * One board of bughouse: crazyhouse's moves and drops, but what a capture
 * takes goes to the partner on the other board (./bughouse.ts moves it), and
 * no draw rule ends a board, since material keeps arriving from the other one.
 */
export const bughouseBoardRules: BoardRules = {
  id: "bughouse",
  kingTakesRookCastling: false,
  drops: true,
  drawRules: false,
  fromSetup,
  initial: () => Crazyhouse.default(),
  canWin: () => true,
};
