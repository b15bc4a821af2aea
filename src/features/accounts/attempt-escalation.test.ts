import { describe, expect, it } from "vitest";
import { crossesIntoWaits, nextTryAt, waitAfterFailures } from "./attempt-escalation.ts";

const policy = { free: 5, firstDelayMs: 30_000, maxDelayMs: 15 * 60_000, windowMs: 24 * 3_600_000 };

describe("growing waits after wrong guesses", () => {
  it("costs nothing for the free tries, then doubles up to the ceiling", () => {
    expect([0, 4].map((failures) => waitAfterFailures(failures, policy))).toEqual([0, 0]);
    expect([5, 6, 7, 8].map((failures) => waitAfterFailures(failures, policy))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(waitAfterFailures(12, policy)).toBe(15 * 60_000);
    expect(waitAfterFailures(1_000, policy)).toBe(15 * 60_000);
  });

  it("says when the next try may be checked", () => {
    const last = new Date("2026-11-25T12:00:00Z");
    expect(nextTryAt(4, last, policy, new Date("2026-11-25T12:00:01Z"))).toBeNull();
    expect(nextTryAt(5, last, policy, new Date("2026-11-25T12:00:10Z"))).toEqual(new Date("2026-11-25T12:00:30Z"));
    expect(nextTryAt(5, last, policy, new Date("2026-11-25T12:00:31Z"))).toBeNull();
  });

  it("tells the member once, when the free tries run out", () => {
    expect([4, 5, 6].map((failures) => crossesIntoWaits(failures, policy))).toEqual([false, true, false]);
  });
});
