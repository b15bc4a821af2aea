import { createElement, type ReactNode } from "react";
import { fileNames, piecesOfFen, squarePosition, type PieceColor } from "./fen-board.ts";

/**
 * The position as plain HTML and CSS, in chessground's own markup (cg-wrap,
 * cg-board, piece, square, coords) and styles, so that the interactive board
 * replaces it without a jump. Server-rendered: the page shows the game
 * without JavaScript.
 */
export interface StaticBoardProps {
  readonly fen: string;
  readonly orientation: PieceColor;
  /** The last move's squares (highlighted), e.g. ["e2", "e4"]. */
  readonly lastMove: readonly string[] | null;
  /** The square of a king in check. */
  readonly checkSquare: string | null;
  readonly coordinates: boolean;
  /** When it is the page's board (not a stand-in for the interactive one): its accessible name; the FEN is on data-fen. */
  readonly label?: string;
  /** With a label: the id of the board's description for screen readers (the board is then focusable, to be read). */
  readonly describedBy?: string;
}

const el = (tag: string, props: Record<string, unknown>, ...children: ReactNode[]) => createElement(tag, props, ...children);

const at = (square: string, orientation: PieceColor) => {
  const { column, row } = squarePosition(square, orientation);
  return { transform: `translate(${column * 100}%, ${row * 100}%)` };
};

/** chessground's coordinate labels: which label sits on a light square decides its colour. */
function coords(labels: readonly string[], className: string, firstColor: PieceColor): ReactNode {
  return el(
    "coords",
    { className },
    ...labels.map((label, index) => el("coord", { key: label, className: index % 2 === (firstColor === "white" ? 0 : 1) ? "coord-light" : "coord-dark" }, label)),
  );
}

export function StaticBoard({ fen, orientation, lastMove, checkSquare, coordinates, label, describedBy }: StaticBoardProps) {
  const pieces = piecesOfFen(fen);
  const black = orientation === "black" ? " black" : "";
  return el(
    "div",
    { className: `cg-wrap ks-board-static orientation-${orientation}`, ...(label === undefined ? { "aria-hidden": true } : { role: "img", "aria-label": label, "data-fen": fen, ...(describedBy ? { "aria-describedby": describedBy, tabIndex: 0 } : {}) }) },
    el(
      "cg-container",
      {},
      el(
        "cg-board",
        {},
        ...(lastMove ?? []).map((square) => el("square", { key: `last-${square}`, className: "last-move", style: at(square, orientation) })),
        checkSquare ? el("square", { key: "check", className: "check", style: at(checkSquare, orientation) }) : null,
        ...pieces.map((piece) => el("piece", { key: piece.square, className: `${piece.color} ${piece.role}`, style: at(piece.square, orientation) })),
      ),
      coordinates ? coords(["1", "2", "3", "4", "5", "6", "7", "8"], `ranks${black}`, orientation === "white" ? "white" : "black") : null,
      coordinates ? coords(fileNames, `files${black}`, orientation === "white" ? "black" : "white") : null,
    ),
  );
}

/** The square of the king in check after the last move (its SAN says check), or null. */
export function checkedKingSquare(fen: string, lastSan: string | null): string | null {
  if (!lastSan || !/[+#]$/.test(lastSan)) return null;
  const toMove = fen.split(" ")[1] === "b" ? "black" : "white";
  return piecesOfFen(fen).find((piece) => piece.role === "king" && piece.color === toMove)?.square ?? null;
}

/** The squares of a UCI move, for the last-move highlight (a drop's one square). */
export function squaresOfUci(uci: string | undefined): string[] | null {
  return uci ? (uci[1] === "@" ? [uci.slice(2, 4)] : [uci.slice(0, 2), uci.slice(2, 4)]) : null;
}
