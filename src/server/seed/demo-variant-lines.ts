/**
 * Demo lines for king of the hill, three-check and crazyhouse (issue 24
 * item 5, decision 0075), in the shape of the shipped engine lines
 * (ReplayedDemoLine), so the demo games play them with the same clocks,
 * endings and ratings. No engine knows these variants here, so:
 *
 * - King of the hill and three-check replay shipped standard lines under the
 *   variant's rules (every standard move is legal in them) and stop at the
 *   variant's own end: a king reaching the centre, a third check. A line
 *   that never gets there ends as it did, or by agreement when its on-board
 *   end (a bare-king draw) is no end in the variant.
 * - Crazyhouse is played out by a small seeded player: it takes the most
 *   valuable piece it can, otherwise drops near the enemy king or moves, with
 *   noise that shrinks with its skill; a game not mated by its last move is
 *   resigned by the side behind in material (board and pocket).
 *
 * Deterministic (a seeded PRNG), built once on first use.
 */
import { draw, opponentOf, win, type GameOutcome } from "../../chess/outcome.ts";
import { capturedPiece, legalMoves, playMove, positionOutcome, repetitionKey, startPosition, toFen, type BoardRules, type RulesPosition } from "../../chess/rules.ts";
import { variants } from "../../chess/variants.ts";
import { demoLinesOf, type ReplayedDemoLine } from "../../features/demo/demo-line-library.ts";
import { Random } from "./demo-random.ts";

export const demoVariantRules = ["kingOfTheHill", "threeCheck", "crazyhouse"] as const;
export type DemoVariantRules = (typeof demoVariantRules)[number];

/** Standard lines replayed per variant, and crazyhouse games played out. */
const LINES_PER_VARIANT = 40;
const LINE_SEED = 0x7a68_6c6e; // "zhln"

const values: Readonly<Record<string, number>> = { pawn: 1, knight: 3, bishop: 3, rook: 5, queen: 9, king: 0 };

/** How a line without an end on the board finishes: the named side resigns, or the players agree a draw. */
type OffBoardEnding = { readonly resigns: "white" | "black" } | "agreement";

interface Chooser {
  /** The next move (UCI) in this position, or undefined: the line stops here. */
  next(position: RulesPosition, ply: number): string | undefined;
  /** How the line ends when it stops without an end on the board. */
  ending(position: RulesPosition): OffBoardEnding;
}

function playLine(rules: BoardRules, whiteSkill: number, blackSkill: number, chooser: Chooser): ReplayedDemoLine {
  const start = startPosition(rules);
  if (!start.ok) throw new Error("demo variant line: no start position");
  const positions: RulesPosition[] = [start.value.position];
  const keys = [repetitionKey(start.value.position)];
  const plies: { uci: string; san: string }[] = [];
  let onBoard: GameOutcome | undefined;
  for (let ply = 0; ; ply += 1) {
    const position = positions[positions.length - 1] ?? start.value.position;
    const uci = chooser.next(position, ply);
    if (uci === undefined) break;
    const played = playMove(position, uci);
    if (!played.ok) throw new Error(`demo variant line: ${uci} is ${played.error}`);
    positions.push(played.value.position);
    keys.push(repetitionKey(played.value.position));
    plies.push({ uci: played.value.uci, san: played.value.san });
    onBoard = positionOutcome(played.value.position, keys);
    if (onBoard) break;
  }
  const last = positions[positions.length - 1] ?? start.value.position;
  let outcome = onBoard;
  if (!outcome) {
    const ending = chooser.ending(last);
    outcome = ending === "agreement" ? draw("agreement") : win(opponentOf(ending.resigns), "resignation");
  }
  return {
    whiteSkill,
    blackSkill,
    initialFen: toFen(start.value.position),
    plies,
    positionAfter: (count) => positions[Math.max(0, Math.min(count, positions.length - 1))] ?? start.value.position,
    outcome,
    endsOnBoard: onBoard !== undefined,
  };
}

/** A shipped standard line under a variant's rules, to the variant's own end or the line's. */
function replayedUnder(rules: BoardRules, line: ReplayedDemoLine): ReplayedDemoLine {
  return playLine(rules, line.whiteSkill, line.blackSkill, {
    next: (_position, ply) => line.plies[ply]?.uci,
    ending: (position) => (line.outcome.winner && !line.endsOnBoard ? { resigns: opponentOf(line.outcome.winner) } : line.outcome.winner ? { resigns: position.chess.turn } : "agreement"),
  });
}

/** Material on the board and in the pocket, in pawns. */
function materialOf(position: RulesPosition, color: "white" | "black"): number {
  const chess = position.chess;
  let total = 0;
  for (const square of chess.board[color]) total += values[chess.board.getRole(square) ?? "king"] ?? 0;
  const pocket = chess.pockets?.[color];
  if (pocket) for (const role of ["pawn", "knight", "bishop", "rook", "queen"] as const) total += pocket[role] * (values[role] ?? 0);
  return total;
}

/** A crazyhouse game by the small seeded player, between players of these skills (0–20). */
function crazyhouseLine(random: Random, whiteSkill: number, blackSkill: number): ReplayedDemoLine {
  const length = random.between(30, 90);
  return playLine(variants.crazyhouse.boards[0]!, whiteSkill, blackSkill, {
    next: (position, ply) => {
      if (ply >= length) return undefined;
      const skill = position.chess.turn === "white" ? whiteSkill : blackSkill;
      const noise = 0.3 + (20 - skill) / 10;
      const enemyKing = position.chess.board.kingOf(opponentOf(position.chess.turn));
      let best: string | undefined;
      let bestScore = -Infinity;
      for (const uci of legalMoves(position)) {
        let score = random.float() * noise;
        if (uci.includes("@")) {
          const to = (uci.charCodeAt(2) - 97) + 8 * (Number(uci[3]) - 1);
          const near = enemyKing !== undefined && Math.max(Math.abs((to % 8) - (enemyKing % 8)), Math.abs(Math.floor(to / 8) - Math.floor(enemyKing / 8))) <= 2;
          score += near ? 1.2 : -0.5;
        } else {
          const taken = capturedPiece(position, uci);
          if (taken) score += (values[taken.role] ?? 0) * 1.5;
        }
        if (score > bestScore) {
          bestScore = score;
          best = uci;
        }
      }
      return best;
    },
    ending: (position) => {
      const white = materialOf(position, "white");
      const black = materialOf(position, "black");
      return white === black ? "agreement" : { resigns: white < black ? "white" : "black" };
    },
  });
}

const built = new Map<DemoVariantRules, readonly ReplayedDemoLine[]>();

/** The demo lines of a variant (built on first use). */
export function variantDemoLinesOf(rules: DemoVariantRules): readonly ReplayedDemoLine[] {
  const found = built.get(rules);
  if (found) return found;
  let lines: ReplayedDemoLine[];
  if (rules === "crazyhouse") {
    const random = new Random(LINE_SEED);
    lines = Array.from({ length: LINES_PER_VARIANT }, () => crazyhouseLine(random, random.int(21), random.int(21)));
  } else {
    const boardRules = variants[rules].boards[0]!;
    lines = demoLinesOf("standard").slice(0, LINES_PER_VARIANT).map((line) => replayedUnder(boardRules, line));
  }
  built.set(rules, lines);
  return lines;
}
