/**
 * The choices of online play's forms, for the server's schemas and the
 * browser's fields alike. Zod-free: the browser bundle carries no validation
 * library (decision 0028).
 */
import type { BoardRulesId, RulesId } from "../../chess/rules.ts";

/**
 * The rules a member may choose (the chess module knows bughouse too, which
 * needs four players and its own pairing). Type-only import: pages keep
 * chessops off their bundle.
 */
export const playableRules = ["standard", "chess960", "kingOfTheHill", "threeCheck", "crazyhouse"] as const satisfies readonly BoardRulesId[];
export type PlayRulesId = (typeof playableRules)[number];

export const isPlayRulesId = (value: string): value is PlayRulesId => (playableRules as readonly string[]).includes(value);

/** A stored rules id as a playable one; a row outside them is a programming error. */
export function playRulesOf(value: string): PlayRulesId {
  if (!isPlayRulesId(value)) throw new Error(`rules ${value} are not playable`);
  return value;
}

/** The rules whose moves are standard chess's (or Chess960's): every playable one but crazyhouse, whose drops need its own rules. */
export type ClassicMovesRulesId = Exclude<PlayRulesId, "crazyhouse">;

/**
 * The classic rules a browser plays a variant's moves with: king of the hill
 * and three-check move as standard chess (their own ends are the server's to
 * decide and arrive with the move), so the game page needs no variant code.
 * Crazyhouse is not among them: game-page/moves-rules.ts loads its rules.
 */
export const movesRulesOf = (rules: ClassicMovesRulesId): RulesId => (rules === "chess960" ? "chess960" : "standard");

export const colorChoices = ["white", "black", "random"] as const;
export type ColorChoice = (typeof colorChoices)[number];
