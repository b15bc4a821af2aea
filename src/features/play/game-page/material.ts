/**
 * The material difference beside each player, read off a FEN's board field
 * (no chess module: the page shows it for every viewer): the points a side is
 * ahead by and the opponent's pieces it has captured, as lichess and chess.com
 * show them. A promoted pawn counts as the piece it became, so a side may have
 * "captured" fewer than the board lacks; counts never go below zero.
 */
import type { PieceColor } from "./fen-board.ts";

const values = { q: 9, r: 5, b: 3, n: 3, p: 1 } as const;
type Kind = keyof typeof values;
const kinds = Object.keys(values) as readonly Kind[];
const startCounts: Record<Kind, number> = { q: 1, r: 2, b: 2, n: 2, p: 8 };
const glyphs: Record<Kind, string> = { q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };

export interface MaterialSide {
  /** Points ahead of the opponent (0 when level or behind). */
  readonly advantage: number;
  /** The opponent's pieces this side has taken, largest first, as glyphs. */
  readonly captured: string;
}

function countsOf(board: string): Record<PieceColor, Record<Kind, number>> {
  const counts = { white: { q: 0, r: 0, b: 0, n: 0, p: 0 }, black: { q: 0, r: 0, b: 0, n: 0, p: 0 } };
  for (const char of board) {
    const kind = char.toLowerCase();
    if (!(kind in values)) continue;
    counts[char === kind ? "black" : "white"][kind as Kind] += 1;
  }
  return counts;
}

export function materialOf(fen: string): Record<PieceColor, MaterialSide> {
  const counts = countsOf(fen.split(" ")[0] ?? "");
  const points = (color: PieceColor) => kinds.reduce((sum, kind) => sum + counts[color][kind] * values[kind], 0);
  const captured = (opponent: PieceColor) => kinds.map((kind) => glyphs[kind].repeat(Math.max(0, startCounts[kind] - counts[opponent][kind]))).join("");
  const difference = points("white") - points("black");
  return {
    white: { advantage: Math.max(0, difference), captured: captured("black") },
    black: { advantage: Math.max(0, -difference), captured: captured("white") },
  };
}
