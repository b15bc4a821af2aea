import { fail, ok, type Result } from "../shared/result.ts";

/**
 * Time controls and speed categories. Isomorphic, no I/O. (Which rating a
 * game counts for is not a rule of chess: the ratings decide it.)
 *
 * A live control is base + increment; its speed category follows lichess's
 * estimate of a game's length (base + 40 × increment seconds): under 3 minutes
 * bullet, under 8 blitz, else rapid (the site has no classical pool; slower
 * games rate as rapid). Daily games give a whole number of days per move.
 */
export interface LiveTimeControl {
  readonly kind: "live";
  readonly baseSeconds: number;
  readonly incrementSeconds: number;
}

export const dailyDaysPerMove = [1, 2, 3, 5, 7, 14] as const;
export type DailyDaysPerMove = (typeof dailyDaysPerMove)[number];

export interface DailyTimeControl {
  readonly kind: "daily";
  readonly daysPerMove: DailyDaysPerMove;
}

export type TimeControl = LiveTimeControl | DailyTimeControl;

export const speedCategories = ["bullet", "blitz", "rapid"] as const;
export type SpeedCategory = (typeof speedCategories)[number];

export type TimeControlError = "time-control.invalid";

/** Custom live controls: ½ minute or 1–180 whole minutes, 0–60 seconds increment. */
export const customLiveLimits = { minMinutes: 0.5, maxMinutes: 180, maxIncrementSeconds: 60 } as const;

export const liveTimeControl = (minutes: number, incrementSeconds: number): Result<LiveTimeControl, TimeControlError> => {
  const minutesValid = minutes === 0.5 || (Number.isInteger(minutes) && minutes >= 1 && minutes <= customLiveLimits.maxMinutes);
  const incrementValid = Number.isInteger(incrementSeconds) && incrementSeconds >= 0 && incrementSeconds <= customLiveLimits.maxIncrementSeconds;
  if (!minutesValid || !incrementValid) return fail("time-control.invalid");
  return ok({ kind: "live", baseSeconds: minutes * 60, incrementSeconds });
};

export const isDailyDaysPerMove = (days: number): days is DailyDaysPerMove => (dailyDaysPerMove as readonly number[]).includes(days);

export const dailyTimeControl = (daysPerMove: number): Result<DailyTimeControl, TimeControlError> =>
  isDailyDaysPerMove(daysPerMove) ? ok({ kind: "daily", daysPerMove }) : fail("time-control.invalid");

const live = (minutes: number, incrementSeconds: number): LiveTimeControl => ({ kind: "live", baseSeconds: minutes * 60, incrementSeconds });

/** The controls the seek form offers, fastest first. */
export const livePresets: readonly LiveTimeControl[] = [
  live(1, 0), live(2, 1), live(3, 0), live(3, 2), live(5, 0), live(5, 5), live(10, 0), live(15, 10), live(30, 0),
];

/** Seconds a game of this control is expected to last for each player. */
export const estimatedSeconds = (control: LiveTimeControl): number => control.baseSeconds + 40 * control.incrementSeconds;

export const speedCategory = (control: LiveTimeControl): SpeedCategory => {
  const seconds = estimatedSeconds(control);
  if (seconds < 180) return "bullet";
  if (seconds < 480) return "blitz";
  return "rapid";
};

/** A stable key for seeks and URLs: "3+2" live, "daily/3" daily (the words shown are the UI's job). */
export const timeControlKey = (control: TimeControl): string =>
  control.kind === "daily" ? `daily/${control.daysPerMove}` : `${control.baseSeconds / 60}+${control.incrementSeconds}`;

export const parseTimeControlKey = (key: string): Result<TimeControl, TimeControlError> => {
  const daily = /^daily\/(\d+)$/.exec(key);
  if (daily) return dailyTimeControl(Number(daily[1]));
  const liveKey = /^(\d+(?:\.5)?)\+(\d+)$/.exec(key);
  if (liveKey) return liveTimeControl(Number(liveKey[1]), Number(liveKey[2]));
  return fail("time-control.invalid");
};

/** The PGN TimeControl tag: "180+2" live, "1/86400" (one move per N seconds) daily. */
export const pgnTimeControl = (control: TimeControl): string =>
  control.kind === "daily" ? `1/${control.daysPerMove * 86_400}` : `${control.baseSeconds}+${control.incrementSeconds}`;
