/**
 * The public API's `rules` values: the widely used names (chess.com's
 * archives, lichess' variant keys in lower case), which chessops' PGN reader
 * also knows as Variant tags.
 */
import type { BoardRulesId } from "../../../chess/rules.ts";

export const publicRulesValues = {
  standard: "chess",
  chess960: "chess960",
  crazyhouse: "crazyhouse",
  kingOfTheHill: "kingofthehill",
  threeCheck: "threecheck",
  bughouse: "bughouse",
} as const satisfies Record<BoardRulesId, string>;

export type PublicRules = (typeof publicRulesValues)[BoardRulesId];

export const publicRulesOf = (rules: BoardRulesId): PublicRules => publicRulesValues[rules];
