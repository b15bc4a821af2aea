import { piecesOfFen, turnOfFen, type PieceRole } from "./fen-board.ts";

/**
 * What a screen reader hears of the board when it is focused: who is to
 * move, the last move and where each side's pieces stand, grouped by piece
 * ("king g1; rook a1 f1; pawn a2 b2 …") — not the 64 squares one by one.
 * It is the board's description, read on focus; moves as they come are
 * announced by the page's live region instead.
 */

type Translate = (id: string, values?: Record<string, string | number>) => string;

const roleOrder: readonly PieceRole[] = ["king", "queen", "rook", "bishop", "knight", "pawn"];
const roleMessages: Readonly<Record<PieceRole, string>> = {
  king: "game.piece.king",
  queen: "game.piece.queen",
  rook: "game.piece.rook",
  bishop: "game.piece.bishop",
  knight: "game.piece.knight",
  pawn: "game.piece.pawn",
};

/** The ply's move number and its dots, as a move list writes them: 12. for White, 12… for Black. */
export function moveNumberOf(ply: number): { number: number; dots: string } {
  return { number: Math.ceil(ply / 2), dots: ply % 2 === 1 ? "." : "…" };
}

export function describeBoard(fen: string, lastMove: { readonly ply: number; readonly san: string } | null, t: Translate): string {
  const pieces = piecesOfFen(fen);
  const side = (color: "white" | "black") =>
    roleOrder
      .map((role) => {
        const squares = pieces.filter((piece) => piece.color === color && piece.role === role).map((piece) => piece.square).sort();
        return squares.length === 0 ? "" : `${t(roleMessages[role])} ${squares.join(" ")}`;
      })
      .filter((group) => group !== "")
      .join("; ");
  const turn = turnOfFen(fen);
  return t("game.board.description", {
    color: t(turn === "white" ? "game.color.white" : "game.color.black"),
    lastMove: lastMove ? t("game.board.last_move", { ...moveNumberOf(lastMove.ply), san: lastMove.san }) : "",
    white: side("white"),
    black: side("black"),
  });
}
