import { randomInt } from "node:crypto";
import { and, asc, desc, eq, gte, lt, lte, or, sql } from "drizzle-orm";
import { clockAfterMove, createClock, dailyMoveDeadline, flagDueAt, flaggedAt, type ClockState } from "../../../chess/clock.ts";
import type { Color, GameOutcome } from "../../../chess/outcome.ts";
import { parseFen, playMove, positionOutcome, repetitionKey, repetitionKeyOfFen, timeoutOutcome, toFen, type RulesPosition } from "../../../chess/rules.ts";
import { gameOutcomeOfBoard, playOnBoard, startBoards, variantOf, variants, type GameVariant, type SeatPlace } from "../../../chess/variants.ts";
import type { Database } from "../../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../../shared/result.ts";
import * as actions from "../game-actions.ts";
import { turnAtPly } from "../game-actions.ts";
import { clockColumns, clockOf, clocksAt, FIRST_MOVE_MS, liveControlOf, liveDeadline, resumedClock } from "./game-clock.server.ts";
import { termsColumns, termsFromRow, type GameStarter } from "../game-terms.server.ts";
import { isPlayRulesId, playRulesOf } from "../play.constants.ts";
import { createMoveBatcher, writeMoves, type BoardWrite, type MoveWrite } from "./move-batch.server.ts";
import { transactionsWithEvents, type PlayEventSink, type PlayMember, type PlayMembers } from "../play-ports.server.ts";
import type { ClocksView, CurrentGameView, GameEnding, GameMoveEvent, GameMoveInput, GameTerms, GameView } from "../play.schema.ts";
import { gameBoards, gameMoves, games, gameSeats, type GameRow } from "../play.tables.server.ts";
import { ratingTypeOfTerms, twoPlayerGame, type GameRatings } from "./play-ratings.port.ts";
import { gameEndedDomainEvent, gameStartedDomainEvent, isArranged, type GameTags } from "../play.domain-events.server.ts";
import type { VacationsService } from "./vacations.service.server.ts";
import type { HeldGameFeed, HeldMove } from "./held-game-feed.server.ts";

export type MoveFailure = "not_found" | "not_a_player" | "game_over" | "not_your_turn" | "stale" | "move.invalid" | "move.illegal";
export type GameActionName =
  | "resign"
  | "abort"
  | "draw.offer"
  | "draw.accept"
  | "draw.decline"
  | "claim.win"
  | "claim.draw"
  | "rematch.offer"
  | "rematch.decline"
  | "takeback.offer"
  | "takeback.accept"
  | "takeback.decline";

export interface MoveAck {
  readonly gameId: number;
  /** The board moved on, in a game of several boards (absent in a one-board game: the wire stays as it was). */
  readonly board?: number;
  readonly ply: number;
  readonly version: number;
  readonly clocks: ClocksView | null;
  readonly ending: GameEnding | null;
}

/** A board as stored: board 0 read off the game row, the others from game_boards. */
type BoardState = BoardWrite;

/** A board as this instance last saw it: its columns and position, so a move costs no replay. */
interface HeldBoard {
  readonly state: BoardState;
  readonly position: RulesPosition;
  /** Repetition keys of every position of the board so far, the current one last (empty where no draw rule applies). */
  readonly keys: readonly string[];
  readonly lastUci: string | null;
}

/** A member at a game. */
interface Seat extends SeatPlace {
  readonly memberId: number;
}

/** A game in play as this instance last saw it. */
interface HeldGame {
  readonly row: GameRow;
  readonly variant: GameVariant;
  /** Board 0 first. */
  readonly boards: readonly HeldBoard[];
  readonly seats: readonly Seat[];
}

/** At most this many of a member's games in progress are listed (daily players may have many). */
export const IN_PROGRESS_LIMIT = 100;

/** Games kept in memory per instance (the most recently used). */
const HELD_GAMES_LIMIT = 5_000;

/** After the whole service was down, the side to move's clock restarts this long after start-up, so the players can reconnect first. */
export const OUTAGE_GRACE_MS = 5_000;
/** An arbitrary constant: the lock that makes instances starting together resume the clocks once. */
const RESUME_LOCK_KEY = 727_017;

/**
 * How instances tell that the whole service was down (docs/decisions/0022):
 * each says it is up each time it sweeps the deadlines, and a starting
 * instance asks whether another still is, and when one last said so.
 */
export interface ClockWatch {
  beat(db: Database): Promise<void>;
  /** `upUntil`: when the latest sign of life runs out (a live instance renews it before then; a dead one does not). */
  lastSeen(db: Database): Promise<{ readonly othersUp: boolean; readonly lastBeatAt: number | null; readonly upUntil?: number | null }>;
}

export interface GamesDeps {
  readonly db: Database;
  readonly members: PlayMembers;
  readonly events: PlayEventSink;
  readonly ratings: GameRatings;
  readonly vacations: Pick<VacationsService, "awayMs" | "coverTimeout">;
  /**
   * How long a player has been away from a game (null: connected to it); the
   * game room's connections decide. `unrecordedSince` counts when no departure
   * is on record (they never opened the game since the records began).
   * Without it no one is ever away, so no claim succeeds.
   */
  readonly awayFromGameMs?: (gameId: number, memberId: number, unrecordedSince: number) => Promise<number | null>;
  readonly now?: () => number;
  /** Chooses colours and Chess960 positions; injectable so tests are repeatable. */
  readonly random?: (maxExclusive: number) => number;
  /** Without one, clocks are never resumed after an outage (a single test process). */
  readonly clockWatch?: ClockWatch;
  /** Keeps this instance's held games current with the moves other instances commit (several instances only; decision 0060). */
  readonly heldGameFeed?: HeldGameFeed;
}

/** How this instance's held games were kept (observable, for the two-instance test and operators). */
export interface HeldGameCounts {
  /** Games read from the database for a move (a miss, or a refusal decided again on a fresh row). */
  reads: number;
  /** Of those, the reads that also read and replayed the move list. */
  replays: number;
  /** Moves committed by another instance, applied to the game held here. */
  applied: number;
  /** Held games dropped because another instance's move did not follow the version held here. */
  dropped: number;
}

/** A game a feature arranges itself (demo, tournament round, team-match board): its variant, members in seat order, terms and tags. */
export interface ArrangedGame {
  readonly variant: GameVariant;
  readonly memberIds: readonly number[];
  readonly terms: GameTerms;
  readonly tags?: GameTags;
}

