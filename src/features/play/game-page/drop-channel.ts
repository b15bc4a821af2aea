/**
 * How crazyhouse's pockets reach the interactive board: the board (its lazy
 * chunk) offers a handle while its player may drop, the pockets (their own
 * lazy chunk) use it for a click-then-square drop or a drag, and hear when a
 * chosen piece was dropped or given up. One board per page, so one handle.
 */
import type { PieceRole } from "./fen-board.ts";

export type DroppableRole = Exclude<PieceRole, "king">;

export interface DropHandle {
  /** Arms the board: the next square clicked gets this piece (null: disarm). */
  readonly select: (role: DroppableRole | null) => void;
  /** Starts dragging this piece from the pocket (a mouse or touch press). */
  readonly drag: (role: DroppableRole, event: MouseEvent | TouchEvent) => void;
}

let handle: DropHandle | null = null;
const disarmListeners = new Set<() => void>();

export const offerDropHandle = (next: DropHandle | null): void => {
  handle = next;
  if (!next) disarmed();
};

export const dropHandle = (): DropHandle | null => handle;

/** Told when the chosen piece is dropped or given up (the pockets clear their choice). */
export function onDisarm(listener: () => void): () => void {
  disarmListeners.add(listener);
  return () => disarmListeners.delete(listener);
}

export function disarmed(): void {
  for (const listener of disarmListeners) listener();
}
