import { describe, expect, it } from "vitest";
import { humanCheckActions, parseHumanCheckLimits } from "./human-check-limits.ts";

describe("HUMAN_CHECK_LIMITS", () => {
  it("overrides the named limits and keeps the rest", () => {
    const actions = parseHumanCheckLimits("registration=50");
    expect(actions.registration).toEqual({ ...humanCheckActions.registration, limit: 50 });
    expect(actions.report).toEqual(humanCheckActions.report);
    expect(parseHumanCheckLimits(undefined)).toEqual(humanCheckActions);
  });

  it("refuses unknown actions and bad numbers", () => {
    expect(() => parseHumanCheckLimits("signup=5")).toThrow('Unknown human-check action "signup"');
    expect(() => parseHumanCheckLimits("registration=0")).toThrow("at least 1");
    expect(() => parseHumanCheckLimits("registration=lots")).toThrow("whole number");
  });
});
