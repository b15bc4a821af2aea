/**
 * A FEN's piece placement without a chess library, for every board drawn as
 * plain HTML: the archive grid and /live's thumbnails (static-board.tsx), the
 * game page's server-rendered board in chessground's markup and its promotion
 * check (game-page/fen-board.ts). Pure and dependency-free: no rules engine
 * ships for them.
 */
export type PieceRole = "pawn" | "knight" | "bishop" | "rook" | "queen" | "king";
export type PieceColor = "white" | "black";

export interface PlacedPiece {
  /** Square name, e.g. "e4". */
  readonly square: string;
  readonly color: PieceColor;
  readonly role: PieceRole;
}

export interface BoardSquare {
  /** a1 ... h8 */
  readonly name: string;
  readonly light: boolean;
  readonly piece: { readonly role: PieceRole; readonly color: PieceColor } | null;
}

const roles: Readonly<Record<string, PieceRole>> = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };
export const fileNames = ["a", "b", "c", "d", "e", "f", "g", "h"] as const;

/**
 * The pieces of a FEN's placement, or null when it is not 8 ranks of 8
 * squares. Variants may append a pocket ("...[Qn]") or more fields: only the
 * placement counts here.
 */
export function readPlacement(fen: string): PlacedPiece[] | null {
  const placement = fen.trim().split(/\s+/)[0]?.split("[")[0] ?? "";
  const rows = placement.split("/");
  if (rows.length !== 8) return null;
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
      if (!role || !fileName) return null;
      pieces.push({ square: `${fileName}${rank}`, color: char === char.toLowerCase() ? "black" : "white", role });
      file += 1;
    }
    if (file !== 8) return null;
  }
  return pieces;
}

/**
 * The 64 squares in reading order (top-left first) as seen from `orientation`'s
 * side. A placement that is not 8 ranks of 8 squares gives null.
 */
export function boardSquares(fen: string, orientation: PieceColor = "white"): BoardSquare[] | null {
  const pieces = readPlacement(fen);
  if (!pieces) return null;
  const bySquare = new Map(pieces.map((piece) => [piece.square, { role: piece.role, color: piece.color }]));
  const squares: BoardSquare[] = [];
  for (let r = 0; r < 8; r++) {
    for (let f = 0; f < 8; f++) {
      // FEN ranks run from 8 down to 1; seen from black the board turns round.
      const fileIndex = orientation === "white" ? f : 7 - f;
      const rankNumber = orientation === "white" ? 8 - r : r + 1;
      const name = `${fileNames[fileIndex]}${rankNumber}`;
      squares.push({ name, light: (fileIndex + rankNumber) % 2 === 0, piece: bySquare.get(name) ?? null });
    }
  }
  return squares;
}
