/**
 * A daily game's time left, as the player bar and the deadline line word it
 * (issue 21 item 5): whole days and hours while a day or more is left, hours
 * and minutes under a day, minutes under an hour. Counted in whole minutes,
 * rounded to the nearest, so a fresh 3-day move reads "3 days" even after the
 * milliseconds the page took to arrive, and a minute later "2 days 23 hours"
 * (below the minute every figure is truncated: never more time than is left).
 */
export type DailyTimeLeft =
  | { readonly unit: "days"; readonly days: number; readonly hours: number }
  | { readonly unit: "hours"; readonly hours: number; readonly minutes: number }
  | { readonly unit: "minutes"; readonly minutes: number };

const MINUTE_MS = 60_000;

export function dailyTimeLeft(deadlineMs: number, nowMs: number): DailyTimeLeft {
  const minutes = Math.max(0, Math.round((deadlineMs - nowMs) / MINUTE_MS));
  if (minutes >= 24 * 60) return { unit: "days", days: Math.floor(minutes / (24 * 60)), hours: Math.floor((minutes % (24 * 60)) / 60) };
  if (minutes >= 60) return { unit: "hours", hours: Math.floor(minutes / 60), minutes: minutes % 60 };
  return { unit: "minutes", minutes };
}

/** The message key and values of a time left (messages: game.daily.left.*). */
export function dailyTimeLeftMessage(left: DailyTimeLeft): { readonly id: string; readonly values: Record<string, number> } {
  switch (left.unit) {
    case "days":
      return left.hours === 0 ? { id: "game.daily.left.days", values: { days: left.days } } : { id: "game.daily.left.days_hours", values: { days: left.days, hours: left.hours } };
    case "hours":
      return left.minutes === 0 ? { id: "game.daily.left.hours", values: { hours: left.hours } } : { id: "game.daily.left.hours_minutes", values: { hours: left.hours, minutes: left.minutes } };
    case "minutes":
      return { id: "game.daily.left.minutes", values: { minutes: left.minutes } };
  }
}

/** How often the shown time left should be worked out again to stay true to the minute. */
export const DAILY_TIME_LEFT_REFRESH_MS = 30_000;
