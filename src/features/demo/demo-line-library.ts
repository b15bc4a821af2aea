/**
 * The shipped demo lines (demo-lines.data.ts), decoded once and replayed on
 * first use: each move's SAN, the position after any number of moves, and how
 * the line ends when played to its last move.
 */
import { draw, opponentOf, win, type GameOutcome } from "../../chess/outcome.ts";
import { playMove, positionOutcome, repetitionKey, startPosition, toFen, type RulesId, type RulesPosition } from "../../chess/rules.ts";
import { demoLineTexts } from "./demo-lines.data.ts";
import { decodeDemoLine } from "./demo-lines.ts";

export interface ReplayedDemoLine {
  readonly whiteSkill: number;
  readonly blackSkill: number;
  readonly initialFen: string;
  readonly plies: readonly { readonly uci: string; readonly san: string }[];
  /** The position after the first `plies` moves. */
  positionAfter(plies: number): RulesPosition;
  /** How the game ends after its last move. */
  readonly outcome: GameOutcome;
  /** Whether that end is on the board (mate, stalemate, repetition...), not a resignation or an agreement. */
  readonly endsOnBoard: boolean;
}

function replay(text: string): ReplayedDemoLine {
  const line = decodeDemoLine(text);
  const start = startPosition(line.rules, { scharnagl: line.scharnagl });
  if (!start.ok) throw new Error("demo line: no start position");
  const positions: RulesPosition[] = [start.value.position];
  const keys = [repetitionKey(start.value.position)];
  const plies = line.moves.map((uci) => {
    const played = playMove(positions[positions.length - 1] ?? start.value.position, uci);
    if (!played.ok) throw new Error(`demo line: ${uci} does not replay`);
    positions.push(played.value.position);
    keys.push(repetitionKey(played.value.position));
    return { uci: played.value.uci, san: played.value.san };
  });
  const last = positions[positions.length - 1] ?? start.value.position;
  const onBoard = positionOutcome(last, keys);
  let outcome: GameOutcome;
  if (line.ending === "position") {
    if (!onBoard) throw new Error(`demo line: the last position of "${text.slice(0, 24)}…" does not end the game`);
    outcome = onBoard;
  } else {
    outcome = line.ending === "resignation" ? win(opponentOf(last.chess.turn), "resignation") : draw("agreement");
  }
  return {
    whiteSkill: line.whiteSkill,
    blackSkill: line.blackSkill,
    initialFen: toFen(start.value.position),
    plies,
    positionAfter: (count) => positions[Math.max(0, Math.min(count, positions.length - 1))] ?? start.value.position,
    outcome,
    endsOnBoard: line.ending === "position",
  };
}

const replayed: (ReplayedDemoLine | undefined)[] = [];

/** The shipped line at `index` of demo-lines.data.ts (replayed once, on first use). */
export function demoLineAt(index: number): ReplayedDemoLine {
  const text = demoLineTexts[index];
  if (text === undefined) throw new Error(`no demo line ${index}`);
  const line = replayed[index] ?? replay(text);
  replayed[index] = line;
  return line;
}

/** The indices of the shipped lines of these rules. */
export function demoLineIndicesOf(rules: RulesId): readonly number[] {
  const prefix = rules === "standard" ? "s|" : "c";
  return demoLineTexts.flatMap((text, index) => (text.startsWith(prefix) ? [index] : []));
}

/** Every shipped line of these rules (each replayed on first use: the seed's one cost for them). */
export function demoLinesOf(rules: RulesId): readonly ReplayedDemoLine[] {
  const lines = demoLineIndicesOf(rules).map(demoLineAt);
  if (lines.length === 0) throw new Error(`no demo lines for ${rules}`);
  return lines;
}
