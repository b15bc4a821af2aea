/**
 * The game row's clock columns as the chess module's ClockState, and back.
 * White always moves first in the rules played today, so the side to move
 * follows from the ply.
 */
import { createClock, flagDueAt, remainingAt, type ClockState } from "../../../chess/clock.ts";
import { FIRST_MOVE_MS, turnAtPly } from "../game-actions.ts";
import type { LiveTimeControl } from "../../../chess/time-control.ts";
import type { GameRow } from "../play.tables.server.ts";


export function liveControlOf(row: Pick<GameRow, "speed" | "baseSeconds" | "incrementSeconds">): LiveTimeControl | null {
  if (row.speed !== "live" || row.baseSeconds === null || row.incrementSeconds === null) return null;
  return { kind: "live", baseSeconds: row.baseSeconds, incrementSeconds: row.incrementSeconds };
}

type ClockColumns = Pick<GameRow, "whiteClockMs" | "blackClockMs" | "whiteLagQuotaMs" | "blackLagQuotaMs" | "turnStartedAt" | "ply">;

export function clockOf(control: LiveTimeControl, row: ClockColumns): ClockState {
  const fresh = createClock(control);
  return {
    ...fresh,
    white: { remainingMs: row.whiteClockMs ?? fresh.white.remainingMs, lagQuotaMs: row.whiteLagQuotaMs },
    black: { remainingMs: row.blackClockMs ?? fresh.black.remainingMs, lagQuotaMs: row.blackLagQuotaMs },
    turn: turnAtPly(row.ply),
    turnStartedAt: row.turnStartedAt ? row.turnStartedAt.getTime() : undefined,
  };
}

export function clockColumns(state: ClockState) {
  return {
    whiteClockMs: state.white.remainingMs,
    blackClockMs: state.black.remainingMs,
    whiteLagQuotaMs: state.white.lagQuotaMs,
    blackLagQuotaMs: state.black.lagQuotaMs,
    turnStartedAt: state.turnStartedAt === undefined ? null : new Date(state.turnStartedAt),
  };
}

/** Both clocks as the players see them at `now`. */
export function clocksAt(state: ClockState, now: number): { white: number; black: number } {
  return { white: remainingAt(state, "white", now), black: remainingAt(state, "black", now) };
}

export { FIRST_MOVE_MS } from "../game-actions.ts";

/** When the sweeper must look at a live game next. */
export function liveDeadline(state: ClockState, now: number): Date {
  const due = flagDueAt(state);
  return new Date(due ?? now + FIRST_MOVE_MS);
}

/**
 * A running clock after the service was down from `outageFrom` until it
 * resumed (docs/decisions/0022, 0059): the side to move is charged what it
 * spent while the service was up, never the outage, and its turn goes on from
 * `resumeAt` (start-up plus a grace for the players to reconnect).
 *
 * The time spent is taken off the mover's remaining time here, not left in
 * `turnStartedAt`: a turn that "started" before `resumeAt` would let a move
 * made during the grace measure less than nothing (clamped to zero), which
 * gave the spent time back. A clock that had run out before the outage is left
 * as it was, so the sweeper flags it on its first pass.
 */
export function resumedClock(state: ClockState, outageFrom: number, resumeAt: number): ClockState {
  if (state.turnStartedAt === undefined) return state;
  const mover = state[state.turn];
  const spentBeforeOutage = Math.max(0, outageFrom - state.turnStartedAt);
  if (spentBeforeOutage >= mover.remainingMs) return state;
  return { ...state, [state.turn]: { ...mover, remainingMs: mover.remainingMs - spentBeforeOutage }, turnStartedAt: resumeAt };
}
