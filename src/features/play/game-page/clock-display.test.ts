import { describe, expect, it } from "vitest";
import { crossedWarning, formatClock, msUntilNextDisplay, remainingMs, type ClockSnapshot } from "./clock-display.ts";

describe("clock display", () => {
  const snapshot: ClockSnapshot = { white: 60_000, black: 45_000, running: "white", receivedAt: 1_000 };

  it("runs only the running side's clock, from the time the figures were received", () => {
    expect(remainingMs(snapshot, "white", 3_500)).toBe(57_500);
    expect(remainingMs(snapshot, "black", 3_500)).toBe(45_000);
  });

  it("never shows less than zero, and stops when no clock runs", () => {
    expect(remainingMs(snapshot, "white", 100_000)).toBe(0);
    expect(remainingMs({ ...snapshot, running: null }, "white", 100_000)).toBe(60_000);
  });

  it("formats hours, minutes and tenths below ten seconds", () => {
    expect(formatClock(3_723_000)).toBe("1:02:03");
    expect(formatClock(185_900)).toBe("3:05");
    expect(formatClock(10_000)).toBe("0:10");
    expect(formatClock(9_870)).toBe("0:09.8");
    expect(formatClock(-5)).toBe("0:00.0");
  });

  it("waits until the display changes: the next second, or the next tenth below ten seconds", () => {
    expect(msUntilNextDisplay(60_250)).toBe(251);
    expect(msUntilNextDisplay(60_000)).toBe(1_001);
    expect(msUntilNextDisplay(9_950)).toBe(51);
  });

  it("warns once when the clock crosses ten seconds, not in controls that start near it", () => {
    expect(crossedWarning(10_050, 9_990, 180_000)).toBe(true);
    expect(crossedWarning(9_990, 9_800, 180_000)).toBe(false);
    expect(crossedWarning(10_050, 9_990, 15_000)).toBe(false);
  });
});
