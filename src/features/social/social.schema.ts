import { z } from "zod";

/** Requests and answers of the social calls. The browser imports only the types (decision 0028). */

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{1,25}$/;
export const usernameParamSchema = z.string().regex(USERNAME_PATTERN);

export const NOTE_MAX_LENGTH = 1000;
export { SEARCH_MIN_LENGTH } from "./social.constants.ts";

export const reportReasons = ["spam", "harassment", "hate_speech", "cheating", "inappropriate_profile", "impersonation", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];

export const reportBodySchema = z.object({
  abuser_username: usernameParamSchema,
  reason: z.enum(reportReasons),
  details: z.string().max(2000).optional(),
  block_user: z.union([z.literal(1), z.literal(0), z.literal("1"), z.literal("0"), z.boolean()]).optional(),
});

export const allowFriendRequestsBodySchema = z.object({
  allow: z.union([z.literal(1), z.literal(0), z.literal("1"), z.literal("0"), z.boolean()]),
  redirectUrl: z.string().max(2048).optional(),
});
export const statusBodySchema = z.object({ status: z.string() });
export const noteBodySchema = z.object({ username: usernameParamSchema, note: z.string().max(NOTE_MAX_LENGTH) });
export const lifetimeScoreBodySchema = z.object({ user: z.coerce.number().int().positive(), opponent: z.coerce.number().int().positive() });

/** Member items a client may read (plus any {hash} key) and write (spec 001 §7.4). */
export const readableItems = ["introducedToStreaks", "introducedToYearInChess"] as const;
export const writableItems = ["introducedToStreaks", "introducedToYearInChess", "closedYearInChessBanner"] as const;
export const ITEM_HASH_PATTERN = /^[a-f0-9]{8,64}$/;
export const setItemBodySchema = z.object({ item: z.enum(writableItems), value: z.union([z.literal(1), z.literal(0), z.literal("1"), z.literal("0")]).default(1) });

export interface Relationship {
  readonly areFriends: boolean;
  /** The viewer asked the member to be friends. */
  readonly isFriendRequestExists: boolean;
  /** The member asked the viewer to be friends. */
  readonly isFriendRequestFromUserExists: boolean;
  readonly isTracked: boolean;
  readonly isBlocked: boolean;
  readonly blocksCurrentUser: boolean;
  readonly isMuted: boolean;
}

export const noRelationship: Relationship = {
  areFriends: false,
  isFriendRequestExists: false,
  isFriendRequestFromUserExists: false,
  isTracked: false,
  isBlocked: false,
  blocksCurrentUser: false,
  isMuted: false,
};

export interface FriendEntry {
  readonly username: string;
  readonly avatarUrl: string;
  readonly countryCode: string;
  readonly chessTitle: string | null;
  /** Whether this member is also the viewer's friend. */
  readonly isViewerFriend: boolean;
}

export interface SocialCounts {
  readonly friends: number;
  readonly followers: number;
  readonly following: number;
}

export interface LifetimeScore {
  readonly win: number;
  readonly lose: number;
  readonly draw: number;
}
