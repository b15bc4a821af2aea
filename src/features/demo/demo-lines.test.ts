import { describe, expect, it } from "vitest";
import { demoOpenings } from "./demo-openings.ts";
import { demoLinesOf } from "./demo-line-library.ts";
import { demoLineTexts } from "./demo-lines.data.ts";
import { decodeDemoLine, decodeIndices, encodeDemoLine, encodeIndex } from "./demo-lines.ts";

describe("the shipped demo lines", () => {
  const decoded = demoLineTexts.map(decodeDemoLine);

  it("hold hundreds of games of both rules, each written back to the same text", () => {
    expect(demoLineTexts.length).toBeGreaterThanOrEqual(500);
    expect(decoded.filter((line) => line.rules === "chess960").length).toBeGreaterThan(30);
    for (const [index, line] of decoded.entries()) expect(encodeDemoLine(line)).toBe(demoLineTexts[index]);
  });

  it("write a move index of 62 or more (a position with that many moves) in the wide form, and read it back", () => {
    const indices = [0, 5, 61, 62, 217, 300];
    const encoded = indices.map(encodeIndex).join("");
    expect(encoded).toHaveLength(3 + 3 * 3);
    expect(decodeIndices(encoded)).toEqual(indices);
  });

  it("replay to the ending each records (a game said to end on the board does)", () => {
    const lines = [...demoLinesOf("standard"), ...demoLinesOf("chess960")];
    expect(lines).toHaveLength(demoLineTexts.length);
    const reasons = new Set(lines.map((line) => line.outcome.reason));
    for (const reason of ["checkmate", "resignation", "agreement"]) expect(reasons).toContain(reason);
  });

  it("open as people play: standard games begin with a line of the opening table, and strengths spread over every skill level", () => {
    const standard = decoded.filter((line) => line.rules === "standard");
    for (const line of standard) {
      expect(demoOpenings.some((opening) => opening.moves.slice(0, 2).every((uci, ply) => line.moves[ply] === uci)), line.moves.slice(0, 4).join(" ")).toBe(true);
    }
    const openingsUsed = new Set(standard.map((line) => demoOpenings.find((opening) => opening.moves.every((uci, ply) => line.moves[ply] === uci))?.name).filter(Boolean));
    expect(openingsUsed.size).toBeGreaterThan(20);
    expect(new Set(decoded.map((line) => line.whiteSkill)).size).toBe(21);
  });

  it("last about as long as real games (a median of 50 to 120 half-moves)", () => {
    const lengths = decoded.map((line) => line.moves.length).sort((a, b) => a - b);
    const median = lengths[Math.floor(lengths.length / 2)] ?? 0;
    expect(median).toBeGreaterThanOrEqual(50);
    expect(median).toBeLessThanOrEqual(120);
  });

  it("refuses a text that does not replay", () => {
    const [first = ""] = demoLineTexts;
    expect(() => decodeDemoLine(first.replace(/\|([^|]*)$/, "|ZZZZ"))).toThrow(/does not replay/);
    expect(() => decodeDemoLine("x|1|1|q|00")).toThrow(/bad header/);
  });
});
