/**
 * Presence (spec 001 §3.3, §7.2): who is online, offline or playing. The
 * server and tests import the schemas; the browser imports only the types
 * (decision 0028). No I/O.
 */
import { z } from "zod";

/** Ids inside activity contexts travel in links and room names: letters, digits, "_" and "-". */
const contextIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/**
 * Where a game is played. `live` and `daily` are plain games; `arena` and
 * `tournament` are live games inside an event.
 */
export const presenceGameSources = ["live", "daily", "arena", "tournament"] as const;
export type PresenceGameSource = (typeof presenceGameSources)[number];

/**
 * A game a member is playing. `numericId` is the game's number (its page is
 * /game/live/{numericId} or /game/{numericId}). `id` is the game's id as text
 * for `live` and `daily`, and the event's id for `arena` and `tournament`
 * (its page is /play/arena/{id} or /play/tournament/{id}).
 */
export const presenceGameSchema = z.strictObject({
  source: z.enum(presenceGameSources),
  id: contextIdSchema,
  numericId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type PresenceGame = z.infer<typeof presenceGameSchema>;

/** A puzzle battle: `id` is its short id (/puzzles/battle/{id}). */
export const presenceBattleSchema = z.strictObject({ id: contextIdSchema });
export type PresenceBattle = z.infer<typeof presenceBattleSchema>;

/** At most this many games and battles per declared activity (a simul is the largest case). */
export const maxActivityContextItems = 50;

export const activityContextSchema = z.strictObject({
  games: z.array(presenceGameSchema).max(maxActivityContextItems),
  battles: z.array(presenceBattleSchema).max(maxActivityContextItems),
});
export type ActivityContext = z.infer<typeof activityContextSchema>;

export const presenceStatuses = ["online", "offline"] as const;
export type PresenceStatus = (typeof presenceStatuses)[number];
export const presenceActivities = ["none", "playing"] as const;
export type PresenceActivityName = (typeof presenceActivities)[number];

/** One member's presence, as GET /callback/presence and the `presence.changed` event carry it. */
export const presenceSchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(presenceStatuses),
  /** When the current status began (ISO 8601): online since, or last seen. */
  statusAt: z.iso.datetime(),
  /** statusAt is only approximately known. */
  statusAtUncertain: z.boolean(),
  activity: z.enum(presenceActivities),
  activityContext: activityContextSchema,
  streaming: z.boolean(),
});
export type Presence = z.infer<typeof presenceSchema>;

export const presenceResponseSchema = z.object({ presence: z.array(presenceSchema) });
export type PresenceResponse = z.infer<typeof presenceResponseSchema>;

/**
 * What one connection declares it is doing (the play feature calls
 * setActivity with it). Games and battles default to none.
 */
export const presenceActivitySchema = z.discriminatedUnion("activity", [
  z.strictObject({ activity: z.literal("none") }),
  z.strictObject({
    activity: z.literal("playing"),
    context: z.strictObject({
      games: z.array(presenceGameSchema).max(maxActivityContextItems).default([]),
      battles: z.array(presenceBattleSchema).max(maxActivityContextItems).default([]),
    }),
  }),
]);
export type PresenceActivityInput = z.input<typeof presenceActivitySchema>;
export type PresenceActivity = z.output<typeof presenceActivitySchema>;

export const emptyActivityContext: ActivityContext = Object.freeze({ games: [], battles: [] });
