import { describe, expect, it } from "vitest";
import { legalMoves, playMove, startPosition, toFen, type RulesId } from "../../../chess/rules.ts";
import { isPromotionMove, piecesOfFen, positionAfter, squarePosition, turnOfFen } from "./fen-board.ts";

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

/** A small deterministic generator, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe("the position after a game's moves, without the chess module", () => {
  it("places the pieces as chessops does after every move of random standard and Chess960 games (castling both ways, en passant, promotion)", () => {
    const random = seeded(7);
    const seen = { castling: 0, enPassant: 0, promotion: 0 };
    for (let game = 0; game < 300; game += 1) {
      const rules: RulesId = game % 2 === 0 ? "standard" : "chess960";
      const started = startPosition(rules, { scharnagl: Math.floor(random() * 960) });
      if (!started.ok) throw new Error(started.error);
      let position = started.value.position;
      const initialFen = toFen(position);
      const ucis: string[] = [];
      for (let ply = 0; ply < 160; ply += 1) {
        const moves = legalMoves(position);
        if (moves.length === 0) break;
        const uci = moves[Math.floor(random() * moves.length)] ?? "";
        const played = playMove(position, uci);
        if (!played.ok) throw new Error(played.error);
        if (/[+#]?$/.test(played.value.san) && played.value.san.startsWith("O-O")) seen.castling += 1;
        if (uci.length === 5) seen.promotion += 1;
        const before = piecesOfFen(toFen(position));
        const mover = before.find((piece) => piece.square === uci.slice(0, 2));
        if (mover?.role === "pawn" && uci[0] !== uci[2] && !before.some((piece) => piece.square === uci.slice(2, 4))) seen.enPassant += 1;
        position = played.value.position;
        ucis.push(uci);
        const [placement, turn] = toFen(position).split(" ");
        expect(positionAfter(initialFen, ucis), `game ${game} (${rules}) after ${ucis.join(" ")}`).toBe(`${placement} ${turn}`);
      }
    }
    // The random games went through every special move.
    expect(seen.castling).toBeGreaterThan(20);
    expect(seen.enPassant).toBeGreaterThan(5);
    expect(seen.promotion).toBeGreaterThan(20);
  });
});
