/**
 * The game as the page holds it, kept in step with the server: the confirmed
 * view, the clocks as received, and the player's own move while it waits for
 * the server. Pure, so the ordering rules are tested without a socket:
 * - an event at or below the held version is a repeat and changes nothing;
 * - an event that skips a version asks for a refetch (the snapshot covers it);
 *   both as the platform's versionStep decides, like the socket client's own check;
 * - a snapshot replaces the held game unless it is older than it;
 * - once the connection is lost the clocks stop being trusted: they are shown
 *   stopped where they stood, until the server speaks again (a snapshot or an
 *   event), whose clocks then replace them.
 */
import { versionStep } from "../../../platform/realtime/version-gap.ts";
import { pausedClocks, type ClockSnapshot } from "./clock-display.ts";
import type { ClocksView, GameEnding, GameMoveEvent, GameStateEvent, GameView } from "../play.schema.ts";

export interface PendingMove {
  /** The ply the move was made at. */
  readonly ply: number;
  readonly uci: string;
}

export interface HeldGame {
  readonly view: GameView;
  readonly clocks: ClockSnapshot | null;
  readonly pending: PendingMove | null;
  /** When the connection was lost, while nothing newer came from the server since (null: the clocks are the server's). */
  readonly untrustedSince: number | null;
}

export interface SyncStep {
  readonly game: HeldGame;
  /** The page should ask for a snapshot. */
  readonly refetch: boolean;
  /** Something new was applied (sounds and animations follow it). */
  readonly applied: boolean;
}

/** A held clock (the grace after a restart) counts from when the server starts charging it: until then the page shows it still. */
function snapshotOf(clocks: ClocksView | null, receivedAt: number): ClockSnapshot | null {
  return clocks ? { white: clocks.white, black: clocks.black, running: clocks.running, receivedAt: receivedAt + (clocks.startsInMs ?? 0) } : null;
}

function statusOf(ending: GameEnding | null): GameView["status"] {
  if (!ending) return "playing";
  return ending.reason === "aborted" ? "aborted" : "ended";
}

export function holdGame(view: GameView, receivedAt: number): HeldGame {
  return { view, clocks: snapshotOf(view.clocks, receivedAt), pending: null, untrustedSince: null };
}

const unchanged = (game: HeldGame): SyncStep => ({ game, refetch: false, applied: false });
const gap = (game: HeldGame): SyncStep => ({ game, refetch: true, applied: false });

export function applyMoveEvent(game: HeldGame, event: GameMoveEvent, receivedAt: number): SyncStep {
  const view = game.view;
  const step = versionStep(view.version, event.version);
  if (step === "repeat") return unchanged(game);
  if (step === "gap" || event.ply !== view.moves.length + 1) return gap(game);
  const mover = event.ply % 2 === 1 ? "white" : "black";
  const next: GameView = {
    ...view,
    fen: event.fen,
    moves: [...view.moves, { uci: event.uci, san: event.san, clockMs: event.clocks ? event.clocks[mover] : null }],
    ply: event.ply,
    version: event.version,
    clocks: event.clocks,
    ending: event.ending,
    status: statusOf(event.ending),
    // A move answers the opponent's draw offer with a no (as the server does).
    drawOfferBy: view.drawOfferBy === mover ? mover : null,
    // A daily move sets the next deadline; a live game's events carry none (its clocks say it).
    deadlineAt: event.deadlineAt === undefined ? view.deadlineAt : event.deadlineAt,
    // And cancels a takeback request.
    takebackOfferBy: null,
  };
  // The server has answered the waiting move (this one, or a move that replaced it).
  const pending = game.pending && game.pending.ply >= event.ply ? game.pending : null;
  return { game: { view: next, clocks: snapshotOf(event.clocks, receivedAt), pending, untrustedSince: null }, refetch: false, applied: true };
}

export function applyStateEvent(game: HeldGame, event: GameStateEvent, receivedAt: number): SyncStep {
  const view = game.view;
  const step = versionStep(view.version, event.version);
  if (step !== "next") return step === "repeat" ? unchanged(game) : gap(game);
  // A takeback removed moves: the snapshot has the position and the moves left.
  if (event.takenBackTo !== null) return gap(game);
  const next: GameView = {
    ...view,
    version: event.version,
    drawOfferBy: event.drawOfferBy,
    rematchOfferBy: event.rematchOfferBy,
    rematchGameId: event.rematchGameId,
    takebackOfferBy: event.takebackOfferBy,
    clocks: event.clocks,
    ending: event.ending,
    status: statusOf(event.ending),
  };
  const pending = next.status === "playing" ? game.pending : null;
  return { game: { view: next, clocks: snapshotOf(event.clocks, receivedAt), pending, untrustedSince: null }, refetch: false, applied: true };
}

export function applySnapshot(game: HeldGame, view: GameView, receivedAt: number): SyncStep {
  if (view.id !== game.view.id) return unchanged(game);
  // Older than what the page holds: an event got here first, with clocks as fresh.
  if (view.version < game.view.version) return unchanged(game.untrustedSince === null ? game : { ...game, untrustedSince: null });
  // The waiting move stays only while the server has not moved past its ply.
  const pending = game.pending && game.pending.ply === view.ply && view.status === "playing" ? game.pending : null;
  // Even at the same version the clocks are the snapshot's: after a reconnect they are the server's time, not the page's guess.
  return { game: { view, clocks: snapshotOf(view.clocks, receivedAt), pending, untrustedSince: null }, refetch: false, applied: view.version > game.view.version };
}

/** The connection was lost at `at`: the clocks stop there until the server speaks again. */
export function withConnectionLost(game: HeldGame, at: number): HeldGame {
  return game.untrustedSince === null ? { ...game, untrustedSince: at } : game;
}

/** The clocks to show: the server's, ticking, or stopped where they stood when the connection was lost. */
export function shownClocks(game: HeldGame): ClockSnapshot | null {
  return game.clocks && game.untrustedSince !== null ? pausedClocks(game.clocks, game.untrustedSince) : game.clocks;
}

/** The player's move, shown on the board while the server confirms it. */
export function withPendingMove(game: HeldGame, uci: string): HeldGame {
  return { ...game, pending: { ply: game.view.ply, uci } };
}

export function withoutPendingMove(game: HeldGame): HeldGame {
  return game.pending ? { ...game, pending: null } : game;
}

/** Whose turn it is in the held game. */
export function sideToMove(view: Pick<GameView, "ply">): "white" | "black" {
  return view.ply % 2 === 0 ? "white" : "black";
}