export function createGamesService(deps: GamesDeps) {
  const { db, members, events, ratings, vacations } = deps;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? ((maxExclusive: number) => randomInt(maxExclusive));
  const held = new Map<number, HeldGame>();
  const heldCounts: HeldGameCounts = { reads: 0, replays: 0, applied: 0, dropped: 0 };
  const inTransaction = transactionsWithEvents(db, events);
  const feed = deps.heldGameFeed;
  const moveBatch = createMoveBatcher(db, {
    committed: (written) => {
      // The other instances hear the new rows before the moves' events (one bus connection keeps the order).
      feed?.publish(written.map(({ move }) => heldMoveOf(move)));
      events.publishCommitted(written.flatMap(({ move, outboxId }) => (move.event && outboxId !== null ? [{ outboxId, event: { type: "game.move", gameId: move.gameId, payload: move.event } }] : [])));
    },
  });
  feed?.listen(applyHeldMove).catch((error: unknown) => console.warn("[play] held moves not heard (every cross-instance move reloads its game)", error));

  /**
   * Another instance's move: applied to the game held here if it follows the
   * version held, else the game is dropped and the next move here reloads it.
   */
  function applyHeldMove(heard: HeldMove): void {
    const game = held.get(heard.gameId);
    if (!game || heard.version <= game.row.version) return;
    const board = game.boards[0];
    const played = board && game.boards.length === 1 && heard.version === game.row.version + 1 && heard.ply === board.state.ply + 1 ? playMove(board.position, heard.uci) : null;
    if (!board || !played?.ok) {
      held.delete(heard.gameId);
      heldCounts.dropped += 1;
      return;
    }
    const state: BoardState = {
      board: 0,
      fen: heard.fen,
      ply: heard.ply,
      version: heard.boardVersion,
      whiteClockMs: heard.whiteClockMs,
      blackClockMs: heard.blackClockMs,
      whiteLagQuotaMs: heard.whiteLagQuotaMs,
      blackLagQuotaMs: heard.blackLagQuotaMs,
      turnStartedAt: heard.turnStartedAt === null ? null : new Date(heard.turnStartedAt),
      deadlineAt: new Date(heard.deadlineAt),
    };
    const row: GameRow = {
      ...withFirstBoard(game.row, state),
      version: heard.version,
      deadlineAt: state.deadlineAt,
      drawOfferBy: heard.drawOfferBy,
      // A move cancels any takeback request (the batch's write cleared it).
      takebackOfferBy: null,
    };
    remember({ ...game, row, boards: [{ state, position: played.value.position, keys: [...board.keys, repetitionKeyOfFen(heard.fen)], lastUci: heard.uci }] });
    heldCounts.applied += 1;
  }
  let resumption: Promise<number> | null = null;

  /**
   * Before this instance takes its first move or sweeps its first deadline:
   * if no other instance is up, the service was down, and the clocks of the
   * games in play are resumed (once, whichever instance starts first).
   */
  function clocksResumed(): Promise<number> {
    const watch = deps.clockWatch;
    if (!watch) return Promise.resolve(0);
    resumption ??= resumeAfterOutage(watch).catch((error: unknown) => {
      resumption = null;
      throw error;
    });
    return resumption;
  }

  async function resumeAfterOutage(watch: ClockWatch): Promise<number> {
    // A sign of life still valid may be a live instance's or that of the one that just died (a quick restart):
    // wait until it should have been renewed, outside any transaction, then look again.
    const first = await watch.lastSeen(db);
    if (first.othersUp && first.upUntil) await new Promise((resolve) => setTimeout(resolve, Math.max(0, (first.upUntil ?? 0) - now()) + 250));
    return inTransaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${RESUME_LOCK_KEY})`);
      const seen = await watch.lastSeen(tx);
      // Another instance kept sweeping: nothing was down, whatever this one missed.
      if (seen.othersUp) return 0;
      const at = now();
      const resumeAt = at + OUTAGE_GRACE_MS;
      // Without any record of the last moment the service was up, the mover keeps what it had at its last acknowledged move.
      const outageFrom = seen.lastBeatAt ?? Number.NEGATIVE_INFINITY;
      const outageMs = seen.lastBeatAt === null ? 0 : Math.max(0, resumeAt - seen.lastBeatAt);
      const playing = await tx.select().from(games).where(eq(games.status, "playing")).for("update");
      let resumed = 0;
      for (const row of playing) {
        const control = liveControlOf(row);
        let set: Partial<typeof games.$inferInsert>;
        if (control && row.turnStartedAt) {
          const state = resumedClock(clockOf(control, row), outageFrom, resumeAt);
          set = { ...clockColumns(state), deadlineAt: liveDeadline(state, resumeAt) };
        } else if (row.deadlineAt && outageMs > 0) {
          // A first move still awaited, or a daily move: the deadline moves by the outage.
          set = { deadlineAt: new Date(row.deadlineAt.getTime() + outageMs) };
        } else {
          continue;
        }
        const [updated] = await tx
          .update(games)
          .set({ ...set, version: sql`${games.version} + 1` })
          .where(eq(games.id, row.id))
          .returning();
        if (!updated) continue;
        await announceState(tx, updated, at);
        resumed += 1;
      }
      await watch.beat(tx);
      held.clear();
      return resumed;
    });
  }

  function remember(game: HeldGame): void {
    held.delete(game.row.id);
    if (game.row.status !== "playing") return;
    held.set(game.row.id, game);
    if (held.size > HELD_GAMES_LIMIT) {
      const oldest = held.keys().next();
      if (!oldest.done) held.delete(oldest.value);
    }
  }

  /** Reads a game and replays its moves (once per instance, or after another instance moved). */
  async function load(gameId: number, tx: Database = db): Promise<HeldGame | null> {
    heldCounts.reads += 1;
    const [row] = await tx.select().from(games).where(eq(games.id, gameId));
    if (!row) return null;
    const variant = variantOf(row.rules);
    if (variant.boards.length > 1) return loadBoards(tx, row, variant);
    const cached = held.get(gameId);
    const cachedBoard = cached?.boards[0];
    if (cached && cachedBoard && cachedBoard.state.ply === row.ply) return { ...cached, row, boards: [{ ...cachedBoard, state: firstBoardOf(row) }] };
    heldCounts.replays += 1;
    const moves = await tx.select({ uci: gameMoves.uci }).from(gameMoves).where(eq(gameMoves.gameId, gameId)).orderBy(asc(gameMoves.ply));
    const initial = parseFen(variant.boards[0] ?? "standard", row.initialFen);
    if (!initial.ok) throw new Error(`game ${gameId} has an unreadable initial position`);
    let position = initial.value;
    const keys = [repetitionKey(position)];
    for (const { uci } of moves) {
      const played = playMove(position, uci);
      if (!played.ok) throw new Error(`game ${gameId} holds an illegal move ${uci}`);
      position = played.value.position;
      keys.push(repetitionKey(position));
    }
    const game: HeldGame = { row, variant, boards: [{ state: firstBoardOf(row), position, keys, lastUci: moves.at(-1)?.uci ?? null }], seats: twoSeatsOf(row) };
    remember(game);
    return game;
  }

  /**
   * A game of several boards is read off its boards' FENs (their pockets are
   * in them, and the only such variant, bughouse, has no repetition rule), its
   * seats off game_seats.
   */
  async function loadBoards(tx: Database, row: GameRow, variant: GameVariant): Promise<HeldGame> {
    const cached = held.get(row.id);
    if (cached && cached.row.version === row.version) return cached;
    const [others, seats, lastMoves] = await Promise.all([
      tx.select().from(gameBoards).where(eq(gameBoards.gameId, row.id)).orderBy(asc(gameBoards.board)),
      tx.select().from(gameSeats).where(eq(gameSeats.gameId, row.id)).orderBy(asc(gameSeats.seat)),
      tx.selectDistinctOn([gameMoves.board], { board: gameMoves.board, uci: gameMoves.uci }).from(gameMoves).where(eq(gameMoves.gameId, row.id)).orderBy(asc(gameMoves.board), desc(gameMoves.ply)),
    ]);
    const states: BoardState[] = [firstBoardOf(row), ...others];
    const boards = states.map((state, index): HeldBoard => {
      const position = parseFen(variant.boards[index] ?? "standard", state.fen);
      if (!position.ok) throw new Error(`game ${row.id} board ${index} has an unreadable position`);
      return { state, position: position.value, keys: [], lastUci: lastMoves.find((move) => move.board === index)?.uci ?? null };
    });
    const game: HeldGame = {
      row,
      variant,
      boards,
      seats: seats.map(seatOfRow),
    };
    remember(game);
    return game;
  }

  /** The clocks of a board (board 0 by default: the game row's). */
  function clocksView(row: GameRow, at: number, board: BoardState = firstBoardOf(row)): ClocksView | null {
    const control = liveControlOf(row);
    if (!control) return null;
    const state = clockOf(control, board);
    const running = row.status === "playing" && state.turnStartedAt !== undefined ? state.turn : null;
    const view: ClocksView = { ...clocksAt(row.status === "playing" ? state : { ...state, turnStartedAt: undefined }, at), running };
    // In the grace after a restart the turn starts in the future: the page must hold the clock until then, as the server does.
    const heldForMs = running && state.turnStartedAt !== undefined ? state.turnStartedAt - at : 0;
    return heldForMs > 0 ? { ...view, startsInMs: heldForMs } : view;
  }

  function endingOf(row: GameRow): GameEnding | null {
    if (row.status === "playing" || !row.result || !row.termination) return null;
    const diffs = row.whiteRatingDiff !== null && row.blackRatingDiff !== null ? { white: row.whiteRatingDiff, black: row.blackRatingDiff } : null;
    return { result: row.result as GameEnding["result"], reason: row.termination, ratingDiffs: diffs };
  }

  /**
   * The columns that end a game, with the ratings applied in the same
   * transaction when it is rated and was not aborted.
   */
  async function endColumns(tx: Database, row: GameRow, outcome: GameOutcome, at: number) {
    // Every end passes here: the players' lists of games in progress change, and the features that react to games hear of it.
    const { seats } = await seatsAndPliesOf(tx, row);
    for (const { memberId } of seats) await events.enqueue(tx, { type: "game.ended", memberId, payload: { gameId: row.id } });
    await events.publishDomain(tx, gameEndedDomainEvent, { ...gameFactsOf(row, seats), result: outcome.result, reason: outcome.reason });
    // The running clock stops where it is, whoever ends the game (a move, a player, the sweeper): a flag shows 0:00, not the time its turn began with.
    const control = liveControlOf(row);
    const stopped = control ? clocksAt(clockOf(control, row), at) : null;
    const base = {
      status: outcome.reason === "aborted" ? "aborted" : "ended",
      result: outcome.result,
      termination: outcome.reason,
      deadlineAt: null,
      drawOfferBy: null,
      endedAt: new Date(at),
      ...(stopped ? { whiteClockMs: stopped.white, blackClockMs: stopped.black, turnStartedAt: null } : {}),
    } as const;
    if (!row.rated || outcome.reason === "aborted") return base;
    const ratingType = ratingTypeOfTerms(termsFromRow({ ...row, color: "random" }));
    // The ratings write their own event here; game-ended above already has this transaction kick the dispatcher after the commit.
    const settled = await ratings.settleRatedGame(tx, twoPlayerGame({ gameId: row.id, ratingType, whiteId: row.whiteId, blackId: row.blackId, winner: outcome.winner }));
    if (!settled.ok) throw new Error(`game ${row.id} could not be rated: ${settled.error}`);
    const [white, black] = settled.value;
    if (!white || !black) throw new Error(`game ${row.id} was rated without its players`);
    return { ...base, whiteRating: white.before, blackRating: black.before, whiteRatingDiff: white.diff, blackRatingDiff: black.diff };
  }


  async function announceState(tx: Database, row: GameRow, at: number, takenBackTo: number | null = null): Promise<void> {
    await events.enqueue(tx, {
      type: "game.state",
      gameId: row.id,
      payload: {
        version: row.version,
        drawOfferBy: colorOrNull(row.drawOfferBy),
        rematchOfferBy: colorOrNull(row.rematchOfferBy),
        rematchGameId: row.rematchGameId,
        takebackOfferBy: colorOrNull(row.takebackOfferBy),
        takenBackTo,
        clocks: clocksView(row, at),
        ending: endingOf(row),
      },
    });
  }

  /** What play's domain events say of a game, started or ended: board 0's players as white and black, and every seat. */
  function gameFactsOf(row: GameRow, seats: readonly actions.SeatOfMember[]) {
    const seated = seats.map(({ memberId, board, color, team }) => ({ memberId, board, color, team }));
    return { gameId: row.id, whiteId: row.whiteId, blackId: row.blackId, seats: seated, ratingType: row.ratingType, rated: row.rated, speed: row.speed, tags: row.tags };
  }

  /**
   * Creates a game: its row (with board 0), any further boards, and a seat
   * for each member, in seat order (two for chess: white then black; four
   * for bughouse, see src/chess/variants.ts).
   */
  async function createGame(tx: Database, setup: ArrangedGame & { readonly rematchOfId?: number }): Promise<GameRow> {
    const { variant, terms } = setup;
    if (setup.memberIds.length !== variant.seats.length) throw new Error(`${variant.id} seats ${variant.seats.length}, not ${setup.memberIds.length}`);
    const seats = variant.seats.map((place, index): Seat => ({ ...place, memberId: setup.memberIds[index] ?? 0 }));
    const memberAt = (board: number, color: Color): number => seats.find((seat) => seat.board === board && seat.color === color)?.memberId ?? 0;
    const start = startBoards(variant, { random: () => random(1_000_000) / 1_000_000 });
    if (!start.ok) throw new Error("no start position");
    const fens = start.value.positions.map(toFen);
    const fen = fens[0] ?? "";
    const at = now();
    const control = terms.control;
    const clock = control.kind === "live" ? clockColumns(createClock(control)) : null;
    const deadlineAt = new Date(control.kind === "live" ? at + FIRST_MOVE_MS : dailyMoveDeadline(control, at));
    const [whiteId, blackId] = [memberAt(0, "white"), memberAt(0, "black")];
    // Both players' ratings as they sit down, casual games included (the archive shows them); a rated game's end writes them again.
    const brought = await ratings.ratingsAt(tx, [whiteId, blackId], ratingTypeOfTerms(terms));
    const [row] = await tx
      .insert(games)
      .values({
        ...termsColumns(terms),
        rules: variant.id,
        ratingType: ratingTypeOfTerms(terms),
        whiteId,
        blackId,
        initialFen: fen,
        fen,
        ...(clock ?? {}),
        deadlineAt,
        rematchOfId: setup.rematchOfId ?? null,
        tags: setup.tags ?? null,
        whiteRating: brought.get(whiteId) ?? null,
        blackRating: brought.get(blackId) ?? null,
        createdAt: new Date(at),
      })
      .returning();
    if (!row) throw new Error("game insert returned nothing");
    const others = fens.slice(1).map((boardFen, index) => ({ gameId: row.id, board: index + 1, rules: variant.boards[index + 1]?.id ?? variant.id, initialFen: boardFen, fen: boardFen, ...(clock ?? {}), deadlineAt }));
    if (others.length > 0) await tx.insert(gameBoards).values(others);
    await tx.insert(gameSeats).values(seats.map((seat) => ({ gameId: row.id, seat: seat.seat, memberId: seat.memberId, board: seat.board, color: seat.color, team: seat.team })));
    for (const memberId of setup.memberIds) await events.enqueue(tx, { type: "game.started", memberId, payload: { gameId: row.id } });
    await events.publishDomain(tx, gameStartedDomainEvent, gameFactsOf(row, seats));
    return row;
  }

  const startGame: GameStarter = async (tx, setup) => {
    const challengerColor: Color = setup.terms.color === "random" ? (random(2) === 0 ? "white" : "black") : setup.terms.color;
    const [whiteId, blackId] = challengerColor === "white" ? [setup.challengerId, setup.acceptorId] : [setup.acceptorId, setup.challengerId];
    return createGame(tx, { memberIds: [whiteId, blackId], variant: variants[setup.terms.rules], terms: setup.terms });
  };

  /**
   * Starts a game of any variant with its members in seat order (bughouse's
   * four), for a feature that arranges games itself rather than through a
   * seek or a challenge: the demo's live games today, tournament pairings and
   * team-match boards later (the lobby does not offer the new variants yet).
   */
  async function startVariantGame(setup: ArrangedGame): Promise<GameRow> {
    return inTransaction((tx) => createGame(tx, setup));
  }

  /**
   * Starts many arranged games in one commit (a team match's boards, a
   * tournament round): all of them or none, each with its game-started event.
   * The tags (tournament, team match, vote chess) ride on the game and on its
   * game-ended event, which is how the arranging feature learns the result.
   */
  async function startArrangedGames(setups: readonly ArrangedGame[]): Promise<GameRow[]> {
    return inTransaction(async (tx) => {
      const rows: GameRow[] = [];
      for (const setup of setups) rows.push(await createGame(tx, setup));
      return rows;
    });
  }

  /** The answer to a move that was already applied (a retry after a lost acknowledgement). */
  function repeatedMove(game: HeldGame, seat: Seat, input: GameMoveInput): MoveAck | null {
    const board = game.boards[seat.board];
    if (!board || input.ply !== board.state.ply - 1 || board.lastUci !== input.uci) return null;
    if (turnAtPly(input.ply) !== seat.color) return null;
    return ackOf(game, seat.board, now());
  }

  /** A move's answer: the board's ply and clocks, the game's version and ending. */
  function ackOf(game: HeldGame, board: number, at: number): MoveAck {
    const row = game.row;
    const state = board === 0 ? firstBoardOf(row) : (game.boards[board]?.state ?? firstBoardOf(row));
    const ack = { gameId: row.id, ply: state.ply, version: row.version, clocks: clocksView(row, at, state), ending: endingOf(row) };
    return game.boards.length > 1 ? { ...ack, board } : ack;
  }

  async function move(member: PlayMember, input: GameMoveInput, timing: { receivedAt: number; lagMs: number }, attempt = 0): Promise<Result<MoveAck, MoveFailure>> {
    await clocksResumed();
    // The hot path (ARCHITECTURE §4): a game this instance holds is not read again; the write below checks its
    // version, and a refusal decided on what this instance holds is decided again on a fresh read.
    const cached = attempt === 0 ? held.get(input.gameId) : undefined;
    const game = cached ?? (await load(input.gameId));
    if (!game) return fail("not_found");
    const refuse = (failure: MoveFailure): Promise<Result<MoveAck, MoveFailure>> | Result<MoveAck, MoveFailure> => {
      if (!cached) return fail(failure);
      held.delete(input.gameId);
      return move(member, input, timing, 1);
    };
    const row = game.row;
    const seat = game.seats.find((candidate) => candidate.memberId === member.id);
    const board = seat ? game.boards[seat.board] : undefined;
    if (!seat || !board) return fail("not_a_player");
    const side = seat.color;
    const repeated = repeatedMove(game, seat, input);
    if (repeated) return ok(repeated);
    if (row.status !== "playing") return refuse("game_over");
    if (input.ply !== board.state.ply) return refuse("stale");
    if (turnAtPly(board.state.ply) !== side) return refuse("not_your_turn");
    const played = playOnBoard(game.variant, game.boards.map((held) => held.position), seat.board, input.uci);
    if (!played.ok) return fail(played.error);
    const { uci, san } = played.value.played;

    const control = liveControlOf(row);
    let clock: ClockState | null = null;
    if (control) {
      const after = clockAfterMove(clockOf(control, board.state), { now: timing.receivedAt, lagMs: timing.lagMs });
      if (after.flagged) {
        // The move came after the mover's flag fell: the game ends on time instead.
        await endOnDeadline(row.id, timing.receivedAt);
        return fail("game_over");
      }
      clock = after.state;
    }
    const position = played.value.positions[seat.board] ?? played.value.played.position;
    const fen = toFen(position);
    const oneBoard = game.boards.length === 1;
    const keys = oneBoard ? [...board.keys, repetitionKeyOfFen(fen)] : [];
    const boardOutcome = positionOutcome(position, keys);
    const outcome = boardOutcome && gameOutcomeOfBoard(game.variant, seat.board, boardOutcome);
    const at = timing.receivedAt;
    // A daily move made to a member on vacation: their time starts when they return.
    const opponentId = game.seats.find((other) => other.board === seat.board && other.color !== side)?.memberId ?? row.whiteId;
    const deadline = clock ? liveDeadline(clock, at) : dailyDeadline(row, at, await vacations.awayMs(opponentId, at));

    // Every board as the move leaves it: the one moved on, and any whose pocket it filled (bughouse).
    const movedBoard: BoardState = { ...board.state, fen, ply: board.state.ply + 1, version: board.state.version + 1, ...(clock ? clockColumns(clock) : {}), deadlineAt: deadline };
    const boardsAfter = game.boards.map((held, index): HeldBoard => {
      if (index === seat.board) return { state: movedBoard, position, keys, lastUci: uci };
      const changed = played.value.changedBoards.includes(index) ? played.value.positions[index] : undefined;
      if (!changed) return held;
      return { ...held, state: { ...held.state, fen: toFen(changed), version: held.state.version + 1 }, position: changed };
    });
    const first = boardsAfter[0]?.state ?? movedBoard;
    const gameDeadline = oneBoard ? deadline : earliestDeadline(boardsAfter.map((held) => held.state), row, at);
    // The row as the write leaves it (the write applies only on the version read, so nothing else changes it).
    const moved: GameRow = {
      ...withFirstBoard(row, first),
      version: row.version + 1,
      deadlineAt: gameDeadline,
      // A move answers the opponent's draw offer with a no.
      drawOfferBy: row.drawOfferBy === side ? side : null,
      // And cancels any takeback request (the batch's write clears it too).
      takebackOfferBy: null,
    };
    const write: MoveWrite = {
      gameId: row.id,
      // The version, not only the ply: what this instance holds may be behind an offer made elsewhere, or a move on another board.
      version: row.version,
      first,
      others: played.value.changedBoards.flatMap((index) => (index > 0 ? [boardsAfter[index]?.state ?? movedBoard] : [])),
      deadlineAt: gameDeadline,
      drawOfferBy: moved.drawOfferBy,
      board: seat.board,
      ply: board.state.ply,
      uci,
      san,
      clockMs: clock ? clock[side].remainingMs : null,
      playedAt: new Date(at),
      event: null,
    };
    const moveEvent = (final: GameRow): GameMoveEvent => {
      const event = {
        version: final.version,
        ply: movedBoard.ply,
        uci,
        san,
        fen,
        clocks: clocksView(final, at, movedBoard),
        ending: endingOf(final),
        // A daily game's next deadline, for the players' bars (live games show their clocks).
        ...(row.speed === "daily" ? { deadlineAt: final.status === "playing" && final.deadlineAt ? final.deadlineAt.toISOString() : null } : {}),
      };
      if (oneBoard) return event;
      // A game of several boards says which board moved and every board the move changed.
      return { ...event, board: seat.board, boards: played.value.changedBoards.map((index) => boardChangeOf(index, boardsAfter[index]?.state ?? movedBoard)) };
    };

    // Acknowledged only once durable. The common move (a live game going on) shares a statement and a commit with
    // other games' moves and publishes its event straight after (decision 0027); a move that ends the game or a
    // daily move has more to write (ratings, notifications) and is its own transaction.
    const committed =
      !outcome && row.speed === "live"
        ? (await moveBatch.write({ ...write, event: moveEvent(moved) }))
          ? moved
          : null
        : await inTransaction(async (tx) => {
            const [written] = await writeMoves(tx, [write]);
            if (!written) return null;
            let final = moved;
            if (outcome) {
              const [ended] = await tx.update(games).set(await endColumns(tx, moved, outcome, at)).where(eq(games.id, row.id)).returning();
              if (ended) final = ended;
            }
            await events.enqueue(tx, { type: "game.move", gameId: row.id, payload: moveEvent(final) });
            if (!outcome && row.speed === "daily") {
              await events.enqueue(tx, { type: "game.your_move", memberId: opponentId, payload: { gameId: row.id, by: member.username } });
            }
            return final;
          });
    if (!committed) {
      // Another request changed the game between our read and our write: answer from the fresh row, once.
      held.delete(row.id);
      return attempt < 2 ? move(member, input, timing, attempt + 1) : fail("stale");
    }
    const after: HeldGame = { ...game, row: committed, boards: boardsAfter };
    remember(after);
    return ok(ackOf(after, seat.board, at));
  }

  function dailyDeadline(row: GameRow, at: number, vacationMs: number): Date {
    const days = row.daysPerMove;
    if (days !== 1 && days !== 2 && days !== 3 && days !== 5 && days !== 7 && days !== 14) throw new Error(`game ${row.id} has no daily control`);
    return new Date(dailyMoveDeadline({ kind: "daily", daysPerMove: days }, at, vacationMs));
  }

  /**
   * Ends a game whose deadline passed, if it really did: a live flag (after
   * the mover's lag quota), a daily timeout, or an abort when the first moves
   * never came. Safe to run on every instance: the row is locked and the
   * status re-checked, so a game ends once.
   */
  async function endOnDeadline(gameId: number, at: number, tx?: Database, moverLevels?: ReadonlyMap<number, number>): Promise<boolean> {
    const run = async (inner: Database): Promise<boolean> => {
      const [row] = await inner.select().from(games).where(and(eq(games.id, gameId), eq(games.status, "playing"))).for("update");
      if (!row || !row.deadlineAt || row.deadlineAt.getTime() > at) return false;
      if (row.speed === "daily" && row.ply >= 2) {
        // Days of vacation left cover a daily timeout (decision 0018).
        const moverId = turnAtPly(row.ply) === "white" ? row.whiteId : row.blackId;
        if (await vacations.coverTimeout(inner, row.id, moverId, moverLevels?.get(moverId), at)) return false;
      }
      const outcome = await deadlineOutcome(inner, row, at);
      if (!outcome) return false;
      const [ended] = await inner
        .update(games)
        .set({ ...(await endColumns(inner, row, outcome, at)), version: sql`${games.version} + 1` })
        .where(eq(games.id, row.id))
        .returning();
      if (!ended) return false;
      await announceState(inner, ended, at);
      held.delete(gameId);
      return true;
    };
    return tx ? run(tx) : inTransaction(run);
  }

  async function deadlineOutcome(tx: Database, row: GameRow, at: number): Promise<GameOutcome | null> {
    const variant = variantOf(row.rules);
    if (variant.boards.length > 1) return boardsDeadlineOutcome(tx, row, variant, at);
    const position = parseFen(variant.boards[0] ?? "standard", row.fen);
    if (!position.ok) throw new Error(`game ${row.id} has an unreadable position`);
    // Before both first moves the deadline is the first move's: an arranged game is lost by the side that did not start it.
    if (row.ply < 2) return isArranged(row.tags) ? timeoutOutcome(position.value, turnAtPly(row.ply)) : { result: "*", winner: undefined, reason: "aborted" };
    const control = liveControlOf(row);
    if (control) {
      const flagged = flaggedAt(clockOf(control, row), at);
      return flagged ? timeoutOutcome(position.value, flagged) : null;
    }
    return timeoutOutcome(position.value, turnAtPly(row.ply));
  }

  /** A game of several boards ends on the first flag to fall on any board, for that board's team; aborted when a board never got going. */
  async function boardsDeadlineOutcome(tx: Database, row: GameRow, variant: GameVariant, at: number): Promise<GameOutcome | null> {
    const control = liveControlOf(row);
    if (!control) return null;
    const others = await tx.select().from(gameBoards).where(eq(gameBoards.gameId, row.id)).orderBy(asc(gameBoards.board));
    const boards: BoardState[] = [firstBoardOf(row), ...others];
    // The flag that fell first decides, whichever board it is on.
    const flags = boards
      .map((board, index) => ({ board, index, clock: clockOf(control, board) }))
      .flatMap((entry) => {
        const flagged = flaggedAt(entry.clock, at);
        return flagged ? [{ ...entry, flagged, dueAt: flagDueAt(entry.clock) ?? at }] : [];
      })
      .sort((left, right) => left.dueAt - right.dueAt);
    const first = flags[0];
    if (first) {
      const position = parseFen(variant.boards[first.index] ?? "standard", first.board.fen);
      if (!position.ok) throw new Error(`game ${row.id} board ${first.index} has an unreadable position`);
      return gameOutcomeOfBoard(variant, first.index, timeoutOutcome(position.value, first.flagged));
    }
    return boards.some((board) => board.ply < 2) ? { result: "*", winner: undefined, reason: "aborted" } : null;
  }

  async function act(member: PlayMember, gameId: number, action: GameActionName): Promise<Result<{ version: number; rematchGameId: number | null }, actions.ActionFailure | "not_found">> {
    await clocksResumed();
    const at = now();
    const players = await playersOf(gameId);
    if (!players) return fail("not_found");
    // Read before the transaction: it may ask the realtime layer, which must not run inside one.
    const opponent = await opponentAbsence(gameId, member.id, action);
    return inTransaction(async (tx) => {
      const [row] = await tx.select().from(games).where(eq(games.id, gameId)).for("update");
      if (!row) return fail("not_found");
      const situation: actions.GameSituation = {
        ...row,
        ...(await seatsAndPliesOf(tx, row)),
        status: statusOf(row),
        drawOfferBy: colorOrNull(row.drawOfferBy),
        rematchOfferBy: colorOrNull(row.rematchOfferBy),
        takebackOfferBy: colorOrNull(row.takebackOfferBy),
        arranged: isArranged(row.tags),
      };
      const change = decide(situation, member.id, action, opponent);
      if (!change.ok) return change;
      let set: Partial<typeof games.$inferInsert> = {};
      let rematchGameId: number | null = null;
      switch (change.value.kind) {
        case "end":
          set = await endColumns(tx, row, change.value.outcome, at);
          break;
        case "draw_offer":
          set = { drawOfferBy: change.value.by };
          break;
        case "rematch_offer":
          set = { rematchOfferBy: change.value.by };
          break;
        case "takeback_offer":
          set = { takebackOfferBy: change.value.by };
          break;
        case "takeback":
          set = await takeBackColumns(tx, row, change.value.toPly, at);
          break;
        case "rematch": {
          // The variant comes from the row's rules; an arranged variant no form offers (bughouse) has no playable
          // rules id, so its terms give only the clock and the rating, as when it was arranged.
          const termsRow = { ...row, rules: isPlayRulesId(row.rules) ? row.rules : "standard", color: "random" };
          const rematch = await createGame(tx, { memberIds: change.value.memberIds, variant: variantOf(row.rules), terms: { ...termsFromRow(termsRow), color: "white" }, rematchOfId: row.id });
          rematchGameId = rematch.id;
          set = { rematchOfferBy: null, rematchGameId };
          break;
        }
      }
      const [updated] = await tx
        .update(games)
        .set({ ...set, version: sql`${games.version} + 1` })
        .where(eq(games.id, row.id))
        .returning();
      if (!updated) throw new Error("locked game row vanished");
      await announceState(tx, updated, at, change.value.kind === "takeback" ? change.value.toPly : null);
      // Offers change the version a move is written on: the next move reads the row afresh.
      held.delete(row.id);
      return ok({ version: updated.version, rematchGameId });
    });
  }

  /**
   * Berserk in a tournament game (game-actions.ts berserk): the player's
   * clock halved before their first move. The tournament that arranged the
   * game asks (through its port) and counts the extra point itself.
   */
  async function berserk(member: PlayMember, gameId: number): Promise<Result<{ version: number }, actions.ActionFailure | "not_found">> {
    await clocksResumed();
    const at = now();
    return inTransaction(async (tx) => {
      const [row] = await tx.select().from(games).where(eq(games.id, gameId)).for("update");
      if (!row) return fail("not_found");
      const situation = { ...(await seatsAndPliesOf(tx, row)), status: statusOf(row), speed: row.speed, drawOfferBy: null, rematchOfferBy: null, rematchGameId: null, takebackOfferBy: null, arranged: isArranged(row.tags) };
      const decided = actions.berserk(
        { ...situation, inTournament: row.tags?.tournamentId !== undefined, clockMs: { white: row.whiteClockMs, black: row.blackClockMs }, baseMs: row.speed === "live" && row.baseSeconds !== null ? row.baseSeconds * 1000 : null },
        member.id,
      );
      if (!decided.ok) return decided;
      const halved = Math.floor((decided.value === "white" ? (row.whiteClockMs ?? 0) : (row.blackClockMs ?? 0)) / 2);
      const [updated] = await tx
        .update(games)
        .set({ ...(decided.value === "white" ? { whiteClockMs: halved } : { blackClockMs: halved }), version: sql`${games.version} + 1` })
        .where(eq(games.id, row.id))
        .returning();
      if (!updated) throw new Error("locked game row vanished");
      await announceState(tx, updated, at);
      held.delete(row.id);
      return ok({ version: updated.version });
    });
  }

  /**
   * The columns of a one-board game taken back to `toPly`: the later moves
   * deleted, the position replayed, the request cleared. The clocks keep what
   * each side has left now (time spent is not refunded, as on lichess) and the
   * side to move starts its turn at `at`; before both first moves, the
   * first-move timer starts again.
   */
  async function takeBackColumns(tx: Database, row: GameRow, toPly: number, at: number): Promise<Partial<typeof games.$inferInsert>> {
    const kept = await tx.select({ uci: gameMoves.uci }).from(gameMoves).where(and(eq(gameMoves.gameId, row.id), lt(gameMoves.ply, toPly))).orderBy(asc(gameMoves.ply));
    await tx.delete(gameMoves).where(and(eq(gameMoves.gameId, row.id), gte(gameMoves.ply, toPly)));
    const initial = parseFen(variantOf(row.rules).boards[0] ?? "standard", row.initialFen);
    if (!initial.ok) throw new Error(`game ${row.id} has an unreadable initial position`);
    let position = initial.value;
    for (const { uci } of kept) {
      const played = playMove(position, uci);
      if (!played.ok) throw new Error(`game ${row.id} holds an illegal move ${uci}`);
      position = played.value.position;
    }
    const base = { fen: toFen(position), ply: toPly, boardVersion: row.boardVersion + 1, takebackOfferBy: null, drawOfferBy: null };
    const control = liveControlOf(row);
    if (!control) return { ...base, deadlineAt: dailyDeadline(row, at, 0) };
    const left = clocksAt(clockOf(control, row), at);
    const turnStartedAt = toPly < 2 ? null : new Date(at);
    const clock = clockOf(control, { ...row, ply: toPly, whiteClockMs: left.white, blackClockMs: left.black, turnStartedAt });
    return { ...base, ...clockColumns(clock), deadlineAt: liveDeadline(clock, at) };
  }

  /** A player's time away from a game in play, counted from their turn's start when no departure is on record. */
  function awayFromGame(row: GameRow, memberId: number): Promise<number | null> {
    if (!deps.awayFromGameMs) return Promise.resolve(null);
    return deps.awayFromGameMs(row.id, memberId, (row.turnStartedAt ?? row.createdAt).getTime());
  }

  /** What a claim is decided on: the opponent's absence from this live game and their vacation (nothing to read for other actions). */
  async function opponentAbsence(gameId: number, memberId: number, action: GameActionName): Promise<actions.OpponentAbsence> {
    const unread: actions.OpponentAbsence = { awayMs: null, onVacation: false };
    if (action !== "claim.win" && action !== "claim.draw") return unread;
    const [row] = await db.select().from(games).where(eq(games.id, gameId));
    if (!row || statusOf(row) !== "playing" || row.speed !== "live") return unread;
    const opponentId = actions.boardOpponentOf((await seatsAndPliesOf(db, row)).seats, memberId)?.memberId;
    if (opponentId === undefined) return unread;
    const [awayMs, vacationMs] = await Promise.all([awayFromGame(row, opponentId), vacations.awayMs(opponentId, now())]);
    return { awayMs, onVacation: vacationMs > 0 };
  }

  /** The away time of the player to move in a live game in play (the claim's countdown); the other side is null. */
  async function awayOfPlayers(row: GameRow): Promise<GameView["awayMs"]> {
    if (statusOf(row) !== "playing" || row.speed !== "live") return { white: null, black: null };
    const toMove = turnAtPly(row.ply);
    const awayMs = await awayFromGame(row, toMove === "white" ? row.whiteId : row.blackId);
    return toMove === "white" ? { white: awayMs, black: null } : { white: null, black: awayMs };
  }

  function decide(game: actions.GameSituation, memberId: number, action: GameActionName, opponent: actions.OpponentAbsence) {
    switch (action) {
      case "resign":
        return actions.resign(game, memberId);
      case "abort":
        return actions.abort(game, memberId);
      case "draw.offer":
        return actions.offerDraw(game, memberId);
      case "draw.accept":
        return actions.acceptDraw(game, memberId);
      case "draw.decline":
        return actions.declineDraw(game, memberId);
      case "claim.win":
        return actions.claim(game, memberId, "win", opponent);
      case "claim.draw":
        return actions.claim(game, memberId, "draw", opponent);
      case "rematch.offer":
        return actions.offerRematch(game, memberId);
      case "rematch.decline":
        return actions.declineRematch(game, memberId);
      case "takeback.offer":
        return actions.offerTakeback(game, memberId);
      case "takeback.accept":
        return actions.acceptTakeback(game, memberId);
      case "takeback.decline":
        return actions.declineTakeback(game, memberId);
    }
  }

  /** The members seated at a live game in play (every board's), or null: whose sockets in its room attend it (game-attendance.server.ts). */
  async function livePlayersOf(gameId: number): Promise<readonly number[] | null> {
    const cached = held.get(gameId);
    if (cached) return cached.row.speed === "live" && cached.row.status === "playing" ? cached.seats.map((seat) => seat.memberId) : null;
    const [row] = await db.select().from(games).where(eq(games.id, gameId));
    if (!row || row.speed !== "live" || row.status !== "playing") return null;
    return (await seatsAndPliesOf(db, row)).seats.map((seat) => seat.memberId);
  }

  /** Everyone seated at a game, on any board, or null when there is no such game. */
  async function playersOf(gameId: number): Promise<readonly number[] | null> {
    const cached = held.get(gameId);
    if (cached) return cached.seats.map((seat) => seat.memberId);
    const [row] = await db.select().from(games).where(eq(games.id, gameId));
    return row ? (await seatsAndPliesOf(db, row)).seats.map((seat) => seat.memberId) : null;
  }

  /** A game's seats and each board's plies: off the row for a one-board game (nothing more to read), off game_seats and game_boards for more. */
  async function seatsAndPliesOf(tx: Database, row: GameRow): Promise<Pick<actions.GameSituation, "seats" | "plies">> {
    if (variantOf(row.rules).boards.length === 1) return { seats: twoSeatsOf(row), plies: [row.ply] };
    const [seats, others] = await Promise.all([
      tx.select().from(gameSeats).where(eq(gameSeats.gameId, row.id)).orderBy(asc(gameSeats.seat)),
      tx.select({ ply: gameBoards.ply }).from(gameBoards).where(eq(gameBoards.gameId, row.id)).orderBy(asc(gameBoards.board)),
    ]);
    return { seats: seats.map(seatOfRow), plies: [row.ply, ...others.map((board) => board.ply)] };
  }

  return {
    startGame,
    startVariantGame,
    startArrangedGames,
    /** Resumes the clocks after an outage if this instance is the first up (also done before the first move or sweep). */
    clocksResumed,
    move,
    act,
    berserk,
    endOnDeadline,

    /** The game page's data, and the snapshot a client refetches after a gap. */
    async view(gameId: number): Promise<GameView | null> {
      await clocksResumed();
      const [row] = await db.select().from(games).where(eq(games.id, gameId));
      if (!row) return null;
      const moves = await db.select({ uci: gameMoves.uci, san: gameMoves.san, clockMs: gameMoves.clockMs }).from(gameMoves).where(eq(gameMoves.gameId, gameId)).orderBy(asc(gameMoves.ply));
      const players = await members.namesWithFlairByIds([row.whiteId, row.blackId]);
      const awayMs = await awayOfPlayers(row);
      const terms = termsFromRow({ ...row, color: "random" });
      // The ratings the game was rated from once it is over; until then, the players' current ones.
      const ratingType = ratingTypeOfTerms(terms);
      const [whiteRating, blackRating] = await Promise.all([
        row.whiteRating ?? ratings.currentRating(row.whiteId, ratingType),
        row.blackRating ?? ratings.currentRating(row.blackId, ratingType),
      ]);
      return {
        id: row.id,
        rules: terms.rules,
        control: terms.control,
        rated: row.rated,
        white: { username: players.get(row.whiteId)?.username ?? "", flairCode: players.get(row.whiteId)?.flairCode ?? null, rating: whiteRating, ratingDiff: row.whiteRatingDiff },
        black: { username: players.get(row.blackId)?.username ?? "", flairCode: players.get(row.blackId)?.flairCode ?? null, rating: blackRating, ratingDiff: row.blackRatingDiff },
        initialFen: row.initialFen,
        fen: row.fen,
        moves,
        ply: row.ply,
        version: row.version,
        status: statusOf(row),
        ending: endingOf(row),
        clocks: clocksView(row, now()),
        drawOfferBy: colorOrNull(row.drawOfferBy),
        rematchOfferBy: colorOrNull(row.rematchOfferBy),
        rematchGameId: row.rematchGameId,
        takebackOfferBy: colorOrNull(row.takebackOfferBy),
        arranged: isArranged(row.tags),
        deadlineAt: row.status === "playing" && row.deadlineAt ? row.deadlineAt.toISOString() : null,
        createdAt: row.createdAt.toISOString(),
        awayMs,
      };
    },

    /**
     * The sweeper's pass: claims games past their deadline with SKIP LOCKED
     * (so instances share the work without waiting on each other) and ends
     * each at most once. Answers how many ended.
     */
    async sweepDeadlines(limit = 100): Promise<number> {
      await clocksResumed();
      await deps.clockWatch?.beat(db);
      const at = now();
      // The levels of daily movers, read before the transaction, let their vacation balances accrue.
      const dueDaily = await db
        .select({ whiteId: games.whiteId, blackId: games.blackId, ply: games.ply })
        .from(games)
        .where(and(eq(games.status, "playing"), eq(games.speed, "daily"), lte(games.deadlineAt, new Date(at))))
        .limit(limit);
      const moverLevels = dueDaily.length === 0 ? undefined : await members.levelsByIds(dueDaily.map((game) => (turnAtPly(game.ply) === "white" ? game.whiteId : game.blackId)));
      return inTransaction(async (tx) => {
        const due = await tx
          .select({ id: games.id })
          .from(games)
          .where(and(eq(games.status, "playing"), lte(games.deadlineAt, new Date(at))))
          .orderBy(asc(games.deadlineAt))
          .limit(limit)
          .for("update", { skipLocked: true });
        let ended = 0;
        for (const { id } of due) if (await endOnDeadline(id, at, tx, moverLevels)) ended += 1;
        return ended;
      });
    },

    playersOf,
    livePlayersOf,
    /** A copy of how this instance's held games were kept so far. */
    heldGameCounts: (): HeldGameCounts => ({ ...heldCounts }),

    /**
     * A member's games in progress, the ones where it is their move first,
     * then by deadline. Reads the partial indexes on the playing rows only.
     */
    async inProgressOf(memberId: number): Promise<CurrentGameView[]> {
      const rows = await db
        .select({ id: games.id, speed: games.speed, rules: games.rules, whiteId: games.whiteId, blackId: games.blackId, ply: games.ply, deadlineAt: games.deadlineAt })
        .from(games)
        .where(and(eq(games.status, "playing"), or(eq(games.whiteId, memberId), eq(games.blackId, memberId))))
        .orderBy(asc(games.deadlineAt), asc(games.id))
        .limit(IN_PROGRESS_LIMIT);
      const names = await members.usernamesByIds(rows.map((row) => (row.whiteId === memberId ? row.blackId : row.whiteId)));
      const views = rows.map((row): CurrentGameView => {
        const color = row.whiteId === memberId ? "white" : "black";
        return {
          id: row.id,
          speed: row.speed === "daily" ? "daily" : "live",
          rules: rulesOf(row),
          opponent: names.get(color === "white" ? row.blackId : row.whiteId) ?? "",
          color,
          yourMove: turnAtPly(row.ply) === color,
          deadlineAt: row.deadlineAt?.toISOString() ?? null,
        };
      });
      // Stable: within each group the deadline order stays.
      return views.sort((a, b) => Number(b.yourMove) - Number(a.yourMove));
    },
  };
}

/** What another instance needs to hold a game as a batched move left it (board 0: a game of several boards is dropped there). */
function heldMoveOf(move: MoveWrite): HeldMove {
  const first = move.first;
  return {
    gameId: move.gameId,
    version: move.version + 1,
    uci: move.uci,
    fen: first.fen,
    ply: first.ply,
    boardVersion: first.version,
    whiteClockMs: first.whiteClockMs,
    blackClockMs: first.blackClockMs,
    whiteLagQuotaMs: first.whiteLagQuotaMs,
    blackLagQuotaMs: first.blackLagQuotaMs,
    turnStartedAt: first.turnStartedAt?.getTime() ?? null,
    deadlineAt: move.deadlineAt.getTime(),
    drawOfferBy: move.drawOfferBy,
  };
}

/** The row with board 0's position and clocks written onto it (the deadline stays the caller's: on the row it is the game's). */
function withFirstBoard(row: GameRow, board: BoardState): GameRow {
  return {
    ...row,
    fen: board.fen,
    ply: board.ply,
    boardVersion: board.version,
    whiteClockMs: board.whiteClockMs,
    blackClockMs: board.blackClockMs,
    whiteLagQuotaMs: board.whiteLagQuotaMs,
    blackLagQuotaMs: board.blackLagQuotaMs,
    turnStartedAt: board.turnStartedAt,
  };
}

/** Board 0's columns, on the game row (its deadline is the game's). */
function firstBoardOf(row: GameRow): BoardState {
  return {
    board: 0,
    fen: row.fen,
    ply: row.ply,
    version: row.boardVersion,
    whiteClockMs: row.whiteClockMs,
    blackClockMs: row.blackClockMs,
    whiteLagQuotaMs: row.whiteLagQuotaMs,
    blackLagQuotaMs: row.blackLagQuotaMs,
    turnStartedAt: row.turnStartedAt,
    deadlineAt: row.deadlineAt,
  };
}

/** A game_seats row as the service holds it. */
function seatOfRow(seat: typeof gameSeats.$inferSelect): Seat {
  return { seat: seat.seat, board: seat.board, color: seat.color === "black" ? "black" : "white", team: seat.team === 1 ? 1 : 0, memberId: seat.memberId };
}

/** A one-board game's seats, read off its row (game_seats holds the same two). */
function twoSeatsOf(row: GameRow): Seat[] {
  return variants.standard.seats.map((seat) => ({ ...seat, memberId: seat.color === "white" ? row.whiteId : row.blackId }));
}

/** When a game of several boards must be looked at next: the first flag to fall on any board (or a first move not made in time). */
function earliestDeadline(boards: readonly BoardState[], row: GameRow, at: number): Date {
  const control = liveControlOf(row);
  if (!control) throw new Error(`game ${row.id} of several boards has no live clock`);
  const due = boards.map((board) => flagDueAt(clockOf(control, board)) ?? (board.ply < 2 ? at + FIRST_MOVE_MS : Number.POSITIVE_INFINITY));
  return new Date(Math.min(...due));
}

function boardChangeOf(board: number, state: BoardState) {
  return { board, version: state.version, ply: state.ply, fen: state.fen };
}

function statusOf(row: GameRow): actions.GameStatus {
  return row.status === "ended" || row.status === "aborted" ? row.status : "playing";
}

function colorOrNull(value: string | null): Color | null {
  return value === "white" || value === "black" ? value : null;
}

function rulesOf(row: Pick<GameRow, "rules">) {
  return playRulesOf(row.rules);
}

export type GamesService = ReturnType<typeof createGamesService>;
