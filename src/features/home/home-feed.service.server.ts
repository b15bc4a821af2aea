/**
 * The home feed (decision 0057): written from other features' domain events
 * (one row per member concerned, idempotent by event id), read newest first
 * a page at a time, as the member's own activity or that of the members they follow.
 */
import { desc, inArray } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import type { HomeContentType } from "../accounts/current-user.ts";
import { feedEntryBodyOf, type FeedEntryBody, type FeedPage, type FeedEntryView } from "./home-feed-kinds.ts";
import type { HomeSources } from "./home-sources.port.ts";
import { homeFeedEntries } from "./home.tables.server.ts";

export const FEED_PAGE_SIZE = 20;
/** Deeper pages cost a longer offset scan and nobody reads them: the feed is news. */
export const FEED_MAX_PAGE = 50;

export interface FeedEntryInput {
  readonly eventId: number;
  readonly actorId: number;
  readonly occurredAt: Date;
  readonly body: FeedEntryBody;
}

export interface GameEndedFacts {
  readonly gameId: number;
  readonly whiteId: number;
  readonly blackId: number;
  readonly ratingType: string;
  readonly speed: string;
  readonly result: "1-0" | "0-1" | "1/2-1/2" | "*";
}

export interface TrophyReceivedFacts {
  readonly recipientId: number;
  readonly trophyId: number;
  readonly code: string;
  readonly image: string;
  readonly awarderId: number | null;
}

function outcomeFor(result: GameEndedFacts["result"], color: "white" | "black"): "win" | "loss" | "draw" {
  if (result === "1/2-1/2") return "draw";
  return (result === "1-0") === (color === "white") ? "win" : "loss";
}

export function createHomeFeed(db: Database, sources: () => HomeSources) {
  async function record(entries: readonly FeedEntryInput[]): Promise<void> {
    if (entries.length === 0) return;
    await db
      .insert(homeFeedEntries)
      .values(entries.map((entry) => ({ eventId: entry.eventId, actorId: entry.actorId, kind: entry.body.kind, subject: entry.body.subject, occurredAt: entry.occurredAt })))
      // A delivery repeated after a crash writes nothing twice.
      .onConflictDoNothing({ target: [homeFeedEntries.eventId, homeFeedEntries.actorId] });
  }

  return {
    record,

    /** Both players' "finished a game" from play's game-ended event; an aborted game is no news. */
    async recordGameEnded(eventId: number, occurredAt: Date, game: GameEndedFacts): Promise<void> {
      if (game.result === "*") return;
      const { result } = game;
      const names = await sources().membersByIds([game.whiteId, game.blackId]);
      const entry = (actorId: number, opponentId: number, color: "white" | "black"): FeedEntryInput => ({
        eventId,
        actorId,
        occurredAt,
        body: { kind: "game_finished", subject: { gameId: game.gameId, opponent: names.get(opponentId)?.username ?? "", outcome: outcomeFor(result, color), speed: game.speed, ratingType: game.ratingType } },
      });
      await record([entry(game.whiteId, game.blackId, "white"), entry(game.blackId, game.whiteId, "black")]);
    },

    /** "Joined a club" from clubs' member-joined event, with the club's name as it is now. */
    async recordClubJoined(eventId: number, occurredAt: Date, membership: { readonly clubId: number; readonly memberId: number }): Promise<void> {
      const club = await sources().clubById(membership.clubId);
      if (!club) return;
      await record([{ eventId, actorId: membership.memberId, occurredAt, body: { kind: "club_joined", subject: { clubId: membership.clubId, url: club.url, name: club.name } } }]);
    },

    /** "Received a trophy" from trophies' trophy-received event: the recipient's entry, with the awarder's name as it is now. */
    async recordTrophyReceived(eventId: number, occurredAt: Date, trophy: TrophyReceivedFacts): Promise<void> {
      const awarder = trophy.awarderId === null ? null : ((await sources().membersByIds([trophy.awarderId])).get(trophy.awarderId)?.username ?? null);
      // An award whose awarder is gone by now still shows, as from nobody named.
      await record([{ eventId, actorId: trophy.recipientId, occurredAt, body: { kind: "trophy_received", subject: { trophyId: trophy.trophyId, code: trophy.code, image: trophy.image, awardedBy: awarder } } }]);
    },

    /** One page (from 1) of the feed the member chose: what they did, or what the members they follow did. */
    async page(memberId: number, contentType: HomeContentType, page: number): Promise<FeedPage> {
      const pageNumber = Math.min(Math.max(1, Math.trunc(page)), FEED_MAX_PAGE);
      const actorIds = contentType === "my_activity" ? [memberId] : await sources().followedIdsOf(memberId);
      if (actorIds.length === 0) return { entries: [], page: pageNumber, morePages: false };
      const rows = await db
        .select()
        .from(homeFeedEntries)
        .where(inArray(homeFeedEntries.actorId, [...actorIds]))
        .orderBy(desc(homeFeedEntries.id))
        .limit(FEED_PAGE_SIZE + 1)
        .offset((pageNumber - 1) * FEED_PAGE_SIZE);
      const shown = rows.slice(0, FEED_PAGE_SIZE);
      const actors = await sources().membersByIds([...new Set(shown.map((row) => row.actorId))]);
      const entries = shown.flatMap((row): FeedEntryView[] => {
        const body = feedEntryBodyOf(row.kind, row.subject);
        const actor = actors.get(row.actorId);
        return body && actor ? [{ id: row.id, actor: actor.username, actorAvatarUrl: actor.avatarUrl, at: row.occurredAt.toISOString(), body }] : [];
      });
      return { entries, page: pageNumber, morePages: rows.length > FEED_PAGE_SIZE && pageNumber < FEED_MAX_PAGE };
    },
  };
}

export type HomeFeed = ReturnType<typeof createHomeFeed>;
