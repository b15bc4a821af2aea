import { describe, expect, it } from "vitest";
import { isProvisional, newPlayerRating, rateGame, ratingChange, updateRating, type GlickoSystem } from "./glicko2.ts";

/** Glickman's example uses τ 0.5 and no RD bounds. */
const glickmanSystem: GlickoSystem = { tau: 0.5, minDeviation: 0, maxDeviation: Number.POSITIVE_INFINITY };

describe("Glicko-2", () => {
  it("reproduces Glickman's worked example", () => {
    const after = updateRating(
      { rating: 1500, deviation: 200, volatility: 0.06 },
      [
        { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
        { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
        { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
      ],
      glickmanSystem,
    );
    // The paper rounds its intermediate values to four decimals; exact arithmetic lands within 0.01 of its figures.
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.01);
    expect(Math.abs(after.deviation - 151.52)).toBeLessThan(0.01);
    expect(Math.abs(after.volatility - 0.05999)).toBeLessThan(0.00001);
  });

  it("grows only the deviation over a period without games", () => {
    const idle = updateRating({ rating: 1700, deviation: 60, volatility: 0.06 }, [], glickmanSystem);
    expect(idle.rating).toBe(1700);
    expect(idle.deviation).toBeCloseTo(Math.sqrt((60 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178, 6);
  });

  it("moves a game's winner up and its loser down, a draw between equals changes little", () => {
    const equal = { rating: 1500, deviation: 80, volatility: 0.06 };
    const won = rateGame(equal, equal, 1);
    expect(won.white.rating).toBeGreaterThan(1500);
    expect(won.black.rating).toBeLessThan(1500);
    expect(ratingChange(equal, won.white)).toBe(-ratingChange(equal, won.black));
    const drawn = rateGame(equal, equal, 0.5);
    expect(drawn.white.rating).toBeCloseTo(1500, 6);
    expect(drawn.white.deviation).toBeLessThan(80);
  });

  it("keeps the deviation between the system's bounds", () => {
    const veteran = { rating: 2000, deviation: 45, volatility: 0.06 };
    expect(rateGame(veteran, veteran, 0.5, { tau: 0.75, minDeviation: 50, maxDeviation: 500 }).white.deviation).toBe(50);
    expect(updateRating({ ...newPlayerRating }, []).deviation).toBe(500);
  });

  it("is provisional until the deviation falls to 110 (about a dozen games)", () => {
    let player = newPlayerRating;
    const opponent = { rating: 1500, deviation: 60, volatility: 0.06 };
    let games = 0;
    while (isProvisional(player)) {
      player = rateGame(player, opponent, games % 2 === 0 ? 1 : 0).white;
      games++;
    }
    expect(games).toBeGreaterThanOrEqual(8);
    expect(games).toBeLessThanOrEqual(20);
    expect(isProvisional({ ...opponent, deviation: 110 })).toBe(false);
    expect(isProvisional({ ...opponent, deviation: 110.5 })).toBe(true);
  });
});
