import { describe, expect, it } from "vitest";
import { boardSquares } from "./static-board-model.ts";

describe("the static board's squares", () => {
  const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

  it("reads a FEN's placement from white's side: a8 top left, a light h1", () => {
    const squares = boardSquares(start) ?? [];
    expect(squares).toHaveLength(64);
    expect(squares[0]).toEqual({ name: "a8", light: true, piece: { role: "rook", color: "black" } });
    expect(squares[60]).toEqual({ name: "e1", light: false, piece: { role: "king", color: "white" } });
    expect(squares[63]).toMatchObject({ name: "h1", light: true });
    expect(squares[56]).toMatchObject({ name: "a1", light: false });
    expect(squares.filter((square) => square.piece).length).toBe(32);
  });

  it("turns the board round for black", () => {
    const squares = boardSquares(start, "black") ?? [];
    expect(squares[0]).toMatchObject({ name: "h1", piece: { role: "rook", color: "white" } });
    expect(squares[63]).toMatchObject({ name: "a8", piece: { role: "rook", color: "black" } });
  });

  it("ignores a variant's pocket and refuses a placement that is not 8 × 8", () => {
    expect(boardSquares("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1")).toHaveLength(64);
    expect(boardSquares("8/8/8 w - - 0 1")).toBeNull();
    expect(boardSquares("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")).toBeNull();
    expect(boardSquares("xnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")).toBeNull();
  });
});
