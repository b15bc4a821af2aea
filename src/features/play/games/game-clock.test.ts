import { describe, expect, it } from "vitest";
import { clockAfterMove, createClock, remainingAt, type ClockState } from "../../../chess/clock.ts";
import { resumedClock } from "./game-clock.server.ts";

/** A 1+0 clock after both first moves, white to move since `startedAt`. */
function running(startedAt: number): ClockState {
  let state = createClock({ kind: "live", baseSeconds: 60, incrementSeconds: 0 });
  for (const now of [startedAt - 2_000, startedAt]) {
    const moved = clockAfterMove(state, { now, lagMs: 0 });
    if (moved.flagged) throw new Error("flagged");
    state = moved.state;
  }
  return state;
}

describe("resumedClock", () => {
  const t = 1_000_000;

  it("charges the mover what it spent before the outage, not the outage, and runs again from the resume", () => {
    const before = running(t);
    const resumed = resumedClock(before, t + 4_000, t + 90_000);
    expect(remainingAt(resumed, "white", t + 90_000)).toBe(60_000 - 4_000);
    expect(remainingAt(resumed, "white", t + 91_500)).toBe(60_000 - 5_500);
    expect(remainingAt(resumed, "black", t + 91_500)).toBe(60_000);
    // Without the resume the outage would have flagged white.
    expect(remainingAt(before, "white", t + 90_000)).toBe(0);
  });

  it("charges nothing for a turn that began after the service was last seen up", () => {
    const resumed = resumedClock(running(t), t - 500, t + 30_000);
    expect(resumed.turnStartedAt).toBe(t + 30_000);
    expect(remainingAt(resumed, "white", t + 30_000)).toBe(60_000);
  });

  it("refunds nothing to a move made during the grace: what was spent before the outage stays spent", () => {
    const resumed = resumedClock(running(t), t + 4_000, t + 90_000);
    // A move 1 s into the grace (before the turn runs again) is charged the 4 s thought before the outage.
    const moved = clockAfterMove(resumed, { now: t + 89_000, lagMs: 0 });
    expect(moved.flagged ? null : moved.state.white.remainingMs).toBe(60_000 - 4_000);
  });

  it("leaves a clock that ran out before the outage as it was, so the sweeper flags it", () => {
    const before = running(t);
    expect(resumedClock(before, t + 61_000, t + 90_000)).toBe(before);
  });

  it("leaves a clock that is not running alone", () => {
    const idle = createClock({ kind: "live", baseSeconds: 60, incrementSeconds: 0 });
    expect(resumedClock(idle, t, t + 30_000)).toBe(idle);
  });
});
