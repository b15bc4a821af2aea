/**
 * How a game ended, as data shared by the rules, the clocks, the PGN writer
 * and the game service. Isomorphic, no I/O.
 */
export type Color = "white" | "black";

export const opponentOf = (color: Color): Color => (color === "white" ? "black" : "white");

export const decisiveReasons = [
  "checkmate",
  "resignation",
  "timeout",
  "abandonment",
  /** King of the hill: a king reached the centre. */
  "king-of-the-hill",
  /** Three-check: a third check was given. */
  "three-checks",
] as const;
export const drawReasons = [
  "stalemate",
  "insufficient-material",
  "fifty-moves",
  "threefold-repetition",
  /** The flag fell, but the side with time left has no mating material. */
  "timeout-vs-insufficient-material",
  "agreement",
  /** The opponent left and the player claimed a draw rather than the win. */
  "abandonment",
] as const;
/** A game stopped before both sides moved: no result, no rating change. */
export const abortReason = "aborted" as const;

export type DecisiveReason = (typeof decisiveReasons)[number];
export type DrawReason = (typeof drawReasons)[number];

export type GameOutcome =
  | { readonly result: "1-0" | "0-1"; readonly winner: Color; readonly reason: DecisiveReason }
  | { readonly result: "1/2-1/2"; readonly winner: undefined; readonly reason: DrawReason }
  | { readonly result: "*"; readonly winner: undefined; readonly reason: typeof abortReason };

export type GameResult = GameOutcome["result"];

export const win = (winner: Color, reason: DecisiveReason): GameOutcome => ({
  result: winner === "white" ? "1-0" : "0-1",
  winner,
  reason,
});

export const draw = (reason: DrawReason): GameOutcome => ({ result: "1/2-1/2", winner: undefined, reason });

export const aborted = (): GameOutcome => ({ result: "*", winner: undefined, reason: abortReason });

/**
 * A result as pages show it: 1-0, 0-1, ½-½, and a dash for a game without one.
 * The PGN keeps its standard "1/2-1/2" (that is the format); every page shows
 * results through this one function so none writes "1/2-1/2" beside "½-½".
 */
export function resultNotation(result: GameResult): string {
  if (result === "1/2-1/2") return "½-½";
  if (result === "*") return "–";
  return result;
}
