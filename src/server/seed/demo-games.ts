/**
 * Demo games, generated without I/O: thousands of finished games with real
 * legal moves (chessops through src/chess), clocks that follow the live clock
 * rules, and results that follow from the final position; plus a few games in
 * progress. Deterministic: a seeded PRNG and dates relative to a fixed epoch
 * (games in progress are relative to the moment of seeding, or they would be
 * over before anyone saw them).
 *
 * How games end: the ending is drawn first, then a game is played towards it.
 * "Natural" games are played until the position ends them (checkmate,
 * stalemate, insufficient material, fifty moves, repetition); the others stop
 * after a random number of moves and end by resignation (the side behind in
 * material), timeout (the side to move lets its clock run out), agreement,
 * abandonment or a forced threefold repetition (both sides shuffle a piece).
 * Stronger members look at more candidate moves and prefer mates and
 * captures, so results, and hence ratings, follow strength.
 */
import { clockAfterMove, createClock, dailyMoveDeadline, type ClockState } from "../../chess/clock.ts";
import { draw, opponentOf, win, type Color, type GameOutcome } from "../../chess/outcome.ts";
import type { Chess } from "chessops/chess";
import { makeSanAndPlay } from "chessops/san";
import type { SquareSet } from "chessops/squareSet";
import { isNormal, type NormalMove } from "chessops/types";
import { canonicalUci, classicRules, legalMoves, parseMove, playMove, positionOutcome, repetitionKey, startPosition, timeoutOutcome, toFen, type RulesId, type RulesPosition } from "../../chess/rules.ts";
import { ratingType, type DailyDaysPerMove, type RatingType, type TimeControl } from "../../chess/time-control.ts";
import { Random } from "./demo-random.ts";

export interface DemoPlayer {
  readonly id: number;
  /** 0 (weakest) to 1: how many candidate moves the member weighs. */
  readonly strength: number;
  /** Guests play casual live games only. */
  readonly guest: boolean;
  /** The member cannot have played before joining. */
  readonly joinedAt: Date;
}

export interface DemoMove {
  readonly uci: string;
  readonly san: string;
  /** The mover's clock after the move (live games). */
  readonly clockMs: number | null;
  readonly playedAt: Date;
}

export type DemoEnding = "natural" | "resignation" | "timeout" | "agreement" | "repetition" | "abandonment" | "aborted";

