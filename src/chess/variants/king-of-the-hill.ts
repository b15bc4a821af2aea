import { KingOfTheHill } from "chessops/variant";
import { win } from "../outcome.ts";
import type { BoardRules } from "../rules.ts";

/** King of the hill: standard chess, and a king that reaches d4, e4, d5 or e5 wins. A king can always walk there, so no side ever lacks winning material. */
export const kingOfTheHillRules: BoardRules = {
  id: "kingOfTheHill",
  kingTakesRookCastling: false,
  fromSetup: (setup) => KingOfTheHill.fromSetup(setup).unwrap((position) => position, () => undefined),
  initial: () => KingOfTheHill.default(),
  variantEnd: (position) => {
    const winner = position.variantOutcome()?.winner;
    return winner ? win(winner, "king-of-the-hill") : undefined;
  },
  canWin: () => true,
};
