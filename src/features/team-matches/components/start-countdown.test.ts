import { describe, expect, it } from "vitest";
import { countdownText } from "./start-countdown.tsx";

describe("the start countdown's text", () => {
  it("shows whole hours, then two-digit minutes and seconds, rounding the last second up", () => {
    expect(countdownText(0)).toBe("0:00:00");
    expect(countdownText(-5_000)).toBe("0:00:00");
    expect(countdownText(1)).toBe("0:00:01");
    expect(countdownText(59_001)).toBe("0:01:00");
    expect(countdownText(3_600_000)).toBe("1:00:00");
    expect(countdownText((47 * 3600 + 5 * 60 + 9) * 1000)).toBe("47:05:09");
  });
});