export interface DemoGame {
  readonly rules: RulesId;
  readonly control: TimeControl;
  readonly ratingType: RatingType;
  readonly rated: boolean;
  readonly whiteId: number;
  readonly blackId: number;
  readonly initialFen: string;
  readonly fen: string;
  readonly moves: readonly DemoMove[];
  /** null while the game is in progress. */
  readonly outcome: GameOutcome | null;
  readonly clock: ClockState | null;
  readonly createdAt: Date;
  readonly endedAt: Date | null;
  /** When the side to move loses on time (live) or by timeout (daily); null once over. */
  readonly deadlineAt: Date | null;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Finished games lie in the year before the epoch. */
const HISTORY_MS = 365 * DAY_MS;

const liveControls: readonly (readonly [TimeControl, number])[] = [
  [{ kind: "live", baseSeconds: 60, incrementSeconds: 0 }, 6],
  [{ kind: "live", baseSeconds: 120, incrementSeconds: 1 }, 4],
  [{ kind: "live", baseSeconds: 180, incrementSeconds: 0 }, 6],
  [{ kind: "live", baseSeconds: 180, incrementSeconds: 2 }, 8],
  [{ kind: "live", baseSeconds: 300, incrementSeconds: 0 }, 8],
  [{ kind: "live", baseSeconds: 300, incrementSeconds: 5 }, 4],
  [{ kind: "live", baseSeconds: 600, incrementSeconds: 0 }, 7],
  [{ kind: "live", baseSeconds: 900, incrementSeconds: 10 }, 4],
  [{ kind: "live", baseSeconds: 1800, incrementSeconds: 0 }, 2],
];
const dailyDays: readonly (readonly [DailyDaysPerMove, number])[] = [
  [1, 3],
  [2, 2],
  [3, 4],
  [5, 1],
  [7, 1],
  [14, 1],
];
const endings: readonly (readonly [DemoEnding, number])[] = [
  ["natural", 22],
  ["resignation", 42],
  ["timeout", 12],
  ["agreement", 10],
  ["repetition", 6],
  ["abandonment", 5],
  ["aborted", 3],
];
const pieceValues: Readonly<Record<string, number>> = { pawn: 1, knight: 3, bishop: 3, rook: 5, queen: 9, king: 0 };

/**
 * The game being played: one mutable chessops position (the generator plays
 * hundreds of thousands of plies, so it avoids a copy per move) and the
 * repetition keys since the last capture or pawn move.
 */
interface Board {
  readonly rules: RulesId;
  readonly chess: Chess;
  keys: string[];
}

const view = (board: Board): RulesPosition => ({ rules: classicRules[board.rules], chess: board.chess });

function materialOf(chess: Chess, color: Color): number {
  let total = 0;
  for (const square of chess.board[color]) total += pieceValues[chess.board.getRole(square) ?? "king"] ?? 0;
  return total;
}

interface Candidate {
  readonly move: NormalMove;
  readonly score: number;
}

/**
 * The move a member of this strength picks among a few random legal ones:
 * a mate first, then the most valuable capture, then a check.
 */
function chooseMove(random: Random, chess: Chess, dests: ReadonlyMap<number, SquareSet>, strength: number): NormalMove {
  const origins = [...dests].filter(([, targets]) => targets.nonEmpty()).map(([origin]) => origin);
  const candidates = 2 + Math.round(strength * 4);
  let best: Candidate | undefined;
  for (let i = 0; i < candidates; i++) {
    const from = origins[random.int(origins.length)];
    const targets = from === undefined ? undefined : [...(dests.get(from) ?? [])];
    const to = targets?.[random.int(targets.length)];
    if (from === undefined || to === undefined) continue;
    const lastRank = to < 8 || to >= 56;
    const move: NormalMove = chess.board.pawn.has(from) && lastRank ? { from, to, promotion: random.chance(0.9) ? "queen" : "knight" } : { from, to };
    const target = chess.board.get(to);
    let score = random.float() * 0.5;
    if (target && target.color !== chess.turn) score += 1 + (pieceValues[target.role] ?? 1);
    // Only a check can mate: look deeper only then.
    const after = chess.clone();
    after.play(move);
    if (after.isCheck()) score += after.isCheckmate() ? 100 : 0.6;
    if (!best || score > best.score) best = { move, score };
  }
  if (!best) throw new Error("no legal move in a position that has not ended");
  return best.move;
}

/** Plays a move on the board: its canonical UCI and SAN. */
function playOn(board: Board, move: NormalMove): { uci: string; san: string } {
  const uci = canonicalUci(view(board), move);
  const san = makeSanAndPlay(board.chess, move);
  const key = repetitionKey(view(board));
  // Before a capture or pawn move no position can repeat: those keys are never looked at again.
  board.keys = board.chess.halfmoves === 0 ? [key] : [...board.keys, key];
  return { uci, san };
}

/**
 * Whether the position ends the game, asked of the rules only when it can
 * (no legal move, no pawn or major piece left, a reversible stretch long
 * enough to repeat or reach fifty moves): most plies need no extra work.
 */
function outcomeOf(board: Board, dests: ReadonlyMap<number, SquareSet>): GameOutcome | undefined {
  const chess = board.chess;
  const stuck = ![...dests.values()].some((targets) => targets.nonEmpty());
  const bare = chess.board.pawn.union(chess.board.rook).union(chess.board.queen).isEmpty();
  if (!stuck && !bare && chess.halfmoves < 8) return undefined;
  return positionOutcome(view(board), board.keys);
}

/**
 * Both sides shuffle one piece out and back twice, so the position now occurs
 * a third time. Answers the moves in UCI, or null when no such shuffle exists here.
 */
function shuffleToRepetition(board: Board): string[] | null {
  const position = view(board);
  const outward = (from: RulesPosition): string[] =>
    legalMoves(from).filter((uci) => {
      const origin = squareOf(uci.slice(0, 2));
      const target = squareOf(uci.slice(2, 4));
      return !from.chess.board.pawn.has(origin) && !from.chess.board.king.has(origin) && !from.chess.board.occupied.has(target);
    });
  for (const first of outward(position).slice(0, 6)) {
    const afterFirst = playMove(position, first);
    if (!afterFirst.ok) continue;
    for (const second of outward(afterFirst.value.position).slice(0, 6)) {
      const sequence = [first, second, back(first), back(second), first, second, back(first), back(second)];
      let trial: RulesPosition = position;
      const keys = [...board.keys];
      let outcome: GameOutcome | undefined;
      for (const uci of sequence) {
        const played = playMove(trial, uci);
        if (!played.ok) break;
        trial = played.value.position;
        keys.push(repetitionKey(trial));
        outcome = positionOutcome(trial, keys);
        if (outcome) break;
      }
      if (outcome?.reason === "threefold-repetition" && keys.length === board.keys.length + sequence.length) return sequence;
    }
  }
  return null;
}

function squareOf(name: string): number {
  return (name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97);
}

const back = (uci: string): string => uci.slice(2, 4) + uci.slice(0, 2);

/** Milliseconds a move took: live games spend about a fortieth of the base per move, daily ones hours. */
function thinkMs(random: Random, control: TimeControl): number {
  if (control.kind === "daily") return Math.round((0.02 + random.float() ** 3 * 0.6) * control.daysPerMove * DAY_MS);
  const average = (control.baseSeconds * 1000) / 40 + control.incrementSeconds * 700;
  return Math.round(300 + average * -Math.log(1 - random.float() * 0.95));
}

interface Setup {
  readonly rules: RulesId;
  readonly control: TimeControl;
  readonly rated: boolean;
  readonly white: DemoPlayer;
  readonly black: DemoPlayer;
  readonly startAt: number;
}

/** Plays one game towards `ending`; `stopAtPly` bounds the non-natural endings. `inProgress` leaves it running at `stopAtPly`. */
function playGame(random: Random, setup: Setup, ending: DemoEnding, stopAtPly: number, inProgress = false): DemoGame {
  const start = startPosition(setup.rules, { random: () => random.float() });
  if (!start.ok) throw new Error("no start position");
  const initialFen = toFen(start.value.position);
  const board: Board = { rules: setup.rules, chess: start.value.position.chess.clone(), keys: [repetitionKey(start.value.position)] };
  const live = setup.control.kind === "live" ? setup.control : null;
  let clock: ClockState | null = live ? createClock(live) : null;
  let at = setup.startAt;
  const moves: DemoMove[] = [];
  let outcome: GameOutcome | undefined;
  const limit = ending === "natural" ? 120 : ending === "aborted" ? random.int(2) : stopAtPly;

  const record = (move: NormalMove): void => {
    const mover = board.chess.turn;
    at += thinkMs(random, setup.control);
    if (clock) {
      // A live player never lets the clock fall in these games except by the timeout ending, decided below.
      const side = clock[mover];
      if (clock.turnStartedAt !== undefined && at - clock.turnStartedAt >= side.remainingMs) at = clock.turnStartedAt + Math.floor(side.remainingMs * random.float() * 0.5);
      const after = clockAfterMove(clock, { now: at, lagMs: 0 });
      if (after.flagged) throw new Error("a demo move fell outside its clock");
      clock = after.state;
    }
    const { uci, san } = playOn(board, move);
    moves.push({ uci, san, clockMs: clock ? clock[mover].remainingMs : null, playedAt: new Date(at) });
  };

  for (;;) {
    const dests = board.chess.allDests();
    outcome = outcomeOf(board, dests);
    if (outcome || moves.length >= limit) break;
    const player = board.chess.turn === "white" ? setup.white : setup.black;
    record(chooseMove(random, board.chess, dests, player.strength));
  }
  if (!outcome && ending === "repetition") {
    for (const uci of shuffleToRepetition(board) ?? []) {
      const parsed = parseMove(view(board), uci);
      if (!parsed.ok || !isNormal(parsed.value)) break;
      record(parsed.value);
      outcome = positionOutcome(view(board), board.keys);
      if (outcome) break;
    }
  }

  const mover = board.chess.turn;
  const final = view(board);
  let endedAt = at;
  if (!outcome && !inProgress) {
    const endAt = at + Math.round(thinkMs(random, setup.control) * random.float());
    endedAt = endAt;
    switch (ending) {
      case "aborted":
        outcome = { result: "*", winner: undefined, reason: "aborted" };
        break;
      case "timeout":
        if (moves.length < 2) {
          outcome = { result: "*", winner: undefined, reason: "aborted" };
          break;
        }
        outcome = timeoutOutcome(final, mover);
        if (clock && clock.turnStartedAt !== undefined) {
          const side = clock[mover];
          endedAt = clock.turnStartedAt + side.remainingMs + side.lagQuotaMs;
          clock = { ...clock, [mover]: { ...side, remainingMs: 0 }, turnStartedAt: undefined };
        } else {
          endedAt = at + (setup.control.kind === "daily" ? setup.control.daysPerMove * DAY_MS : 0);
        }
        break;
      case "abandonment":
        outcome = win(opponentOf(mover), "abandonment");
        break;
      case "agreement":
      case "natural":
      case "repetition":
        outcome = draw("agreement");
        break;
      case "resignation": {
        const white = materialOf(board.chess, "white");
        const black = materialOf(board.chess, "black");
        const behind = white < black ? "white" : black < white ? "black" : mover;
        outcome = win(opponentOf(behind), "resignation");
        break;
      }
    }
  }
  if (outcome && clock && clock.turnStartedAt !== undefined) {
    // The running clock stops where it is at the end, as the service does.
    const side = clock[mover];
    clock = { ...clock, [mover]: { ...side, remainingMs: Math.max(0, side.remainingMs - Math.max(0, endedAt - clock.turnStartedAt)) }, turnStartedAt: undefined };
  }
  const deadlineAt = outcome ? null : deadlineOf(setup.control, clock, at);
  return {
    rules: setup.rules,
    control: setup.control,
    ratingType: ratingType(setup.rules, setup.control),
    rated: setup.rated,
    whiteId: setup.white.id,
    blackId: setup.black.id,
    initialFen,
    fen: toFen(final),
    moves,
    outcome: outcome ?? null,
    clock,
    createdAt: new Date(setup.startAt),
    endedAt: outcome ? new Date(endedAt) : null,
    deadlineAt,
  };
}

function deadlineOf(control: TimeControl, clock: ClockState | null, at: number): Date {
  if (control.kind === "daily") return new Date(dailyMoveDeadline(control, at));
  if (!clock || clock.turnStartedAt === undefined) return new Date(at + 30_000);
  const side = clock[clock.turn];
  return new Date(clock.turnStartedAt + side.remainingMs + side.lagQuotaMs);
}

function terms(random: Random, guestPlays: boolean): { rules: RulesId; control: TimeControl; rated: boolean } {
  const daily = !guestPlays && random.chance(0.2);
  const rules: RulesId = random.chance(0.12) ? "chess960" : "standard";
  const control: TimeControl = daily ? { kind: "daily", daysPerMove: random.weighted(dailyDays) } : random.weighted(liveControls);
  return { rules, control, rated: !guestPlays && random.chance(0.8) };
}

/** A white player and an opponent of similar strength (most games are paired by rating). */
function pairing(random: Random, players: readonly DemoPlayer[]): [DemoPlayer, DemoPlayer] {
  const sorted = players;
  const index = random.int(sorted.length);
  const offset = (random.chance(0.5) ? 1 : -1) * (1 + random.int(Math.max(1, Math.round(sorted.length / 12))));
  const other = Math.min(sorted.length - 1, Math.max(0, index + offset === index ? index + 1 : index + offset));
  const a = sorted[index];
  const b = sorted[other === index ? (index + 1) % sorted.length : other];
  if (!a || !b) throw new Error("too few demo players");
  return random.chance(0.5) ? [a, b] : [b, a];
}

/**
 * `count` finished games among `players` (sorted by strength), in the year
 * before `epoch`, in the order they were created.
 */
export function buildFinishedDemoGames(players: readonly DemoPlayer[], count: number, epoch: Date, seed: number): DemoGame[] {
  const random = new Random(seed);
  const built: DemoGame[] = [];
  for (let i = 0; i < count; i++) {
    const [white, black] = pairing(random, players);
    const game = terms(random, white.guest || black.guest);
    const joined = Math.max(white.joinedAt.getTime(), black.joinedAt.getTime());
    const span = Math.max(DAY_MS, Math.min(HISTORY_MS, epoch.getTime() - joined - 30 * DAY_MS));
    const startAt = epoch.getTime() - 30 * DAY_MS - Math.round(random.float() * span);
    const ending = random.weighted(endings);
    const played = playGame(random, { ...game, white, black, startAt }, ending, 10 + random.int(56));
    // A long daily game that would still be running at the epoch started earlier.
    const overrun = (played.endedAt?.getTime() ?? 0) - (epoch.getTime() - DAY_MS);
    built.push(overrun > 0 ? shiftGame(played, -overrun) : played);
  }
  return built.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * Games in progress at `now`: live ones whose clocks run from just before now,
 * daily ones whose deadlines lie days ahead. Pairs are given (the sign-in
 * accounts get some, so a newcomer sees their own games).
 */
export function buildDemoGamesInProgress(pairs: readonly (readonly [DemoPlayer, DemoPlayer, "live" | "daily", RulesId])[], now: Date, seed: number): DemoGame[] {
  const random = new Random(seed);
  return pairs.map(([white, black, speed, rules]) => {
    const control: TimeControl = speed === "live" ? { kind: "live", baseSeconds: 1800, incrementSeconds: 20 } : { kind: "daily", daysPerMove: 3 };
    const plies = 10 + random.int(30);
    // Played so that the last move lands just before now.
    const span = speed === "live" ? plies * 25_000 : plies * 6 * HOUR_MS;
    const game = playGame(random, { rules, control, rated: true, white, black, startAt: now.getTime() - span }, "resignation", plies, true);
    if (game.outcome) return game;
    const shift = now.getTime() - 5_000 - (game.moves.at(-1)?.playedAt.getTime() ?? now.getTime());
    return shiftGame(game, shift);
  });
}

/** Moves a game's times by `ms` (so an in-progress game's last move lies just before now). */
function shiftGame(game: DemoGame, ms: number): DemoGame {
  const clock = game.clock && game.clock.turnStartedAt !== undefined ? { ...game.clock, turnStartedAt: game.clock.turnStartedAt + ms } : game.clock;
  return {
    ...game,
    moves: game.moves.map((move) => ({ ...move, playedAt: new Date(move.playedAt.getTime() + ms) })),
    clock,
    createdAt: new Date(game.createdAt.getTime() + ms),
    endedAt: game.endedAt ? new Date(game.endedAt.getTime() + ms) : null,
    deadlineAt: game.deadlineAt ? new Date(game.deadlineAt.getTime() + ms) : null,
  };
}
