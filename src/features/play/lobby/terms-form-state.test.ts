import { describe, expect, it } from "vitest";
import { CUSTOM, allowedState, defaultTermsForm, forOfflineChallenge, seekInputOf, termsFormFor, termsOf, type TermsFormState } from "./terms-form-state.ts";

const form = (change: Partial<TermsFormState>): TermsFormState => ({ ...defaultTermsForm, ...change });

describe("the seek and challenge forms' terms", () => {
  it("starts at the control the home's quick pairing names (?control=), and at the default for anything else", () => {
    expect(termsOf(termsFormFor("3+2"))).toMatchObject({ ok: true, value: { control: { kind: "live", baseSeconds: 180, incrementSeconds: 2 } } });
    expect(termsFormFor("1+0")).toMatchObject({ speed: "live", livePreset: "1+0" });
    expect(termsFormFor("daily/3")).toMatchObject({ speed: "daily", daysPerMove: 3 });
    // Not a preset: the custom fields, filled in.
    expect(termsFormFor("7+3")).toMatchObject({ speed: "live", livePreset: CUSTOM, customMinutes: "7", customIncrement: "3" });
    for (const nonsense of [null, "", "3+", "daily/4", "fast", "999+0"]) expect(termsFormFor(nonsense), String(nonsense)).toEqual(defaultTermsForm);
  });

  it("turns a live preset into base and increment seconds", () => {
    expect(termsOf(form({ livePreset: "3+2", rules: "chess960", rated: false, color: "black" }))).toEqual({
      ok: true,
      value: { rules: "chess960", control: { kind: "live", baseSeconds: 180, incrementSeconds: 2 }, rated: false, color: "black" },
    });
  });

  it("gives daily games their days per move, whatever live control was chosen", () => {
    expect(termsOf(form({ speed: "daily", daysPerMove: 14, livePreset: CUSTOM, customMinutes: "nonsense" }))).toEqual({
      ok: true,
      value: { rules: "standard", control: { kind: "daily", daysPerMove: 14 }, rated: true, color: "random" },
    });
  });

  it("accepts custom controls within the limits, half a minute included", () => {
    expect(termsOf(form({ livePreset: CUSTOM, customMinutes: " 45 ", customIncrement: "15" }))).toMatchObject({ ok: true, value: { control: { baseSeconds: 2700, incrementSeconds: 15 } } });
    expect(termsOf(form({ livePreset: CUSTOM, customMinutes: "½", customIncrement: "0" }))).toMatchObject({ ok: true, value: { control: { baseSeconds: 30, incrementSeconds: 0 } } });
    expect(termsOf(form({ livePreset: CUSTOM, customMinutes: "0,5", customIncrement: "1" }))).toMatchObject({ ok: true, value: { control: { baseSeconds: 30 } } });
  });

  it("names the wrong field of a custom control", () => {
    for (const minutes of ["0", "181", "2.5", "", "-3", "ten"]) {
      expect(termsOf(form({ livePreset: CUSTOM, customMinutes: minutes, customIncrement: "0" }))).toEqual({ ok: false, error: "custom_minutes" });
    }
    for (const increment of ["61", "", "1.5", "-1"]) {
      expect(termsOf(form({ livePreset: CUSTOM, customMinutes: "5", customIncrement: increment }))).toEqual({ ok: false, error: "custom_increment" });
    }
  });

  it("keeps a guest to casual live games", () => {
    const wanted = form({ speed: "daily", rated: true });
    expect(allowedState(wanted, true)).toMatchObject({ speed: "live", rated: false });
    expect(allowedState(wanted, false)).toBe(wanted);
  });

  it("makes the offline challenge a daily one, keeping the other choices", () => {
    expect(forOfflineChallenge(form({ speed: "live", rules: "chess960", color: "white" }))).toMatchObject({ speed: "daily", rules: "chess960", color: "white" });
  });

  it("adds the rating range to a seek only when it is limited", () => {
    expect(seekInputOf(form({ rangeLimited: false, rangeBelow: -100, rangeAbove: 200 }))).toMatchObject({ ok: true, value: { terms: expect.any(Object) } });
    expect(seekInputOf(form({ rangeLimited: false }))).not.toHaveProperty("value.ratingRange");
    expect(seekInputOf(form({ rangeLimited: true, rangeBelow: -100, rangeAbove: 200 }))).toMatchObject({ ok: true, value: { ratingRange: { below: -100, above: 200 } } });
    expect(seekInputOf(form({ livePreset: CUSTOM, customMinutes: "999" }))).toEqual({ ok: false, error: "custom_minutes" });
  });
});
