/**
 * An arena game's points (decision 0073, after lichess's arena): 2 for a
 * win, 1 for a draw, 0 for a loss; doubled while the player is on fire (the
 * two games before this one were wins); a berserk win earns one point more.
 * Isomorphic and pure: the service applies it when play says a game ended.
 */
export type ArenaOutcome = "win" | "draw" | "loss";

export interface ArenaGameScore {
  readonly points: number;
  /** Consecutive wins after this game (the fire mark shows from two). */
  readonly streak: number;
  /** Whether the points were doubled (the player was on fire). */
  readonly doubled: boolean;
}

/** Two wins in a row light the fire: the next game's points are doubled. */
export const FIRE_STREAK = 2;

export const isOnFire = (streak: number): boolean => streak >= FIRE_STREAK;

export function scoreArenaGame(streakBefore: number, outcome: ArenaOutcome, berserked: boolean): ArenaGameScore {
  const doubled = isOnFire(streakBefore);
  const base = outcome === "win" ? 2 : outcome === "draw" ? 1 : 0;
  const berserkBonus = berserked && outcome === "win" ? 1 : 0;
  return { points: base * (doubled ? 2 : 1) + berserkBonus, streak: outcome === "win" ? streakBefore + 1 : 0, doubled };
}

/** White's and black's outcomes of a finished game's result. */
export function outcomesOf(result: "1-0" | "0-1" | "1/2-1/2"): { readonly white: ArenaOutcome; readonly black: ArenaOutcome } {
  if (result === "1-0") return { white: "win", black: "loss" };
  if (result === "0-1") return { white: "loss", black: "win" };
  return { white: "draw", black: "draw" };
}
