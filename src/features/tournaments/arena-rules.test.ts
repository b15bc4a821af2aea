import { describe, expect, it } from "vitest";
import { pairArena, type WaitingPlayer } from "./arena-pairing.ts";
import { outcomesOf, scoreArenaGame } from "./arena-scoring.ts";

describe("arena scoring", () => {
  it("gives 2 for a win, 1 for a draw, 0 for a loss off a streak", () => {
    expect(scoreArenaGame(0, "win", false)).toEqual({ points: 2, streak: 1, doubled: false });
    expect(scoreArenaGame(1, "draw", false)).toEqual({ points: 1, streak: 0, doubled: false });
    expect(scoreArenaGame(1, "loss", false)).toEqual({ points: 0, streak: 0, doubled: false });
  });

  it("doubles the points after two wins in a row, until the streak breaks", () => {
    const results = (["win", "win", "win", "draw", "win", "win", "loss"] as const).reduce<{ streak: number; points: number[] }>(
      (sheet, outcome) => {
        const game = scoreArenaGame(sheet.streak, outcome, false);
        return { streak: game.streak, points: [...sheet.points, game.points] };
      },
      { streak: 0, points: [] },
    );
    // The draw after three wins is doubled too; it breaks the streak.
    expect(results.points).toEqual([2, 2, 4, 2, 2, 2, 0]);
    expect(scoreArenaGame(2, "draw", false)).toEqual({ points: 2, streak: 0, doubled: true });
  });

  it("adds one point for a berserk win only, on fire or not", () => {
    expect(scoreArenaGame(0, "win", true).points).toBe(3);
    expect(scoreArenaGame(2, "win", true).points).toBe(5);
    expect(scoreArenaGame(0, "draw", true).points).toBe(1);
    expect(scoreArenaGame(0, "loss", true).points).toBe(0);
  });

  it("reads both sides' outcomes from a result", () => {
    expect(outcomesOf("1-0")).toEqual({ white: "win", black: "loss" });
    expect(outcomesOf("0-1")).toEqual({ white: "loss", black: "win" });
    expect(outcomesOf("1/2-1/2")).toEqual({ white: "draw", black: "draw" });
  });
});

const player = (memberId: number, score: number, rating: number, lastOpponentId: number | null = null, colorBalance = 0): WaitingPlayer => ({ memberId, score, rating, lastOpponentId, colorBalance });

describe("arena pairing", () => {
  it("pairs by score first, then rating", () => {
    const { pairs, waiting } = pairArena([player(1, 0, 2000), player(2, 6, 1200), player(3, 6, 1500), player(4, 2, 1800)]);
    expect(pairs.map((pair) => [pair.whiteId, pair.blackId].sort())).toEqual([
      [2, 3],
      [1, 4],
    ]);
    expect(waiting).toEqual([]);
  });

  it("never gives an immediate rematch: the nearest other player instead, or a wait", () => {
    const { pairs } = pairArena([player(1, 4, 1500, 2), player(2, 4, 1400, 1), player(3, 0, 1300, null)]);
    expect(pairs).toHaveLength(1);
    expect([pairs[0]?.whiteId, pairs[0]?.blackId].sort()).toEqual([1, 3]);
    expect(pairArena([player(1, 2, 1500, 2), player(2, 0, 1400, 1)])).toEqual({ pairs: [], waiting: [1, 2] });
    // Either side remembering the other is enough (the other's last game may be older).
    expect(pairArena([player(1, 2, 1500, 2), player(2, 0, 1400, 7)]).pairs).toEqual([]);
  });

  it("gives white to the player who had it less, and leaves an odd player waiting", () => {
    const { pairs, waiting } = pairArena([player(1, 2, 1500, null, 1), player(2, 2, 1400, null, 0), player(3, 0, 1000)]);
    expect(pairs).toEqual([{ whiteId: 2, blackId: 1 }]);
    expect(waiting).toEqual([3]);
  });
});
