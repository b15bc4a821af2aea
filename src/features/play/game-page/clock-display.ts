/**
 * The clocks as the page shows them: the server's figures plus the time since
 * they were received, for the side whose clock runs. The page never sets a
 * clock; each server message replaces the snapshot.
 */
export type ClockColor = "white" | "black";

export interface ClockSnapshot {
  readonly white: number;
  readonly black: number;
  readonly running: ClockColor | null;
  /**
   * When the page received these figures (performance.now() or Date.now(), used consistently),
   * or, for a clock the server holds (the grace after a restart), when it starts charging it:
   * the running clock counts down only from then.
   */
  readonly receivedAt: number;
}

/** Below this, the display shows tenths of a second. */
export const TENTHS_BELOW_MS = 10_000;
/** The "ten seconds left" warning. */
export const WARNING_AT_MS = 10_000;

export function remainingMs(snapshot: ClockSnapshot, color: ClockColor, now: number): number {
  const base = snapshot[color];
  const elapsed = snapshot.running === color ? Math.max(0, now - snapshot.receivedAt) : 0;
  return Math.max(0, base - elapsed);
}

/** The clocks as they stood at `at`, stopped (what a page shows while it cannot trust them). */
export function pausedClocks(snapshot: ClockSnapshot, at: number): ClockSnapshot {
  return { white: remainingMs(snapshot, "white", at), black: remainingMs(snapshot, "black", at), running: null, receivedAt: at };
}

const pad = (value: number): string => String(value).padStart(2, "0");

/** 1:02:03 from an hour, 4:05 below it, 0:09.8 below ten seconds. */
export function formatClock(ms: number): string {
  const clamped = Math.max(0, ms);
  if (clamped < TENTHS_BELOW_MS) {
    const tenths = Math.floor(clamped / 100);
    return `0:${pad(Math.floor(tenths / 10))}.${tenths % 10}`;
  }
  const seconds = Math.floor(clamped / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds % 60)}` : `${minutes}:${pad(seconds % 60)}`;
}

/** How long until a running clock showing `ms` changes its display (the next timer's delay). */
export function msUntilNextDisplay(ms: number): number {
  if (ms <= 0) return 1_000;
  const step = ms < TENTHS_BELOW_MS ? 100 : 1_000;
  const intoStep = ms % step;
  // The display floors, so it changes when the remaining time crosses the step below.
  return (intoStep === 0 ? step : intoStep) + 1;
}

/** Whether the warning should sound: the clock went from above the mark to at or below it. */
export function crossedWarning(beforeMs: number, afterMs: number, baseMs: number): boolean {
  // A control that starts at or under the mark would warn at once; it does not.
  return baseMs > WARNING_AT_MS * 2 && beforeMs > WARNING_AT_MS && afterMs <= WARNING_AT_MS;
}
