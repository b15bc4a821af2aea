/**
 * Online play's shared schemas and DTOs (server and browser).
 */
import { z } from "zod";
import type { RulesId } from "../../chess/rules.ts";

/** The rules a member may choose today (the chess module may know more). Type-only import: pages keep chessops off their bundle. */
export const playableRules = ["standard", "chess960"] as const satisfies readonly RulesId[];

export const colorChoices = ["white", "black", "random"] as const;
export type ColorChoice = (typeof colorChoices)[number];

export const dailyDaysChoices = [1, 2, 3, 5, 7, 14] as const;

/** Custom live controls: 0–180 minutes and 0–180 seconds of increment, not both zero. */
export const MAX_BASE_SECONDS = 180 * 60;
export const MAX_INCREMENT_SECONDS = 180;

export const liveControlSchema = z
  .strictObject({
    kind: z.literal("live"),
    baseSeconds: z.int().min(0).max(MAX_BASE_SECONDS),
    incrementSeconds: z.int().min(0).max(MAX_INCREMENT_SECONDS),
  })
  .refine((control) => control.baseSeconds + control.incrementSeconds > 0, { message: "play.error.time_control" });

export const dailyControlSchema = z.strictObject({
  kind: z.literal("daily"),
  daysPerMove: z.union(dailyDaysChoices.map((days) => z.literal(days))),
});

export const timeControlSchema = z.union([liveControlSchema, dailyControlSchema]);
export type TimeControlInput = z.infer<typeof timeControlSchema>;

/** What a seek or a challenge asks for. */
export const gameTermsSchema = z.strictObject({
  rules: z.enum(playableRules),
  control: timeControlSchema,
  rated: z.boolean(),
  color: z.enum(colorChoices),
});
export type GameTerms = z.infer<typeof gameTermsSchema>;

export const challengeInputSchema = z.strictObject({
  opponent: z.string().min(1).max(25),
  terms: gameTermsSchema,
});
export type ChallengeInput = z.infer<typeof challengeInputSchema>;

export const challengeStatuses = ["open", "accepted", "declined", "cancelled", "expired"] as const;
export type ChallengeStatus = (typeof challengeStatuses)[number];

/** A challenge as either of its two members sees it. */
export interface ChallengeView {
  readonly id: number;
  readonly challenger: string;
  readonly challenged: string;
  readonly terms: GameTerms;
  readonly status: ChallengeStatus;
  readonly gameId: number | null;
  readonly createdAt: string;
  readonly expiresAt: string;
}

/** A seek: the terms, and optionally the range of opponents' ratings around the seeker's own (e.g. -200..+200). */
export const seekInputSchema = z.strictObject({
  terms: gameTermsSchema,
  ratingRange: z
    .strictObject({ below: z.int().min(-1000).max(0), above: z.int().min(0).max(1000) })
    .optional(),
});
export type SeekInput = z.infer<typeof seekInputSchema>;

/** A seek in the lobby. */
export interface SeekView {
  readonly id: number;
  readonly username: string;
  readonly terms: GameTerms;
  readonly rating: number;
  readonly ratingMin: number | null;
  readonly ratingMax: number | null;
}
