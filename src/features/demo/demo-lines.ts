/**
 * Demo lines: whole games an engine played at set strengths from a small
 * opening table (scripts/generate-demo-lines.ts, run once with Stockfish; the
 * output ships in demo-lines.data.ts), so the demo site's games look like
 * games people play. This module writes and reads their compact form.
 *
 * One line is `rules|whiteSkill|blackSkill|ending|moves`:
 * - rules: `s` (standard) or `c<n>` (Chess960 start position n);
 * - skills: the engine's skill level (0–20) for each side;
 * - ending: `p` the last position ends the game (mate, stalemate, no mating
 *   material, repetition, fifty moves), `r` the side to move resigned there,
 *   `a` the players agreed a draw there;
 * - moves: each move as its index among the position's legal moves in sorted
 *   UCI order, one character of `alphabet`, or `~` and two for an index of 62
 *   or more (a rare position with that many moves).
 * About one byte a move: 600 games are ~60 KB.
 */
import { legalMoves, playMove, startPosition, type RulesId, type RulesPosition } from "../../chess/rules.ts";

const alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const wide = "~";

export type DemoLineEnding = "position" | "resignation" | "agreement";

export interface DemoLine {
  readonly rules: RulesId;
  /** The Chess960 start position; 518 (the standard array) in standard chess. */
  readonly scharnagl: number;
  readonly whiteSkill: number;
  readonly blackSkill: number;
  readonly ending: DemoLineEnding;
  /** Canonical UCI, as the games service stores them. */
  readonly moves: readonly string[];
}

const endingCodes: Readonly<Record<DemoLineEnding, string>> = { position: "p", resignation: "r", agreement: "a" };

/** One move index in the compact form. */
export const encodeIndex = (index: number): string =>
  index < alphabet.length ? (alphabet[index] ?? "") : `${wide}${alphabet[Math.floor(index / alphabet.length)]}${alphabet[index % alphabet.length]}`;

const digit = (char: string | undefined): number => {
  const value = char === undefined ? -1 : alphabet.indexOf(char);
  if (value < 0) throw new Error(`demo line: bad move character "${char}"`);
  return value;
};

/** The move indices of a line's compact moves. */
export function decodeIndices(encoded: string): number[] {
  const indices: number[] = [];
  for (let at = 0; at < encoded.length; at++) {
    if (encoded[at] === wide) {
      indices.push(digit(encoded[at + 1]) * alphabet.length + digit(encoded[at + 2]));
      at += 2;
    } else {
      indices.push(digit(encoded[at]));
    }
  }
  return indices;
}

const sortedLegalMoves = (position: RulesPosition): string[] => legalMoves(position).sort();

function startOf(rules: RulesId, scharnagl: number): RulesPosition {
  const start = startPosition(rules, rules === "chess960" ? { scharnagl } : {});
  if (!start.ok) throw new Error(`demo line: no start position ${scharnagl}`);
  return start.value.position;
}

/** The compact form of a game (its moves must be legal from its start). */
export function encodeDemoLine(line: DemoLine): string {
  let position = startOf(line.rules, line.scharnagl);
  let encoded = "";
  for (const uci of line.moves) {
    const index = sortedLegalMoves(position).indexOf(uci);
    if (index < 0) throw new Error(`demo line: ${uci} is not legal here`);
    encoded += encodeIndex(index);
    const played = playMove(position, uci);
    if (!played.ok) throw new Error(`demo line: ${uci} did not play`);
    position = played.value.position;
  }
  const rules = line.rules === "chess960" ? `c${line.scharnagl}` : "s";
  return [rules, line.whiteSkill, line.blackSkill, endingCodes[line.ending], encoded].join("|");
}

/** A game back from its compact form; throws on a line that does not replay. */
export function decodeDemoLine(text: string): DemoLine {
  const [rulesField = "", white = "", black = "", endingField = "", encoded = ""] = text.split("|");
  const rules: RulesId = rulesField === "s" ? "standard" : "chess960";
  const scharnagl = rules === "standard" ? 518 : Number(rulesField.slice(1));
  const ending = (Object.keys(endingCodes) as DemoLineEnding[]).find((name) => endingCodes[name] === endingField);
  if (!ending || (rules === "chess960" && !rulesField.startsWith("c"))) throw new Error(`demo line: bad header "${text.slice(0, 20)}"`);
  let position = startOf(rules, scharnagl);
  const moves: string[] = [];
  for (const index of decodeIndices(encoded)) {
    const uci = sortedLegalMoves(position)[index];
    const played = uci === undefined ? undefined : playMove(position, uci);
    if (!uci || !played?.ok) throw new Error(`demo line: move ${moves.length + 1} does not replay`);
    moves.push(uci);
    position = played.value.position;
  }
  return { rules, scharnagl, whiteSkill: Number(white), blackSkill: Number(black), ending, moves };
}
