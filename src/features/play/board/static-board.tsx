import { createElement } from "react";
import { boardSquares, type PieceColor } from "./static-board-model.ts";
import "./static-board.css";

export interface StaticBoardProps {
  readonly fen: string;
  /** Whose side is at the bottom. */
  readonly orientation?: PieceColor;
  /** The accessible name (e.g. "Final position"). */
  readonly label: string;
  readonly className?: string;
}

/**
 * A chess position as plain HTML and CSS: no JavaScript, no chessops, so it is
 * cheap enough for a grid of archived games or /live's thumbnails. The pieces
 * and colours are the viewer's theme (the theme stylesheet every page links,
 * features/themes), drawn as chessground's `piece` elements inside a
 * `cg-wrap` so the theme's selectors apply, as on the live board. The board is
 * one image for assistive technology: its label names it, the FEN travels in
 * data-fen for tests and tools.
 */
export function StaticBoard({ fen, orientation = "white", label, className }: StaticBoardProps) {
  const squares = boardSquares(fen, orientation);
  return (
    <div className={`cg-wrap ks-static-board${className ? ` ${className}` : ""}`} role="img" aria-label={label} data-fen={fen}>
      {squares?.map((square) => (
        <span key={square.name} className={square.light ? "ks-static-square ks-static-square--light" : "ks-static-square ks-static-square--dark"}>
          {square.piece && createElement("piece", { className: `${square.piece.role} ${square.piece.color}` })}
        </span>
      ))}
    </div>
  );
}
