import { describe, expect, it } from "vitest";
import { clockAfterMove, createClock, dailyMoveDeadline, flagDueAt, flaggedAt, lagQuotaGainMs, remainingAt, type ClockState } from "./clock.ts";
import type { LiveTimeControl } from "./time-control.ts";

const threePlusTwo: LiveTimeControl = { kind: "live", baseSeconds: 180, incrementSeconds: 2 };

const move = (state: ClockState, now: number, lagMs = 0): ClockState => {
  const after = clockAfterMove(state, { now, lagMs });
  if (after.flagged) throw new Error(`flagged at ${now}`);
  return after.state;
};

/** Both first moves made: white to move, clock running from t = 0. */
const running = (control: LiveTimeControl = threePlusTwo): ClockState => move(move(createClock(control), -5000), 0);

describe("clock", () => {
  it("does not run before both sides have moved", () => {
    const afterWhite = move(createClock(threePlusTwo), 50_000);
    expect(afterWhite.white.remainingMs).toBe(180_000);
    expect(flaggedAt(afterWhite, 10_000_000)).toBeUndefined();
    const afterBlack = move(afterWhite, 90_000);
    expect(afterBlack.black.remainingMs).toBe(180_000);
    expect(afterBlack.turnStartedAt).toBe(90_000);
  });

  it("charges the thinking time and adds the increment", () => {
    const afterWhite = move(running(), 10_000);
    expect(afterWhite.white.remainingMs).toBe(180_000 - 10_000 + 2_000);
    expect(afterWhite.turn).toBe("black");
    expect(remainingAt(afterWhite, "black", 15_000)).toBe(175_000);
    expect(remainingAt(afterWhite, "white", 15_000)).toBe(172_000);
  });

  it("gives back measured lag out of the quota, refilled each move and capped", () => {
    const gain = lagQuotaGainMs(threePlusTwo);
    expect(gain).toBe(1000);
    const start = running();
    expect(start.white.lagQuotaMs).toBe(3000);
    const lagged = clockAfterMove(start, { now: 10_000, lagMs: 400 });
    expect(lagged.flagged === false && [lagged.spentMs, lagged.compensationMs]).toEqual([9_600, 400]);
    expect(lagged.flagged === false && lagged.state.white.lagQuotaMs).toBe(3000 - 400 + 1000);

    // A client claiming huge lag gets at most what is in its quota.
    const greedy = clockAfterMove(start, { now: 10_000, lagMs: 60_000 });
    expect(greedy.flagged === false && greedy.compensationMs).toBe(3000);
    expect(greedy.flagged === false && greedy.state.white.lagQuotaMs).toBe(1000);

    // Negative or absent lag costs nothing; the quota never exceeds seven gains.
    let state = start;
    for (let ply = 1; ply <= 20; ply++) state = move(state, ply * 1000, -50);
    expect(state.white.lagQuotaMs).toBe(7000);
    expect(state.black.lagQuotaMs).toBe(7000);
  });

  it("never compensates more than the time that passed", () => {
    const quick = clockAfterMove(running(), { now: 100, lagMs: 2000 });
    expect(quick.flagged === false && [quick.spentMs, quick.compensationMs]).toEqual([0, 100]);
  });

  it("scales the quota gain with the speed of the game", () => {
    expect(lagQuotaGainMs({ kind: "live", baseSeconds: 60, incrementSeconds: 0 })).toBe(333);
    expect(lagQuotaGainMs({ kind: "live", baseSeconds: 30, incrementSeconds: 0 })).toBe(200);
    expect(lagQuotaGainMs({ kind: "live", baseSeconds: 1800, incrementSeconds: 0 })).toBe(1000);
  });

  it("refuses a move that arrives after the time and its compensation ran out", () => {
    const bullet: LiveTimeControl = { kind: "live", baseSeconds: 60, incrementSeconds: 0 };
    const start = running(bullet);
    expect(clockAfterMove(start, { now: 60_000, lagMs: 0 }).flagged).toBe(true);
    expect(clockAfterMove(start, { now: 60_500, lagMs: 600 }).flagged).toBe(false);
  });

  it("calls the flag only once the remaining time and the lag quota have passed", () => {
    const start = running();
    expect(flagDueAt(start)).toBe(183_000);
    expect(flaggedAt(start, 182_999)).toBeUndefined();
    expect(flaggedAt(start, 183_000)).toBe("white");
    expect(remainingAt(start, "white", 200_000)).toBe(0);
    const afterWhite = move(start, 1_000);
    expect(flaggedAt(afterWhite, 1_000 + 183_000)).toBe("black");
  });

  it("gives daily games a deadline in days, plus vacation", () => {
    expect(dailyMoveDeadline({ kind: "daily", daysPerMove: 3 }, 1_000)).toBe(1_000 + 3 * 86_400_000);
    expect(dailyMoveDeadline({ kind: "daily", daysPerMove: 1 }, 0, 86_400_000)).toBe(2 * 86_400_000);
  });
});
