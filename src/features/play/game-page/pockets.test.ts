import { describe, expect, it } from "vitest";
import { legalMoves, playMove, startPosition, toFen } from "../../../chess/rules.ts";
import { crazyhouseRules } from "../../../chess/variants/crazyhouse.ts";
import { positionAfter } from "./fen-board.ts";
import { pocketsAfter, pocketsOfFen } from "./pockets.tsx";

/** A small deterministic generator, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe("crazyhouse's pockets, without the chess module", () => {
  it("reads the pockets a FEN writes, upper case white's, and none from a FEN without them", () => {
    expect(pocketsOfFen("4k3/8/8/8/8/8/8/4K3[QPPnb] w - - 0 1")).toEqual({
      white: { pawn: 2, knight: 0, bishop: 0, rook: 0, queen: 1 },
      black: { pawn: 0, knight: 1, bishop: 1, rook: 0, queen: 0 },
    });
    expect(pocketsOfFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").white).toEqual({ pawn: 0, knight: 0, bishop: 0, rook: 0, queen: 0 });
  });

  it("replays the board and both pockets as chessops does after every move of random crazyhouse games (drops, captures of promoted pieces, castling, en passant)", () => {
    const random = seeded(11);
    const seen = { drops: 0, promotedTaken: 0, castling: 0 };
    const started = startPosition(crazyhouseRules);
    if (!started.ok) throw new Error(started.error);
    const initialFen = toFen(started.value.position);
    for (let game = 0; game < 60; game += 1) {
      let position = started.value.position;
      const ucis: string[] = [];
      for (let ply = 0; ply < 150; ply += 1) {
        const moves = legalMoves(position);
        if (moves.length === 0) break;
        const uci = moves[Math.floor(random() * moves.length)] ?? "";
        const before = toFen(position);
        const played = playMove(position, uci);
        if (!played.ok) throw new Error(played.error);
        if (uci.includes("@")) seen.drops += 1;
        if (played.value.castle) seen.castling += 1;
        const target = uci.slice(2, 4);
        if (!uci.includes("@") && before.includes("~") && squareIsPromoted(before, target)) seen.promotedTaken += 1;
        position = played.value.position;
        ucis.push(uci);
        const fen = toFen(position);
        const [placement = "", turn] = fen.split(" ");
        const context = `game ${game} after ${ucis.join(" ")}`;
        expect(positionAfter(initialFen, ucis), context).toBe(`${placement.replace(/\[.*\]$/, "").replace(/~/g, "")} ${turn}`);
        expect(pocketsAfter(initialFen, ucis), context).toEqual(pocketsOfFen(fen));
      }
    }
    expect(seen.drops).toBeGreaterThan(500);
    expect(seen.castling).toBeGreaterThan(2);
    expect(seen.promotedTaken).toBeGreaterThan(20);
  });
});

/** Whether the piece on `square` of this FEN is marked promoted (`Q~`). */
function squareIsPromoted(fen: string, square: string): boolean {
  const rows = (fen.split(" ")[0] ?? "").replace(/\[.*\]$/, "").split("/");
  const row = rows[8 - Number(square[1])] ?? "";
  let file = 0;
  for (let index = 0; index < row.length; index += 1) {
    const char = row[index] ?? "";
    if (/[1-8]/.test(char)) file += Number(char);
    else if (char !== "~") {
      if (file === square.charCodeAt(0) - 97) return row[index + 1] === "~";
      file += 1;
    }
  }
  return false;
}
