/**
 * An arena's settings as a member's form sends them (strings), checked on
 * the server (decision 0028: no validation library in the browser). Pure:
 * the clock is the caller's. Each refused field names its message key.
 */
import { fail, ok, type Result } from "../../shared/result.ts";

export interface ArenaSettings {
  readonly name: string;
  readonly description: string;
  readonly rules: "standard" | "chess960";
  readonly baseSeconds: number;
  readonly incrementSeconds: number;
  readonly rated: boolean;
  readonly startsAt: Date;
  readonly durationMinutes: number;
  readonly minRating: number | null;
  readonly maxRating: number | null;
}

export type ArenaSettingsField = "name" | "description" | "rules" | "control" | "starts_at" | "duration" | "rating_range";

/** The clocks an arena offers (minutes + increment seconds), bullet to rapid, as lichess's arenas do. */
export const arenaControls = ["1+0", "2+1", "3+0", "3+2", "5+0", "5+3", "10+0", "10+5", "15+10"] as const;
export const arenaDurations = [20, 30, 45, 60, 90, 120, 180, 240, 360, 720] as const;
export const ARENA_NAME_MAX = 60;
export const ARENA_DESCRIPTION_MAX = 1000;
/** How far ahead an arena may be scheduled. */
export const ARENA_SCHEDULE_AHEAD_DAYS = 60;
export const RATING_LIMIT_RANGE = { min: 600, max: 3000 } as const;

const text = (form: Readonly<Record<string, unknown>>, name: string): string => {
  const value = form[name];
  return typeof value === "string" ? value.trim() : "";
};

function ratingLimit(raw: string): number | null | "bad" {
  if (raw === "") return null;
  if (!/^[0-9]{1,4}$/.test(raw)) return "bad";
  const value = Number(raw);
  return value >= RATING_LIMIT_RANGE.min && value <= RATING_LIMIT_RANGE.max ? value : "bad";
}

/** A start time: ISO with a zone, or a form's "YYYY-MM-DDTHH:mm" read as UTC (the form says so). */
function startTime(raw: string): Date | null {
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(raw)) return new Date(`${raw}:00Z`);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(raw)) return new Date(raw);
  return null;
}

export function readArenaSettings(form: Readonly<Record<string, unknown>>, nowMs: number): Result<ArenaSettings, ArenaSettingsField> {
  const name = text(form, "name");
  if (name.length < 3 || name.length > ARENA_NAME_MAX) return fail("name");
  const description = text(form, "description");
  if (description.length > ARENA_DESCRIPTION_MAX) return fail("description");
  const rules = text(form, "rules") || "standard";
  if (rules !== "standard" && rules !== "chess960") return fail("rules");
  const control = text(form, "control");
  if (!(arenaControls as readonly string[]).includes(control)) return fail("control");
  const [minutes, increment] = control.split("+").map(Number);
  const startsAt = startTime(text(form, "startsAt"));
  if (!startsAt || Number.isNaN(startsAt.getTime()) || startsAt.getTime() < nowMs || startsAt.getTime() > nowMs + ARENA_SCHEDULE_AHEAD_DAYS * 86_400_000) return fail("starts_at");
  const durationMinutes = Number(text(form, "durationMinutes"));
  if (!(arenaDurations as readonly number[]).includes(durationMinutes)) return fail("duration");
  const minRating = ratingLimit(text(form, "minRating"));
  const maxRating = ratingLimit(text(form, "maxRating"));
  if (minRating === "bad" || maxRating === "bad" || (minRating !== null && maxRating !== null && minRating >= maxRating)) return fail("rating_range");
  const rated = ["1", "on", "true"].includes(text(form, "rated"));
  return ok({ name, description, rules, baseSeconds: (minutes ?? 0) * 60, incrementSeconds: increment ?? 0, rated, startsAt, durationMinutes, minRating, maxRating });
}

/** "3+2": an arena's clock as the lists show it (minutes + increment seconds). */
export const controlOf = (row: { readonly baseSeconds: number; readonly incrementSeconds: number }): string => `${row.baseSeconds / 60}+${row.incrementSeconds}`;

/** A Swiss's settings: the arena's, with a number of rounds in place of a duration (decision 0078). */
export interface SwissSettings extends Omit<ArenaSettings, "durationMinutes"> {
  readonly rounds: number;
  /** The estimate the lists show: each round two full clocks of forty moves, and a minute between. */
  readonly durationMinutes: number;
}

export type SwissSettingsField = Exclude<ArenaSettingsField, "duration"> | "rounds";

/** The rounds a Swiss may have (a live evening is short; two make the smallest Swiss worth the name). */
export const SWISS_ROUNDS = { min: 2, max: 15 } as const;

export function swissDurationMinutes(rounds: number, baseSeconds: number, incrementSeconds: number): number {
  return Math.min(32_000, rounds * Math.ceil((2 * (baseSeconds + 40 * incrementSeconds)) / 60 + 1));
}

export function readSwissSettings(form: Readonly<Record<string, unknown>>, nowMs: number): Result<SwissSettings, SwissSettingsField> {
  // The arena's checks, with a valid duration standing in for the one a Swiss does not have.
  const common = readArenaSettings({ ...form, durationMinutes: String(arenaDurations[0]) }, nowMs);
  if (!common.ok) return common.error === "duration" ? fail("rounds") : fail(common.error);
  const raw = text(form, "rounds");
  const rounds = /^[0-9]{1,2}$/.test(raw) ? Number(raw) : NaN;
  if (!(rounds >= SWISS_ROUNDS.min && rounds <= SWISS_ROUNDS.max)) return fail("rounds");
  return ok({ ...common.value, rounds, durationMinutes: swissDurationMinutes(rounds, common.value.baseSeconds, common.value.incrementSeconds) });
}
