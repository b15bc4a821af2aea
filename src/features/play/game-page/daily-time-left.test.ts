import { describe, expect, it } from "vitest";
import { dailyTimeLeft, dailyTimeLeftMessage } from "./daily-time-left.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const now = Date.UTC(2026, 10, 28, 12, 0, 0);
const left = (ms: number) => dailyTimeLeftMessage(dailyTimeLeft(now + ms, now));

describe("a daily move's time left", () => {
  it("reads a fresh 3-day move as 3 days, even once the page took a moment to arrive", () => {
    expect(left(3 * DAY)).toEqual({ id: "game.daily.left.days", values: { days: 3 } });
    expect(left(3 * DAY - 20_000)).toEqual({ id: "game.daily.left.days", values: { days: 3 } });
  });

  it("counts down in days and hours, never showing more than is left past the minute", () => {
    expect(left(3 * DAY - 2 * MINUTE)).toEqual({ id: "game.daily.left.days_hours", values: { days: 2, hours: 23 } });
    expect(left(DAY)).toEqual({ id: "game.daily.left.days", values: { days: 1 } });
    expect(left(DAY + 5 * HOUR + 59 * MINUTE)).toEqual({ id: "game.daily.left.days_hours", values: { days: 1, hours: 5 } });
  });

  it("reads hours and minutes under a day, minutes under an hour, and 0 minutes once past", () => {
    expect(left(DAY - MINUTE)).toEqual({ id: "game.daily.left.hours_minutes", values: { hours: 23, minutes: 59 } });
    expect(left(5 * HOUR)).toEqual({ id: "game.daily.left.hours", values: { hours: 5 } });
    expect(left(42 * MINUTE + 10_000)).toEqual({ id: "game.daily.left.minutes", values: { minutes: 42 } });
    expect(left(-MINUTE)).toEqual({ id: "game.daily.left.minutes", values: { minutes: 0 } });
  });
});
