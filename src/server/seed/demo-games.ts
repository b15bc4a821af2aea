/**
 * Demo games, generated without I/O from the shipped demo lines (games an
 * engine played at set strengths from our opening table, demo-lines.ts):
 * thousands of finished games and a few in progress, with clocks that follow
 * the live clock rules (a second or two per opening move, then a share of
 * what is left, faster in time trouble). Deterministic: a seeded PRNG, and
 * dates relative to the epoch (the moment of the first start), so a fresh
 * site's activity is recent.
 *
 * Each game takes a line whose players were about as strong as its own (so
 * results, and hence ratings, follow strength) and plays it out (ending as
 * the line does: on the board, by resignation or by agreement), or cuts it
 * short for a timeout (one side thinks too long until its flag falls), an
 * abandonment or an abort.
 */
import { clockAfterMove, createClock, dailyMoveDeadline, type ClockState } from "../../chess/clock.ts";
import { opponentOf, win, type Color, type GameOutcome } from "../../chess/outcome.ts";
import { isRulesId, timeoutOutcome, toFen } from "../../chess/rules.ts";
import type { DailyDaysPerMove, TimeControl } from "../../chess/time-control.ts";
import { demoLinesOf, type ReplayedDemoLine } from "../../features/demo/demo-line-library.ts";
import type { PlayRulesId } from "../../features/play/play.constants.ts";
import { ratingTypeOf, type RatingType } from "../../features/ratings/rating-types.ts";
import { Random } from "./demo-random.ts";
import { variantDemoLinesOf } from "./demo-variant-lines.ts";

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

/** `line`: the game is its line played out (mate, resignation, agreement...); the others cut it short. */
export type DemoEnding = "line" | "timeout" | "abandonment" | "aborted";

