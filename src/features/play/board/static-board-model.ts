/**
 * The squares of a static board, from a FEN's piece placement. Pure and
 * dependency-free (no chessops): the archive grid, /live's thumbnails and the
 * game page's first paint draw boards from it without shipping a rules engine.
 */
export type PieceRole = "king" | "queen" | "rook" | "bishop" | "knight" | "pawn";
export type PieceColor = "white" | "black";

export interface BoardSquare {
  /** a1 ... h8 */
  readonly name: string;
  readonly light: boolean;
  readonly piece: { readonly role: PieceRole; readonly color: PieceColor } | null;
}

const roles: Readonly<Record<string, PieceRole>> = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };
const files = "abcdefgh";

/**
 * The 64 squares in reading order (top-left first) as seen from `orientation`'s
 * side. A placement that is not 8 ranks of 8 squares gives null.
 */
export function boardSquares(fen: string, orientation: PieceColor = "white"): BoardSquare[] | null {
  // Variants may append a pocket ("...[Qn]") or more fields: only the placement counts here.
  const placement = fen.trim().split(/\s+/)[0]?.split("[")[0] ?? "";
  const ranks = placement.split("/");
  if (ranks.length !== 8) return null;
  const grid: (BoardSquare["piece"])[][] = [];
  for (const rank of ranks) {
    const row: BoardSquare["piece"][] = [];
    for (const char of rank) {
      if (/[1-8]/.test(char)) {
        for (let i = 0; i < Number(char); i++) row.push(null);
        continue;
      }
      const role = roles[char.toLowerCase()];
      if (!role) return null;
      row.push({ role, color: char === char.toUpperCase() ? "white" : "black" });
    }
    if (row.length !== 8) return null;
    grid.push(row);
  }
  const squares: BoardSquare[] = [];
  for (let r = 0; r < 8; r++) {
    for (let f = 0; f < 8; f++) {
      // FEN ranks run from 8 down to 1; seen from black the board turns round.
      const rankIndex = orientation === "white" ? r : 7 - r;
      const fileIndex = orientation === "white" ? f : 7 - f;
      const rankNumber = 8 - rankIndex;
      squares.push({
        name: `${files[fileIndex]}${rankNumber}`,
        light: (fileIndex + rankNumber) % 2 === 0,
        piece: grid[rankIndex]?.[fileIndex] ?? null,
      });
    }
  }
  return squares;
}
