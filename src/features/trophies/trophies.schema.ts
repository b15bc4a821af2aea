import { z } from "zod";
import { trophyTypes, type TrophyType } from "./trophy-catalogue.ts";

/** Requests and answers of the trophy calls (spec 001 §3.8, §7.5). The browser imports only the types (decision 0028). */

import { TROPHY_MESSAGE_MAX_LENGTH } from "./trophy-message.ts";

export { TROPHY_MESSAGE_MAX_LENGTH, encodeAngleBrackets, decodeAngleBrackets } from "./trophy-message.ts";
export const TROPHY_PAGE_SIZE = 6;
export const SHOWCASE_SIZE = 6;

export const trophyUsernameSchema = z.string().regex(/^[A-Za-z0-9_-]{1,25}$/);
/** Numeric ids are digits (spec 000 §5). */
export const trophyIdParamSchema = z.string().regex(/^[0-9]{1,9}$/).transform(Number);
export const trophyTypeParamSchema = z.enum([...trophyTypes, "all"]);

/** POST /callback/award/trophy/{username}/{trophyId}: the message, and a game as gameId (daily) or gameLiveId (live). */
export const awardBodySchema = z.object({
  message: z.string().max(TROPHY_MESSAGE_MAX_LENGTH).optional().default(""),
  gameId: z.union([z.string(), z.number()]).optional(),
  gameLiveId: z.union([z.string(), z.number()]).optional(),
});

export const allTrophiesQuerySchema = z.object({
  trophyType: z.enum(trophyTypes).optional().default("social"),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});

/** One trophy a member holds, as the calls and pages show it. */
export interface MemberTrophyView {
  readonly id: number;
  readonly trophyId: number;
  readonly code: string;
  readonly type: TrophyType;
  readonly image: string;
  readonly awardedBy: string | null;
  readonly message: string | null;
  readonly gameId: number | null;
  readonly isLiveGame: boolean;
  readonly featured: boolean;
  readonly awardedAt: string;
}

/** A catalogue entry as "all trophies by type" lists it. */
export interface TrophyCatalogueView {
  readonly id: number;
  readonly code: string;
  readonly type: TrophyType;
  readonly image: string;
}

/** What a member's profile shows: the showcase, the count, and what the viewer may award. */
export interface TrophyCabinet {
  readonly showcase: readonly MemberTrophyView[];
  readonly count: number;
}