export interface DemoGame {
  readonly rules: PlayRulesId;
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
/** How finished games end besides on the board: the rest play their line to its end (mate, resignation, agreement...). */
const endings: readonly (readonly [DemoEnding, number])[] = [
  ["line", 78],
  ["timeout", 12],
  ["abandonment", 5],
  ["aborted", 3],
];

/** Most of a live game's moves take a share of what is left on the clock; opening moves a second or two, daily ones hours. */
function thinkMs(random: Random, control: TimeControl, ply: number, remainingMs: number, slow: number): number {
  if (control.kind === "daily") return Math.round((0.02 + random.float() ** 3 * 0.6) * slow * control.daysPerMove * DAY_MS);
  const spread = -Math.log(1 - random.float() * 0.95);
  if (ply < 10) return Math.round(250 + Math.min(1_500, control.baseSeconds * 12) * spread);
  const movesToPlan = Math.max(12, 40 - Math.floor(ply / 2) / 2);
  const budget = remainingMs / movesToPlan + control.incrementSeconds * 800;
  return Math.round(200 + budget * slow * spread);
}

interface Setup {
  readonly rules: PlayRulesId;
  readonly control: TimeControl;
  readonly rated: boolean;
  readonly white: DemoPlayer;
  readonly black: DemoPlayer;
  readonly startAt: number;
}

/** A line whose players were about as strong as these two (skill 0–20 against strength 0–1). */
function pickLine(random: Random, setup: Setup, minPlies = 0): ReplayedDemoLine {
  const wanted = (setup.white.strength + setup.black.strength) * 10;
  // Variants have lines of their own (demo-variant-lines.ts): standard ones replayed under their rules, or crazyhouse played out.
  const lines = (isRulesId(setup.rules) ? demoLinesOf(setup.rules) : variantDemoLinesOf(setup.rules)).filter((line) => line.plies.length >= minPlies);
  const near = lines.filter((line) => Math.abs((line.whiteSkill + line.blackSkill) / 2 - wanted) <= 2.5);
  return random.pick(near.length > 0 ? near : lines);
}

/**
 * Plays a shipped line (demo-lines.ts) as this game: to its own end, or cut
 * short for a timeout, an abandonment or an abort. `inProgressAtPly` leaves
 * the game running after that many moves.
 */
function playGame(random: Random, setup: Setup, ending: DemoEnding, inProgressAtPly?: number): DemoGame {
  const line = pickLine(random, setup, inProgressAtPly === undefined ? 0 : inProgressAtPly + 2);
  const live = setup.control.kind === "live" ? setup.control : null;
  let clock: ClockState | null = live ? createClock(live) : null;
  let at = setup.startAt;
  const moves: DemoMove[] = [];
  const lastPly = inProgressAtPly ?? (ending === "aborted" ? random.int(2) : ending === "line" || (ending === "timeout" && live) ? line.plies.length : Math.max(2, random.between(Math.min(16, line.plies.length - 1), line.plies.length - 1)));
  // The player who will lose on time thinks longer than the position needs.
  const slowSide: Color | undefined = ending === "timeout" ? (random.chance(0.5) ? "white" : "black") : undefined;
  let flagged = false;

  for (const [ply, played] of line.plies.slice(0, lastPly).entries()) {
    const mover: Color = ply % 2 === 0 ? "white" : "black";
    const remaining = clock ? clock[mover].remainingMs : 0;
    at += thinkMs(random, setup.control, ply, remaining, mover === slowSide ? 1.8 : 1);
    if (clock && clock.turnStartedAt !== undefined && at - clock.turnStartedAt >= clock[mover].remainingMs) {
      if (mover === slowSide && ply >= 2) {
        flagged = true;
        break;
      }
      // Nobody else lets the clock fall: a move made in time trouble.
      at = clock.turnStartedAt + Math.floor(clock[mover].remainingMs * random.float() * 0.5);
    }
    if (clock) {
      const after = clockAfterMove(clock, { now: at, lagMs: 0 });
      if (after.flagged) throw new Error("a demo move fell outside its clock");
      clock = after.state;
    }
    moves.push({ uci: played.uci, san: played.san, clockMs: clock ? clock[mover].remainingMs : null, playedAt: new Date(at) });
  }

  const final = line.positionAfter(moves.length);
  const mover = final.chess.turn;
  const playedOut = moves.length === line.plies.length;
  let outcome: GameOutcome | undefined;
  let endedAt = at;
  if (inProgressAtPly === undefined) {
    endedAt = at + Math.round(thinkMs(random, setup.control, moves.length, clock?.[mover].remainingMs ?? 0, 1) * random.float());
    if (moves.length < 2 && ending !== "line") {
      outcome = { result: "*", winner: undefined, reason: "aborted" };
    } else if (ending === "timeout" && (flagged || !playedOut || !line.endsOnBoard)) {
      outcome = timeoutOutcome(final, mover);
      if (clock && clock.turnStartedAt !== undefined) {
        const side = clock[mover];
        endedAt = clock.turnStartedAt + side.remainingMs + side.lagQuotaMs;
        clock = { ...clock, [mover]: { ...side, remainingMs: 0 }, turnStartedAt: undefined };
      } else {
        endedAt = at + (setup.control.kind === "daily" ? setup.control.daysPerMove * DAY_MS : 0);
      }
    } else if (ending === "abandonment" && !playedOut) {
      outcome = win(opponentOf(mover), "abandonment");
    } else if (playedOut) {
      outcome = line.outcome;
    } else {
      outcome = win(opponentOf(mover), "resignation");
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
    ratingType: ratingTypeOf(setup.rules, setup.control),
    rated: setup.rated,
    whiteId: setup.white.id,
    blackId: setup.black.id,
    initialFen: line.initialFen,
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

/** A game's terms; `rules` given (a variant's games), or standard chess with some Chess960. */
function terms(random: Random, guestPlays: boolean, given?: PlayRulesId): { rules: PlayRulesId; control: TimeControl; rated: boolean } {
  const daily = !guestPlays && random.chance(0.2);
  const rules: PlayRulesId = given ?? (random.chance(0.12) ? "chess960" : "standard");
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
 * before `epoch` (more of them lately, the last an hour before it), in the
 * order they were created. `rulesOf` names the rules of the i-th game
 * (the variants' games); by default standard chess with some Chess960.
 */
export function buildFinishedDemoGames(players: readonly DemoPlayer[], count: number, epoch: Date, seed: number, rulesOf?: (index: number) => PlayRulesId): DemoGame[] {
  const random = new Random(seed);
  const built: DemoGame[] = [];
  for (let i = 0; i < count; i++) {
    const [white, black] = pairing(random, players);
    const game = terms(random, white.guest || black.guest, rulesOf?.(i));
    const joined = Math.max(white.joinedAt.getTime(), black.joinedAt.getTime());
    const span = Math.max(DAY_MS, Math.min(HISTORY_MS, epoch.getTime() - joined - DAY_MS));
    const startAt = epoch.getTime() - HOUR_MS - Math.round(random.float() ** 2 * span);
    const played = playGame(random, { ...game, white, black, startAt }, random.weighted(endings));
    // A game that would still be running at the epoch (a long daily one) started earlier.
    const overrun = (played.endedAt?.getTime() ?? 0) - (epoch.getTime() - HOUR_MS);
    built.push(overrun > 0 ? shiftGame(played, -overrun) : played);
  }
  return built.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * Games in progress at `now`: live ones whose clocks run from just before now,
 * daily ones whose deadlines lie days ahead. Pairs are given (the sign-in
 * accounts get some, so a newcomer sees their own games).
 */
export function buildDemoGamesInProgress(pairs: readonly (readonly [DemoPlayer, DemoPlayer, "live" | "daily", PlayRulesId])[], now: Date, seed: number): DemoGame[] {
  const random = new Random(seed);
  return pairs.map(([white, black, speed, rules]) => {
    const control: TimeControl = speed === "live" ? { kind: "live", baseSeconds: 1800, incrementSeconds: 20 } : { kind: "daily", daysPerMove: 3 };
    const plies = 10 + random.int(30);
    // Played so that the last move lands just before now.
    const span = speed === "live" ? plies * 25_000 : plies * 6 * HOUR_MS;
    const game = playGame(random, { rules, control, rated: true, white, black, startAt: now.getTime() - span }, "line", plies);
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

/**
 * Finished games between given pairs (a demo team match's boards, decision
 * 0076): each its line played out, ended before `endBefore`, unrated (the
 * demo's ratings were replayed from the other games and stay as they are).
 */
export function buildFinishedDemoGamesBetween(pairs: readonly (readonly [DemoPlayer, DemoPlayer])[], control: TimeControl, endBefore: Date, seed: number): DemoGame[] {
  const random = new Random(seed);
  return pairs.map(([white, black]) => {
    const played = playGame(random, { rules: "standard", control, rated: false, white, black, startAt: endBefore.getTime() - 30 * DAY_MS }, "line");
    const overrun = (played.endedAt?.getTime() ?? 0) - endBefore.getTime();
    return overrun > 0 ? shiftGame(played, -overrun) : played;
  });
}
