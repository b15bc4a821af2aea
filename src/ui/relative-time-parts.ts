/**
 * How a moment reads relative to now: "3 minutes ago", "in 2 days", or,
 * beyond about a month, an absolute date.
 */
export type RelativeTimeUnit = "second" | "minute" | "hour" | "day" | "week";

export type RelativeTimeParts = { kind: "relative"; value: number; unit: RelativeTimeUnit } | { kind: "absolute" };

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;
const week = 7 * day;

/** Past this distance the absolute date is shown ("about a month"). */
export const relativeTimeLimitMs = 30 * day;

const steps: ReadonlyArray<{ below: number; size: number; unit: RelativeTimeUnit }> = [
  { below: minute, size: second, unit: "second" },
  { below: hour, size: minute, unit: "minute" },
  { below: day, size: hour, unit: "hour" },
  { below: week, size: day, unit: "day" },
  { below: relativeTimeLimitMs, size: week, unit: "week" },
];

/**
 * The value (negative in the past, as Intl.RelativeTimeFormat expects) and
 * unit, truncated toward zero: 3 min 59 s ago is "3 minutes ago".
 */
export function relativeTimeParts(date: Date | number, now: Date | number): RelativeTimeParts {
  const difference = Number(date) - Number(now);
  if (!Number.isFinite(difference)) return { kind: "absolute" };
  const distance = Math.abs(difference);
  for (const step of steps) {
    if (distance < step.below) {
      const magnitude = Math.floor(distance / step.size);
      return { kind: "relative", value: magnitude === 0 ? 0 : Math.sign(difference) * magnitude, unit: step.unit };
    }
  }
  return { kind: "absolute" };
}

/** How often a shown relative time should refresh to stay true. */
export function refreshIntervalMs(parts: RelativeTimeParts): number | null {
  if (parts.kind === "absolute") return null;
  if (parts.unit === "second") return 10 * second;
  if (parts.unit === "minute") return 30 * second;
  return 30 * minute;
}
