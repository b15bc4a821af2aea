import { parsePgn, startingPosition } from "chessops/pgn";
import { describe, expect, it } from "vitest";
import { writePgn } from "../../chess/pgn.ts";
import { publicRulesOf } from "./archive/public-rules.ts";
import { checksGiven } from "./game-page/variant-marks.tsx";
import { movesRulesOf, playRulesOf } from "./play.constants.ts";
import { gameTermsSchema } from "./play.schema.ts";

const live = { kind: "live", baseSeconds: 300, incrementSeconds: 0 } as const;

describe("the terms of a variant game", () => {
  it("accept king of the hill, three-check and crazyhouse, live and daily, rated and casual", () => {
    for (const rules of ["standard", "chess960", "kingOfTheHill", "threeCheck", "crazyhouse"]) {
      for (const control of [live, { kind: "daily", daysPerMove: 3 }]) {
        expect(gameTermsSchema.safeParse({ rules, control, rated: true, color: "random" }).success, rules).toBe(true);
        expect(gameTermsSchema.safeParse({ rules, control, rated: false, color: "white" }).success, rules).toBe(true);
      }
    }
  });

  it("refuse rules not playable here (bughouse), unknown ones and other spellings", () => {
    for (const rules of ["bughouse", "atomic", "kingofthehill", "threecheck", "Crazyhouse", "zh", "", null, 1]) {
      expect(gameTermsSchema.safeParse({ rules, control: live, rated: true, color: "random" }).success, String(rules)).toBe(false);
    }
  });

  it("read a stored row's rules back, and refuse one that is not playable", () => {
    expect(playRulesOf("threeCheck")).toBe("threeCheck");
    expect(playRulesOf("crazyhouse")).toBe("crazyhouse");
    expect(() => playRulesOf("bughouse")).toThrow();
  });

  it("move as standard chess in the browser, except Chess960", () => {
    expect([movesRulesOf("kingOfTheHill"), movesRulesOf("threeCheck"), movesRulesOf("chess960"), movesRulesOf("standard")]).toEqual(["standard", "standard", "chess960", "standard"]);
  });
});

describe("the game page's variant marks", () => {
  it("count each side's checks from the moves, mate included", () => {
    const sans = ["e4", "e5", "Qh5", "Nc6", "Qxf7+", "Kxf7", "Bc4+", "d5", "Bxd5+"];
    expect(checksGiven(sans, "white")).toBe(3);
    expect(checksGiven(sans, "black")).toBe(0);
    expect(checksGiven(["e4", "f5", "Qh5+"], "white")).toBe(1);
    // A game starting with black to move: the first SAN is black's.
    expect(checksGiven(["Qh4#"], "black", true)).toBe(1);
    expect(checksGiven(["Qh4#"], "white", true)).toBe(0);
  });
});

describe("variant games in PGN and the public API", () => {
  const pgnOf = (rules: "kingOfTheHill" | "threeCheck" | "crazyhouse" | "standard", initialFen?: string) =>
    writePgn({ event: "Casual Live game", site: "https://kingside.test/game/live/1", startedAt: undefined, white: "a", black: "b", rules, ...(initialFen ? { initialFen } : {}), moves: [{ san: "e4" }] });

  it("write the Variant tag chessops reads back as the variant", () => {
    const cases = [
      ["kingOfTheHill", "King of the Hill", "kingofthehill"],
      ["threeCheck", "Three-check", "3check"],
      ["crazyhouse", "Crazyhouse", "crazyhouse"],
    ] as const;
    for (const [rules, tag, chessops] of cases) {
      const pgn = pgnOf(rules);
      expect(pgn).toContain(`[Variant "${tag}"]`);
      const [game] = parsePgn(pgn);
      if (!game) throw new Error("no game");
      const start = startingPosition(game.headers);
      expect(start.isOk && start.value.rules).toBe(chessops);
    }
    expect(pgnOf("standard")).not.toContain("[Variant");
  });

  it("leave the standard start of three-check (with its checks field) without a FEN tag", () => {
    expect(pgnOf("threeCheck", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1")).not.toContain("[FEN");
  });

  it("give the widely used rules values", () => {
    expect(["standard", "chess960", "crazyhouse", "kingOfTheHill", "threeCheck", "bughouse"].map((rules) => publicRulesOf(rules as Parameters<typeof publicRulesOf>[0]))).toEqual([
      "chess",
      "chess960",
      "crazyhouse",
      "kingofthehill",
      "threecheck",
      "bughouse",
    ]);
  });
});
