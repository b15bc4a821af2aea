import { clockAfterMove, createClock, type ClockState } from "../../src/chess/clock.ts";
import { legalMoves, playMove, positionOutcome, repetitionKey, startPosition, toFen, type RulesPosition } from "../../src/chess/rules.ts";
import type { LiveTimeControl } from "../../src/chess/time-control.ts";

/** What a game holds between moves, wherever it is held. */
export interface HeldGame {
  readonly id: number;
  readonly ply: number;
  readonly position: RulesPosition;
  readonly clock: ClockState;
  readonly repetitionKeys: readonly string[];
}

export const benchTimeControl: LiveTimeControl = { kind: "live", baseSeconds: 180, incrementSeconds: 2 };

export const newHeldGame = (id: number): HeldGame => {
  const start = startPosition("standard");
  if (!start.ok) throw new Error("no start position");
  const position = start.value.position;
  return { id, ply: 0, position, clock: createClock(benchTimeControl), repetitionKeys: [repetitionKey(position)] };
};

export type MoveRefusal = "move.invalid" | "move.illegal" | "game.version-conflict" | "game.over" | "clock.flagged";

/**
 * The pure part of every move, the same in each strategy: chessops validation,
 * SAN, clock with lag compensation, end detection.
 */
export const applyMove = (
  game: HeldGame,
  uci: string,
  now: number,
): { ok: true; game: HeldGame; san: string; fen: string; clockMs: number; ended: boolean } | { ok: false; error: MoveRefusal } => {
  const played = playMove(game.position, uci);
  if (!played.ok) return { ok: false, error: played.error };
  const clock = clockAfterMove(game.clock, { now, lagMs: 20 });
  if (clock.flagged) return { ok: false, error: "clock.flagged" };
  const repetitionKeys = [...game.repetitionKeys, repetitionKey(played.value.position)];
  const mover = game.clock.turn;
  return {
    ok: true,
    game: { id: game.id, ply: game.ply + 1, position: played.value.position, clock: clock.state, repetitionKeys },
    san: played.value.san,
    fen: toFen(played.value.position),
    clockMs: clock.state[mover].remainingMs,
    ended: positionOutcome(played.value.position, repetitionKeys) !== undefined,
  };
};

/** Random legal games made in advance, so the load generator spends no CPU choosing moves. */
export const scriptedGames = (count: number, maxPlies: number, seed = 42): string[][] => {
  let state = seed >>> 0;
  const random = (): number => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
  const games: string[][] = [];
  for (let index = 0; index < count; index++) {
    let game = newHeldGame(index);
    const moves: string[] = [];
    while (moves.length < maxPlies) {
      const options = legalMoves(game.position);
      const uci = options[Math.floor(random() * options.length)];
      if (!uci) break;
      const next = applyMove(game, uci, moves.length * 1000);
      if (!next.ok) break;
      moves.push(uci);
      game = next.game;
      if (next.ended) break;
    }
    games.push(moves);
  }
  return games;
};
