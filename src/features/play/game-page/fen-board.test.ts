import { describe, expect, it } from "vitest";
import { isPromotionMove, piecesOfFen, squarePosition, turnOfFen } from "./fen-board.ts";

const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

describe("FEN board", () => {
  it("reads the 32 pieces of the start position where they stand", () => {
    const pieces = piecesOfFen(start);
    expect(pieces).toHaveLength(32);
    expect(pieces).toContainEqual({ square: "e1", color: "white", role: "king" });
    expect(pieces).toContainEqual({ square: "d8", color: "black", role: "queen" });
    expect(turnOfFen(start)).toBe("white");
  });

  it("gives an empty board for an unreadable placement", () => {
    expect(piecesOfFen("rnbqkbnr/pppppppp/8 w - - 0 1")).toEqual([]);
  });

  it("detects a pawn reaching the last rank, for either colour, and nothing else", () => {
    const fen = "8/P6k/8/8/8/8/p6K/1R6 w - - 0 1";
    expect(isPromotionMove(fen, "a7", "a8")).toBe(true);
    expect(isPromotionMove(fen, "a2", "a1")).toBe(true);
    expect(isPromotionMove(fen, "b1", "b8")).toBe(false);
    expect(isPromotionMove(start, "e2", "e4")).toBe(false);
  });

  it("places squares from the viewer's side", () => {
    expect(squarePosition("a1", "white")).toEqual({ column: 0, row: 7 });
    expect(squarePosition("a1", "black")).toEqual({ column: 7, row: 0 });
  });
});
