import { describe, expect, it } from "vitest";
import { refreshIntervalMs, relativeTimeLimitMs, relativeTimeParts } from "./relative-time-parts.ts";

const now = new Date("2025-03-10T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe("relativeTimeParts", () => {
  it("counts seconds, minutes, hours, days and weeks into the past", () => {
    expect(relativeTimeParts(ago(0), now)).toEqual({ kind: "relative", value: 0, unit: "second" });
    expect(relativeTimeParts(ago(42_000), now)).toEqual({ kind: "relative", value: -42, unit: "second" });
    expect(relativeTimeParts(ago(3 * minute + 59_000), now)).toEqual({ kind: "relative", value: -3, unit: "minute" });
    expect(relativeTimeParts(ago(5 * hour), now)).toEqual({ kind: "relative", value: -5, unit: "hour" });
    expect(relativeTimeParts(ago(2 * day), now)).toEqual({ kind: "relative", value: -2, unit: "day" });
    expect(relativeTimeParts(ago(15 * day), now)).toEqual({ kind: "relative", value: -2, unit: "week" });
  });

  it("counts into the future with positive values", () => {
    expect(relativeTimeParts(new Date(now.getTime() + 2 * hour), now)).toEqual({
      kind: "relative",
      value: 2,
      unit: "hour",
    });
  });

  it("switches to the absolute date beyond about a month (30 days)", () => {
    expect(relativeTimeLimitMs).toBe(30 * day);
    expect(relativeTimeParts(ago(30 * day - 1), now).kind).toBe("relative");
    expect(relativeTimeParts(ago(30 * day), now)).toEqual({ kind: "absolute" });
    expect(relativeTimeParts(new Date(now.getTime() + 400 * day), now)).toEqual({ kind: "absolute" });
  });

  it("treats an invalid date as absolute", () => {
    expect(relativeTimeParts(new Date("nonsense"), now)).toEqual({ kind: "absolute" });
  });

  it("refreshes more often for fresher times", () => {
    expect(refreshIntervalMs({ kind: "relative", value: -5, unit: "second" })).toBe(10_000);
    expect(refreshIntervalMs({ kind: "relative", value: -5, unit: "minute" })).toBe(30_000);
    expect(refreshIntervalMs({ kind: "absolute" })).toBeNull();
  });
});
