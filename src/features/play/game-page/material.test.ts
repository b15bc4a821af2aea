import { describe, expect, it } from "vitest";
import { materialOf } from "./material.ts";

describe("materialOf", () => {
  it("is level with nothing captured at the start", () => {
    expect(materialOf("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")).toEqual({ white: { advantage: 0, captured: "" }, black: { advantage: 0, captured: "" } });
  });

  it("counts the points ahead and the pieces taken, for the side that took them", () => {
    // White has taken a knight and a pawn; black has taken a pawn.
    const fen = "r1bqkbnr/ppp2ppp/8/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 4";
    expect(materialOf(fen)).toEqual({ white: { advantage: 3, captured: "♞♟" }, black: { advantage: 0, captured: "♟" } });
  });

  it("never counts a promoted piece as a capture below zero", () => {
    // White promoted to a second queen and has no pawns left on the board besides seven.
    const fen = "4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 40";
    expect(materialOf(fen).black.captured).toBe("♜♜♝♝♞♞♟");
    expect(materialOf(fen).white.advantage).toBe(25);
  });
});
