/**
 * The seek and challenge forms' state and what it asks for: pure, so the
 * rules (guests, custom controls, the rating range) are tested without a page.
 * The server checks everything again; this only keeps the form honest.
 */
import { customLiveLimits, dailyDaysPerMove, livePresets, liveTimeControl, parseTimeControlKey, timeControlKey, type DailyDaysPerMove } from "../../../chess/time-control.ts";
import { fail, ok, type Result } from "../../../shared/result.ts";
import type { ColorChoice, PlayRulesId } from "../play.constants.ts";
import type { GameTerms, SeekInput } from "../play.schema.ts";

export { customLiveLimits, dailyDaysPerMove, livePresets, timeControlKey };

export const CUSTOM = "custom";

export interface TermsFormState {
  readonly speed: "live" | "daily";
  /** A preset's key ("3+2") or CUSTOM. */
  readonly livePreset: string;
  /** Text as typed, so a half-typed value is not lost. */
  readonly customMinutes: string;
  readonly customIncrement: string;
  readonly daysPerMove: DailyDaysPerMove;
  readonly rules: PlayRulesId;
  readonly rated: boolean;
  readonly color: ColorChoice;
  /** The seek's range of opponents' ratings around the seeker's own; off means anyone. */
  readonly rangeLimited: boolean;
  readonly rangeBelow: number;
  readonly rangeAbove: number;
}

export const defaultTermsForm: TermsFormState = {
  speed: "live",
  livePreset: "10+0",
  customMinutes: "10",
  customIncrement: "0",
  daysPerMove: 3,
  rules: "standard",
  rated: true,
  color: "random",
  rangeLimited: false,
  rangeBelow: -300,
  rangeAbove: 300,
};

/**
 * The form set to a time control's key ("3+2", "daily/3"), as the home's
 * quick pairing links ask (?control=); the default form for anything else.
 */
export function termsFormFor(controlKey: string | null): TermsFormState {
  const parsed = controlKey === null ? null : parseTimeControlKey(controlKey);
  if (!parsed?.ok) return defaultTermsForm;
  const control = parsed.value;
  if (control.kind === "daily") return { ...defaultTermsForm, speed: "daily", daysPerMove: control.daysPerMove };
  const key = timeControlKey(control);
  if (livePresets.some((preset) => timeControlKey(preset) === key)) return { ...defaultTermsForm, speed: "live", livePreset: key };
  return { ...defaultTermsForm, speed: "live", livePreset: CUSTOM, customMinutes: String(control.baseSeconds / 60), customIncrement: String(control.incrementSeconds) };
}

/** Rating range steps the form offers on each side of the member's rating. */
export const rangeSteps = [100, 200, 300, 500, 800, 1000] as const;

/** Guests play casual live games only (the server refuses the rest). */
export function forGuest(state: TermsFormState): TermsFormState {
  return { ...state, speed: "live", rated: false };
}

/** The state as a guest or a member may submit it. */
export function allowedState(state: TermsFormState, isGuest: boolean): TermsFormState {
  return isGuest ? forGuest(state) : state;
}

/** The offline challenge is a daily game: a member who is away answers when they come back. */
export function forOfflineChallenge(state: TermsFormState): TermsFormState {
  return { ...state, speed: "daily" };
}

export type TermsFormError = "custom_minutes" | "custom_increment";

function wholeNumber(text: string): number | null {
  return /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** Minutes as typed: whole minutes, or ½ written "0.5" or "½". */
function minutesOf(text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "0.5" || trimmed === ".5" || trimmed === "½") return 0.5;
  return wholeNumber(trimmed);
}

/** The terms the form asks for, or which field is wrong. */
export function termsOf(state: TermsFormState): Result<GameTerms, TermsFormError> {
  const common = { rules: state.rules, rated: state.rated, color: state.color };
  if (state.speed === "daily") return ok({ ...common, control: { kind: "daily", daysPerMove: state.daysPerMove } });
  if (state.livePreset !== CUSTOM) {
    const preset = livePresets.find((control) => timeControlKey(control) === state.livePreset) ?? livePresets[0];
    if (!preset) throw new Error("no live presets");
    return ok({ ...common, control: { kind: "live", baseSeconds: preset.baseSeconds, incrementSeconds: preset.incrementSeconds } });
  }
  const minutes = minutesOf(state.customMinutes);
  if (minutes === null || !liveTimeControl(minutes, 0).ok) return fail("custom_minutes");
  const increment = wholeNumber(state.customIncrement);
  if (increment === null || increment > customLiveLimits.maxIncrementSeconds) return fail("custom_increment");
  return ok({ ...common, control: { kind: "live", baseSeconds: Math.round(minutes * 60), incrementSeconds: increment } });
}

/** The seek command's input: the terms and, when limited, the rating range. */
export function seekInputOf(state: TermsFormState): Result<SeekInput, TermsFormError> {
  const terms = termsOf(state);
  if (!terms.ok) return terms;
  return ok(state.rangeLimited ? { terms: terms.value, ratingRange: { below: state.rangeBelow, above: state.rangeAbove } } : { terms: terms.value });
}

/** "3+2" for live, "3 days" is the page's words: this gives the parts. */
export function controlParts(control: GameTerms["control"]): { kind: "live"; minutes: number; increment: number } | { kind: "daily"; days: number } {
  return control.kind === "daily" ? { kind: "daily", days: control.daysPerMove } : { kind: "live", minutes: control.baseSeconds / 60, increment: control.incrementSeconds };
}
