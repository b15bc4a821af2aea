import { describe, expect, it } from "vitest";
import { boardMoves, positionsOfGame } from "./legal-moves.ts";

describe("legal destinations for the board", () => {
  it("lists each piece's legal squares, with castling both ways in standard chess", () => {
    const fen = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    const { dests, check } = boardMoves("standard", fen);
    expect(dests.get("e1")).toEqual(expect.arrayContaining(["f1", "e2", "g1", "h1"]));
    expect(dests.get("g1")).toBeUndefined();
    expect(check).toBe(false);
  });

  it("castles in Chess960 by moving the king onto its rook, on both sides", () => {
    const fen = "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1";
    const { dests } = boardMoves("chess960", fen);
    expect(dests.get("f1")).toEqual(expect.arrayContaining(["g1", "b1"]));
  });

  it("knows when the side to move is in check", () => {
    expect(boardMoves("standard", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").check).toBe(true);
  });

  it("replays a game into the FEN of every position", () => {
    const fens = positionsOfGame("standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ["e2e4", "e7e5"]);
    expect(fens).toHaveLength(3);
    expect(fens[2]).toBe("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  });
});
