import { describe, expect, it } from "vitest";
import { crazyhouseRules } from "../../../chess/variants/crazyhouse.ts";
import { readTypedMove } from "./typed-move.ts";

const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/** White may castle both ways; knights on b1 and f3 can both reach d2. */
const castling = "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1";
/** White pawns on e7 (promotes straight or by taking on d8/f8) and on b4 facing black pawns on a5/c5. */
const promoting = "3r1r2/4P3/8/p1p5/1P6/8/8/4K2k w - - 0 1";
/** Knights on b1 and f1... the d2 square reachable by two knights, c3 by one. */
const twoKnights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";

const read = (fen: string, input: string) => readTypedMove("standard", fen, input);

describe("a typed move", () => {
  it("reads SAN in its usual spellings", () => {
    expect(read(start, "e4")).toEqual({ kind: "move", uci: "e2e4", san: "e4" });
    expect(read(start, "Nf3")).toEqual({ kind: "move", uci: "g1f3", san: "Nf3" });
    expect(read(start, "nf3")).toMatchObject({ uci: "g1f3" });
    expect(read(start, " Nf3+! ")).toMatchObject({ uci: "g1f3" });
    expect(read(start, "Ngf3")).toMatchObject({ uci: "g1f3" });
    expect(read(start, "Ng1f3")).toMatchObject({ uci: "g1f3" });
  });

  it("reads UCI, for any piece", () => {
    expect(read(start, "e2e4")).toMatchObject({ kind: "move", uci: "e2e4" });
    expect(read(start, "g1f3")).toMatchObject({ kind: "move", uci: "g1f3", san: "Nf3" });
    expect(read(castling, "e1g1")).toMatchObject({ kind: "move", uci: "e1g1", san: "O-O" });
  });

  it("reads castling as O-O, 0-0, oo and the long side", () => {
    expect(read(castling, "O-O")).toEqual({ kind: "move", uci: "e1g1", san: "O-O" });
    expect(read(castling, "0-0")).toMatchObject({ uci: "e1g1" });
    expect(read(castling, "oo")).toMatchObject({ uci: "e1g1" });
    expect(read(castling, "O-O-O")).toEqual({ kind: "move", uci: "e1c1", san: "O-O-O" });
    expect(read(start, "O-O")).toEqual({ kind: "illegal" });
    // The king's two-square step is castling, not a king move named Kg1.
    expect(read(castling, "Kg1")).toEqual({ kind: "illegal" });
  });

  it("reads promotions, and asks for the piece when it is missing", () => {
    expect(read(promoting, "e8=Q")).toMatchObject({ kind: "move", uci: "e7e8q", san: "e8=Q" });
    expect(read(promoting, "e8N")).toMatchObject({ kind: "move", uci: "e7e8n" });
    expect(read(promoting, "exd8=R+")).toMatchObject({ kind: "move", uci: "e7d8r" });
    expect(read(promoting, "e7e8q")).toMatchObject({ kind: "move", uci: "e7e8q" });
    const missing = read(promoting, "e8");
    expect(missing.kind).toBe("promotion");
    expect(missing.kind === "promotion" && missing.sans).toEqual(["e8=Q", "e8=R", "e8=B", "e8=N"]);
  });

  it("reads b as a pawn's file first, then as the bishop", () => {
    expect(read(promoting, "bxa5")).toMatchObject({ kind: "move", uci: "b4a5" });
    expect(read(promoting, "bc5")).toMatchObject({ kind: "move", uci: "b4c5" });
    expect(read("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "bd2")).toMatchObject({ kind: "move", uci: "c1d2", san: "Bd2" });
  });

  it("names the moves an ambiguous input could be", () => {
    expect(read(twoKnights, "Nd2")).toEqual({ kind: "ambiguous", sans: ["Nbd2", "Nfd2"] });
    expect(read(twoKnights, "Nbd2")).toMatchObject({ kind: "move", uci: "b1d2" });
    expect(read(twoKnights, "Nc3")).toMatchObject({ kind: "move", uci: "b1c3" });
  });

  it("tells an illegal move from what is not a move at all", () => {
    expect(read(start, "e5")).toEqual({ kind: "illegal" });
    expect(read(start, "Ke2")).toEqual({ kind: "illegal" });
    expect(read(start, "e2e5")).toEqual({ kind: "illegal" });
    expect(read(start, "hello")).toEqual({ kind: "invalid" });
    expect(read(start, "")).toEqual({ kind: "invalid" });
    expect(read(start, "Z9")).toEqual({ kind: "invalid" });
  });

  it("castles king-takes-rook in Chess960", () => {
    const fen = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1";
    // King f1 beside its rook on g1: O-O is legal at once, written king-takes-rook; O-O-O is blocked.
    expect(readTypedMove("chess960", fen, "O-O")).toEqual({ kind: "move", san: "O-O", uci: "f1g1" });
    expect(readTypedMove("chess960", fen, "O-O-O")).toEqual({ kind: "illegal" });
  });

  it("reads crazyhouse's drops (N@f3, n@f3, @e4, P@e4), and keeps Nf3 a knight's move", () => {
    // White holds a knight and a pawn; its g1 knight can reach f3 too.
    const pockets = "rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR[NPq] w KQkq - 0 3";
    const readZh = (input: string) => readTypedMove(crazyhouseRules, pockets, input);
    expect(readZh("N@f3")).toEqual({ kind: "move", uci: "N@f3", san: "N@f3" });
    expect(readZh("n@f3")).toMatchObject({ uci: "N@f3" });
    expect(readZh("@e4")).toMatchObject({ kind: "move", uci: "P@e4" });
    expect(readZh("P@e4")).toMatchObject({ uci: "P@e4" });
    expect(readZh("Nf3")).toMatchObject({ kind: "move", uci: "g1f3" });
    // Not in the pocket, on an occupied square, a pawn on the last rank: illegal.
    expect(readZh("Q@d4")).toEqual({ kind: "illegal" });
    expect(readZh("N@d2")).toEqual({ kind: "illegal" });
    expect(readZh("P@d8")).toEqual({ kind: "illegal" });
    // Standard chess has no drops.
    expect(read(start, "N@f3")).toEqual({ kind: "illegal" });
  });
});
