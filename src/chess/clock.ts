import type { LiveTimeControl, DailyTimeControl } from "./time-control.ts";
import { estimatedSeconds } from "./time-control.ts";
import { opponentOf, type Color } from "./outcome.ts";

/**
 * The server's clock of a live game, as pure functions over plain data (so a
 * game row or an owning instance can hold it, and tests can drive time).
 * All times are milliseconds; `now` is the server's clock.
 *
 * Lag compensation follows lichess: each player has a quota of time the server
 * may give back for network lag. A move spends min(measured lag, quota) from
 * it, every move refills it by a fixed gain, and it never exceeds a cap, so a
 * steadily lagging player is covered and a lying client gains at most the gain
 * per move. Our constants: the gain is 1 s per move for controls estimated at
 * 3 minutes or more, scaled down for faster ones (never under 0.2 s); a player
 * starts with 3 gains in the quota and holds at most 7.
 *
 * The clocks start once both sides have made their first move (until then the
 * game can be aborted, and an abort timer, not the clock, applies).
 */
export interface SideClock {
  readonly remainingMs: number;
  readonly lagQuotaMs: number;
}

export interface ClockState {
  readonly incrementMs: number;
  readonly lagQuotaGainMs: number;
  readonly lagQuotaMaxMs: number;
  readonly white: SideClock;
  readonly black: SideClock;
  readonly turn: Color;
  /** When the side to move started thinking; undefined while the clock is not running. */
  readonly turnStartedAt: number | undefined;
}

export interface ClockMove {
  readonly state: ClockState;
  /** Time charged to the mover after compensation. */
  readonly spentMs: number;
  readonly compensationMs: number;
}

export const lagQuotaGainMs = (control: LiveTimeControl): number =>
  Math.round(Math.min(1000, Math.max(200, (estimatedSeconds(control) / 180) * 1000)));

export const createClock = (control: LiveTimeControl): ClockState => {
  const gain = lagQuotaGainMs(control);
  const side: SideClock = { remainingMs: control.baseSeconds * 1000, lagQuotaMs: 3 * gain };
  return {
    incrementMs: control.incrementSeconds * 1000,
    lagQuotaGainMs: gain,
    lagQuotaMaxMs: 7 * gain,
    white: side,
    black: side,
    turn: "white",
    turnStartedAt: undefined,
  };
};

export const isRunning = (state: ClockState): boolean => state.turnStartedAt !== undefined;

/**
 * The clock after the side to move played. Before the clock runs (the first
 * move of each side) nothing is charged; black's first move starts it. A move
 * made after the mover's time ran out, even with the lag compensation, is
 * `flagged` and must not be applied.
 */
export const clockAfterMove = (
  state: ClockState,
  move: { readonly now: number; readonly lagMs: number },
): { readonly flagged: true } | ({ readonly flagged: false } & ClockMove) => {
  const mover = state.turn;
  const next = opponentOf(mover);
  if (state.turnStartedAt === undefined) {
    const turnStartedAt = mover === "black" ? move.now : undefined;
    return { flagged: false, state: { ...state, turn: next, turnStartedAt }, spentMs: 0, compensationMs: 0 };
  }
  const side = state[mover];
  const elapsedMs = Math.max(0, move.now - state.turnStartedAt);
  const compensationMs = Math.min(Math.max(0, move.lagMs), side.lagQuotaMs, elapsedMs);
  const spentMs = elapsedMs - compensationMs;
  if (spentMs >= side.remainingMs) return { flagged: true };
  const updated: SideClock = {
    remainingMs: side.remainingMs - spentMs + state.incrementMs,
    lagQuotaMs: Math.min(state.lagQuotaMaxMs, side.lagQuotaMs - compensationMs + state.lagQuotaGainMs),
  };
  return {
    flagged: false,
    state: { ...state, [mover]: updated, turn: next, turnStartedAt: move.now },
    spentMs,
    compensationMs,
  };
};

/** Time left on `color`'s clock at `now` (what the players see). */
export const remainingAt = (state: ClockState, color: Color, now: number): number => {
  const remaining = state[color].remainingMs;
  if (state.turnStartedAt === undefined || state.turn !== color) return remaining;
  return Math.max(0, remaining - Math.max(0, now - state.turnStartedAt));
};

/**
 * The side whose flag has fallen at `now`, for the sweeper. It waits for the
 * mover's lag quota too, since a move still in flight could be compensated by
 * that much; so a flag is only called when no honest move can arrive in time.
 */
export const flaggedAt = (state: ClockState, now: number): Color | undefined => {
  if (state.turnStartedAt === undefined) return undefined;
  const side = state[state.turn];
  return now - state.turnStartedAt >= side.remainingMs + side.lagQuotaMs ? state.turn : undefined;
};

/** When the sweeper should look at this game again (the earliest moment `flaggedAt` can answer a colour). */
export const flagDueAt = (state: ClockState): number | undefined => {
  if (state.turnStartedAt === undefined) return undefined;
  const side = state[state.turn];
  return state.turnStartedAt + side.remainingMs + side.lagQuotaMs;
};

/** A daily game's deadline for the move after one made at `movedAt` (vacation is added by the caller). */
export const dailyMoveDeadline = (control: DailyTimeControl, movedAt: number, vacationMs = 0): number =>
  movedAt + control.daysPerMove * 86_400_000 + vacationMs;
