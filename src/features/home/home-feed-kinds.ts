/**
 * The kinds of entry the home feed holds, each with the shape of what it
 * shows (decision 0057). A new kind (trophies, from their feature) is one
 * schema here, one subscription that records it and one renderer in
 * pages/home-feed.tsx; rows of a kind this code does not know are skipped
 * when read, so instances of two versions can share a feed table.
 */
import { z } from "zod";

export const feedKindSubjects = {
  /** A game the member finished (aborted games are not news). */
  game_finished: z.object({
    gameId: z.number().int().positive(),
    opponent: z.string(),
    outcome: z.enum(["win", "loss", "draw"]),
    speed: z.string(),
    ratingType: z.string(),
  }),
  /** A club the member joined (or founded). */
  club_joined: z.object({ clubId: z.number().int().positive(), url: z.string(), name: z.string() }),
  /** A trophy the member received: from another member (awardedBy), or earned from the site (null). */
  trophy_received: z.object({ trophyId: z.number().int().positive(), code: z.string(), image: z.string(), awardedBy: z.string().nullable() }),
} as const;

export type FeedKind = keyof typeof feedKindSubjects;
export type FeedSubject<Kind extends FeedKind> = z.infer<(typeof feedKindSubjects)[Kind]>;

export type FeedEntryBody = { [Kind in FeedKind]: { readonly kind: Kind; readonly subject: FeedSubject<Kind> } }[FeedKind];

export interface FeedEntryView {
  readonly id: number;
  readonly actor: string;
  readonly actorAvatarUrl: string;
  /** ISO */
  readonly at: string;
  readonly body: FeedEntryBody;
}

export interface FeedPage {
  readonly entries: readonly FeedEntryView[];
  readonly page: number;
  readonly morePages: boolean;
}

function isFeedKind(kind: string): kind is FeedKind {
  return Object.hasOwn(feedKindSubjects, kind);
}

/** A stored row's kind and subject as a typed body, or null for a kind or shape this version does not know. */
export function feedEntryBodyOf(kind: string, subject: unknown): FeedEntryBody | null {
  if (!isFeedKind(kind)) return null;
  switch (kind) {
    case "game_finished": {
      const parsed = feedKindSubjects.game_finished.safeParse(subject);
      return parsed.success ? { kind, subject: parsed.data } : null;
    }
    case "club_joined": {
      const parsed = feedKindSubjects.club_joined.safeParse(subject);
      return parsed.success ? { kind, subject: parsed.data } : null;
    }
    case "trophy_received": {
      const parsed = feedKindSubjects.trophy_received.safeParse(subject);
      return parsed.success ? { kind, subject: parsed.data } : null;
    }
  }
}
