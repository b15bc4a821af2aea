import { createElement } from "react";
import "@lichess-org/chessground/assets/chessground.cburnett.css";
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
 * are chessground's cburnett set (the same CSS the live board uses), drawn as
 * its `piece` elements inside a `cg-wrap` so its selectors apply. The board is
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
