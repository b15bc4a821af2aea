import { ThreeCheck } from "chessops/variant";
import { win } from "../outcome.ts";
import type { BoardRules } from "../rules.ts";

/** Three-check: standard chess, and the third check given wins. The checks left to give are the FEN's fifth field (`3+3`), so they are part of the repetition key. */
export const threeCheckRules: BoardRules = {
  id: "threeCheck",
  kingTakesRookCastling: false,
  fromSetup: (setup) => ThreeCheck.fromSetup(setup).unwrap((position) => position, () => undefined),
  initial: () => ThreeCheck.default(),
  variantEnd: (position) => {
    const winner = position.variantOutcome()?.winner;
    return winner ? win(winner, "three-checks") : undefined;
  },
};
