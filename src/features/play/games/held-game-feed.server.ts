/**
 * How instances keep each other's held games current (decision 0060): after a
 * batched live move commits, its instance publishes the game row's new
 * columns on one bus channel that every instance hears, before the move's
 * own events (one publisher connection keeps that order, so an instance has
 * the new row before its player sees the move and answers it). An instance
 * holding the game at the version before applies it; on any gap it drops
 * the game, and the next move reloads it from the row (decision 0015: the
 * row stays the authority, the version check keeps a wrong cache safe).
 */
import { z } from "zod";
import type { EventBus } from "../../../platform/realtime/bus.server.ts";

/** A one-board game's row after a batched live move, as the instance that wrote it computed it. */
export interface HeldMove {
  readonly gameId: number;
  /** The game version the move made. */
  readonly version: number;
  readonly uci: string;
  readonly fen: string;
  readonly ply: number;
  readonly boardVersion: number;
  readonly whiteClockMs: number | null;
  readonly blackClockMs: number | null;
  readonly whiteLagQuotaMs: number;
  readonly blackLagQuotaMs: number;
  /** Epoch milliseconds. */
  readonly turnStartedAt: number | null;
  readonly deadlineAt: number;
  readonly drawOfferBy: string | null;
}

export interface HeldGameFeed {
  /** Sends the moves this instance committed, in order; never waits, never throws. */
  publish(moves: readonly HeldMove[]): void;
  /** Hears the moves other instances committed (resolves once listening). */
  listen(apply: (move: HeldMove) => void): Promise<void>;
}

/** A bus channel, not a hub room: no socket can subscribe to it (the hub refuses unknown room kinds). */
const HELD_MOVES_CHANNEL = "play-held-moves";
const HELD_MOVES_TYPE = "held.moves";

const heldMoveSchema = z.object({
  gameId: z.number().int(),
  version: z.number().int(),
  uci: z.string(),
  fen: z.string(),
  ply: z.number().int(),
  boardVersion: z.number().int(),
  whiteClockMs: z.number().nullable(),
  blackClockMs: z.number().nullable(),
  whiteLagQuotaMs: z.number(),
  blackLagQuotaMs: z.number(),
  turnStartedAt: z.number().nullable(),
  deadlineAt: z.number(),
  drawOfferBy: z.string().nullable(),
});
const heldMovesSchema = z.object({ from: z.string(), moves: z.array(heldMoveSchema) });

/**
 * The feed over the bus. With the in-process bus there is one instance and
 * nothing to tell: the caller passes no feed then (see the feature definition).
 */
export function busHeldGameFeed(bus: EventBus, instanceId: string, log: (error: unknown, message: string) => void): HeldGameFeed {
  return {
    publish(moves) {
      if (moves.length === 0) return;
      // One message per batch: a batch's moves are distinct games, and each instance hears its own too (skipped by `from`).
      bus.publish(HELD_MOVES_CHANNEL, { type: HELD_MOVES_TYPE, payload: { from: instanceId, moves } }).catch((error: unknown) => log(error, "held moves not published (the other instances reload those games)"));
    },
    async listen(apply) {
      await bus.subscribe(HELD_MOVES_CHANNEL, (event) => {
        if (event.type !== HELD_MOVES_TYPE) return;
        const parsed = heldMovesSchema.safeParse(event.payload);
        if (!parsed.success || parsed.data.from === instanceId) return;
        for (const move of parsed.data.moves) apply(move);
      });
    },
  };
}
