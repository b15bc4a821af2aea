/**
 * What the game page reads from a FEN without a chess library: the pieces
 * (static-board-model.ts, shared with every static board), the side to move,
 * promotions, square positions and the replay of earlier positions. It keeps
 * chessops off the page's first chunk.
 */
import { fileNames, readPlacement, type PieceColor, type PieceRole, type PlacedPiece } from "../board/static-board-model.ts";

export { fileNames, type PieceColor, type PieceRole, type PlacedPiece } from "../board/static-board-model.ts";

/** The pieces on the board; an unreadable placement gives an empty board. */
export function piecesOfFen(fen: string): PlacedPiece[] {
  return readPlacement(fen) ?? [];
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

const pieceLetters: Readonly<Record<PieceRole, string>> = { pawn: "p", knight: "n", bishop: "b", rook: "r", queen: "q", king: "k" };
const fileOf = (square: string) => square.charCodeAt(0) - 97;

/**
 * The position after a game's moves, as a FEN's placement and side to move
 * (all the static board reads). The moves are the game's, already legal, so
 * nothing is checked: a move lifts its piece and puts it down, with the three
 * moves that touch another square — castling (the king two files over, or
 * onto its own rook as Chess960 writes it), en passant and promotion — and
 * crazyhouse's drops (`N@f3`, the mover's piece put down).
 */
export function positionAfter(initialFen: string, ucis: readonly string[]): string {
  const board = new Map<string, string>();
  for (const piece of piecesOfFen(initialFen)) {
    const letter = pieceLetters[piece.role];
    board.set(piece.square, piece.color === "white" ? letter.toUpperCase() : letter);
  }
  const whiteFirst = turnOfFen(initialFen) === "white";
  ucis.forEach((uci, index) => playOnBoard(board, uci, whiteFirst === (index % 2 === 0)));
  const turn = whiteFirst === (ucis.length % 2 === 0) ? "w" : "b";
  const rows: string[] = [];
  for (let rank = 8; rank >= 1; rank -= 1) {
    let row = "";
    let empty = 0;
    for (const file of fileNames) {
      const piece = board.get(`${file}${rank}`);
      if (!piece) {
        empty += 1;
        continue;
      }
      row += (empty > 0 ? String(empty) : "") + piece;
      empty = 0;
    }
    rows.push(row + (empty > 0 ? String(empty) : ""));
  }
  return `${rows.join("/")} ${turn}`;
}

function playOnBoard(board: Map<string, string>, uci: string, whiteMoves: boolean): void {
  const from = uci.slice(0, 2);
  const to = uci.slice(2, 4);
  if (uci[1] === "@") {
    board.set(to, whiteMoves ? uci[0]! : uci[0]!.toLowerCase());
    return;
  }
  const piece = board.get(from);
  if (!piece) return;
  const white = piece === piece.toUpperCase();
  const target = board.get(to);
  const kind = piece.toLowerCase();
  if (kind === "k") {
    const ownRook = white ? "R" : "r";
    const ontoRook = target === ownRook;
    if (ontoRook || Math.abs(fileOf(to) - fileOf(from)) === 2) {
      const rank = from.charAt(1);
      const kingside = fileOf(to) > fileOf(from);
      board.delete(from);
      board.delete(ontoRook ? to : `${kingside ? "h" : "a"}${rank}`);
      board.set(`${kingside ? "g" : "c"}${rank}`, piece);
      board.set(`${kingside ? "f" : "d"}${rank}`, ownRook);
      return;
    }
  }
  // A pawn that moves diagonally onto an empty square takes en passant: the pawn beside it goes.
  if (kind === "p" && fileOf(from) !== fileOf(to) && target === undefined) board.delete(`${to.charAt(0)}${from.charAt(1)}`);
  board.delete(from);
  const promoted = uci.charAt(4);
  board.set(to, promoted ? (white ? promoted.toUpperCase() : promoted.toLowerCase()) : piece);
}
