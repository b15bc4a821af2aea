/**
 * The pieces of a FEN's placement field, without a chess library: the static
 * board (server-rendered) and promotion detection need no more than this, and
 * it keeps chessops off the page's first chunk.
 */
export type PieceColor = "white" | "black";
export type PieceRole = "pawn" | "knight" | "bishop" | "rook" | "queen" | "king";

export interface PlacedPiece {
  /** Square name, e.g. "e4". */
  readonly square: string;
  readonly color: PieceColor;
  readonly role: PieceRole;
}

const roles: Readonly<Record<string, PieceRole>> = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };
export const fileNames = ["a", "b", "c", "d", "e", "f", "g", "h"] as const;

/** The pieces on the board; an unreadable placement gives an empty board. */
export function piecesOfFen(fen: string): PlacedPiece[] {
  const rows = (fen.split(" ")[0] ?? "").split("/");
  if (rows.length !== 8) return [];
  const pieces: PlacedPiece[] = [];
  for (const [index, row] of rows.entries()) {
    const rank = 8 - index;
    let file = 0;
    for (const char of row) {
      if (/[1-8]/.test(char)) {
        file += Number(char);
        continue;
      }
      const role = roles[char.toLowerCase()];
      const fileName = fileNames[file];
      if (!role || !fileName) return [];
      pieces.push({ square: `${fileName}${rank}`, color: char === char.toLowerCase() ? "black" : "white", role });
      file += 1;
    }
  }
  return pieces;
}

/** The side to move of a FEN. */
export function turnOfFen(fen: string): PieceColor {
  return fen.split(" ")[1] === "b" ? "black" : "white";
}

/** Whether moving from `from` to `to` in this position is a pawn reaching the last rank (the player must choose a piece). */
export function isPromotionMove(fen: string, from: string, to: string): boolean {
  const piece = piecesOfFen(fen).find((candidate) => candidate.square === from);
  if (piece?.role !== "pawn") return false;
  return (piece.color === "white" && to.endsWith("8")) || (piece.color === "black" && to.endsWith("1"));
}

/** Where a square sits on the board as seen from `orientation`: column and row from the top-left, 0–7. */
export function squarePosition(square: string, orientation: PieceColor): { column: number; row: number } {
  const file = fileNames.indexOf(square.charAt(0) as (typeof fileNames)[number]);
  const rank = Number(square.charAt(1)) - 1;
  return orientation === "white" ? { column: file, row: 7 - rank } : { column: 7 - file, row: rank };
}
