/**
 * The payload schemas of online play's events (play.events.ts), paired with
 * them in play.realtime-events.server.ts for the hub: the hub forwards an
 * event only when its payload fits.
 */
import { z } from "zod";
import { dailyDaysPerMove } from "../../chess/time-control.ts";
import { playableRules } from "./play.constants.ts";

const color = z.enum(["white", "black"]);
const clocks = z.object({ white: z.number(), black: z.number(), running: color.nullable(), startsInMs: z.number().optional() }).nullable();
const ending = z.object({ result: z.enum(["1-0", "0-1", "1/2-1/2", "*"]), reason: z.string(), ratingDiffs: z.object({ white: z.number(), black: z.number() }).nullable() }).nullable();
const control = z.union([
  z.object({ kind: z.literal("live"), baseSeconds: z.number(), incrementSeconds: z.number() }),
  z.object({ kind: z.literal("daily"), daysPerMove: z.union(dailyDaysPerMove.map((days) => z.literal(days))) }),
]);
const terms = z.object({ rules: z.enum(playableRules), control, rated: z.boolean(), color: z.enum(["white", "black", "random"]) });

const boardChange = z.object({ board: z.number(), version: z.number(), ply: z.number(), fen: z.string() });
const gameMoveSchema = z.object({ version: z.number(), ply: z.number(), uci: z.string(), san: z.string(), fen: z.string(), clocks, ending, deadlineAt: z.string().nullable().optional(), board: z.number().optional(), boards: z.array(boardChange).readonly().optional() });
const gameStateSchema = z.object({
  version: z.number(),
  drawOfferBy: color.nullable(),
  rematchOfferBy: color.nullable(),
  rematchGameId: z.number().nullable(),
  takebackOfferBy: color.nullable(),
  /** Set when a takeback removed moves: the ply the game went back to (the page refetches the snapshot). */
  takenBackTo: z.number().nullable(),
  clocks,
  ending,
});
const seekAddedSchema = z.object({ id: z.number(), username: z.string(), terms, rating: z.number(), ratingMin: z.number().nullable(), ratingMax: z.number().nullable() });
const seekRemovedSchema = z.object({ id: z.number() });
const challengeReceivedSchema = z.object({ id: z.number(), from: z.string() });
const challengeAcceptedSchema = z.object({ id: z.number(), by: z.string(), gameId: z.number() });
const challengeAnsweredSchema = z.object({ id: z.number(), by: z.string() });
const seekPairedSchema = z.object({ id: z.number(), gameId: z.number() });
const gameIdSchema = z.object({ gameId: z.number() });
const yourMoveSchema = z.object({ gameId: z.number(), by: z.string() });

export type GameMovePayload = z.infer<typeof gameMoveSchema>;
export type GameStatePayload = z.infer<typeof gameStateSchema>;
export type SeekAddedPayload = z.infer<typeof seekAddedSchema>;
export type SeekRemovedPayload = z.infer<typeof seekRemovedSchema>;
export type ChallengeReceivedPayload = z.infer<typeof challengeReceivedSchema>;
export type ChallengeAcceptedPayload = z.infer<typeof challengeAcceptedSchema>;
/** Declined or cancelled. */
export type ChallengeAnsweredPayload = z.infer<typeof challengeAnsweredSchema>;
export type SeekPairedPayload = z.infer<typeof seekPairedSchema>;
export type GameIdPayload = z.infer<typeof gameIdSchema>;
export type YourMovePayload = z.infer<typeof yourMoveSchema>;

export { gameMoveSchema, gameStateSchema, seekAddedSchema, seekRemovedSchema, challengeReceivedSchema, challengeAcceptedSchema, challengeAnsweredSchema, seekPairedSchema, gameIdSchema, yourMoveSchema };
