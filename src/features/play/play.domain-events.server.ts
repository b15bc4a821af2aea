/**
 * The domain events online play publishes (decision 0045), for the features
 * that react to games (presence today; tournaments, team matches, vote chess,
 * leaderboards and trophies later; ratings changes are the ratings feature's event), written in the transaction that starts
 * or ends the game. Server-only: the browser gets none of these schemas.
 */
import { z } from "zod";
import { defineDomainEvent } from "../../platform/domain-events/domain-events.server.ts";

/** What a game belongs to besides its players (null on the row when nothing): set by the feature that made it. */
export const gameTagsSchema = z.object({
  tournamentId: z.number().int().positive().optional(),
  teamMatchId: z.number().int().positive().optional(),
  voteChessId: z.number().int().positive().optional(),
});
export type GameTags = z.infer<typeof gameTagsSchema>;

/** A game a competition arranged (any tag): never aborted, and a first move not made in time loses (game-actions.ts). */
export function isArranged(tags: GameTags | null): boolean {
  return tags !== null && (tags.tournamentId !== undefined || tags.teamMatchId !== undefined || tags.voteChessId !== undefined);
}

const ratingType = z.string().min(1).max(12);

/** One seat of a game: two for chess, four for bughouse (two teams of two; a game's result is written from team 0's side). */
const gameSeat = z.object({
  memberId: z.number().int().positive(),
  board: z.number().int().min(0),
  color: z.enum(["white", "black"]),
  team: z.union([z.literal(0), z.literal(1)]),
});

const gameFacts = {
  gameId: z.number().int().positive(),
  /** Board 0's players. */
  whiteId: z.number().int().positive(),
  blackId: z.number().int().positive(),
  /** Every seat, on every board (absent from events written before seats were published). */
  seats: z.array(gameSeat).max(8).optional(),
  ratingType,
  rated: z.boolean(),
  /** live | daily */
  speed: z.string().min(1).max(8),
  tags: gameTagsSchema.nullable(),
};

export const gameStartedDomainEvent = defineDomainEvent("play.game-started", z.object(gameFacts));

/** Aborted games included (reason "aborted", result "*"): a tournament must know its pairing did not happen. */
export const gameEndedDomainEvent = defineDomainEvent(
  "play.game-ended",
  z.object({
    ...gameFacts,
    result: z.enum(["1-0", "0-1", "1/2-1/2", "*"]),
    reason: z.string().min(1).max(24),
  }),
);

export const playDomainEvents = [gameStartedDomainEvent, gameEndedDomainEvent] as const;
