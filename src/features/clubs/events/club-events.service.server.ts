/**
 * The club events frame (issue 11 item 7, docs/decisions/0033). Arenas,
 * tournaments, team matches and vote chess are other features, built later;
 * each will register a source here for the types it owns. The frame groups
 * their events into current, past and upcoming, counts them, lists seeks,
 * and keeps members' subscriptions to upcoming live events. A type without a
 * source answers an empty list and names itself in `unavailableTypes`.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../../shared/result.ts";
import {
  CLUB_EVENTS_PAGE_SIZE,
  clubEventTypes,
  groupOfStatus,
  subscribableEventTypes,
  type ClubChallengeItem,
  type ClubEventCount,
  type ClubEventGroup,
  type ClubEventItem,
  type ClubEventList,
  type ClubEventType,
  type ClubSeekKind,
  type ClubSeekList,
  type SubscribableEventType,
} from "./club-events.schema.ts";
import { clubEventSubscriptions } from "./club-events.tables.server.ts";

/** What a feature that holds club events provides (one source per feature, for the types it owns). */
export interface ClubEventSource {
  readonly types: readonly ClubEventType[];
  /** The club's events of these types in this group, newest start first for past, soonest first otherwise. */
  list(clubId: number, group: ClubEventGroup, types: readonly ClubEventType[], page: { readonly limit: number; readonly offset: number }): Promise<{ readonly events: readonly ClubEventItem[]; readonly total: number }>;
  count(clubId: number, group: ClubEventGroup): Promise<Partial<Record<ClubEventType, number>>>;
  /** One event, to subscribe to it: its club and status, or null when there is none. */
  find(type: ClubEventType, id: number): Promise<{ readonly clubId: number; readonly status: ClubEventItem["status"] } | null>;
  readonly seekKinds?: readonly ClubSeekKind[];
  seeks?(clubId: number, kind: ClubSeekKind): Promise<ClubSeekList["seeks"]>;
}

/** Where pending challenges between clubs come from (a competition feature registers it). */
export interface ClubChallengeSource {
  pendingOfClub(clubId: number, limit: number): Promise<readonly ClubChallengeItem[]>;
}

export type ClubEventFailure = "event_not_found" | "not_upcoming";

export function createClubEventsService(db: Database) {
  const sources = new Map<ClubEventType, ClubEventSource>();
  const seekSources = new Map<ClubSeekKind, ClubEventSource>();
  let challengeSource: ClubChallengeSource | null = null;

  const zeroCounts = (): Record<ClubEventType, number> => Object.fromEntries(clubEventTypes.map((type) => [type, 0])) as Record<ClubEventType, number>;

  return {
    /** A feature announces the types it holds (at start-up, from its definition). */
    registerSource(source: ClubEventSource): void {
      for (const type of source.types) {
        if (sources.has(type)) throw new Error(`club event type "${type}" has two sources`);
        sources.set(type, source);
      }
      for (const kind of source.seekKinds ?? []) seekSources.set(kind, source);
    },

    /** The feature that holds challenges between clubs announces itself (one at most). */
    registerChallengeSource(source: ClubChallengeSource): void {
      if (challengeSource) throw new Error("club challenges have two sources");
      challengeSource = source;
    },

    /** A club's pending challenges, sent and received (none while no feature provides them). The caller decides who may see them. */
    async pendingChallenges(clubId: number, limit = 10): Promise<readonly ClubChallengeItem[]> {
      return challengeSource ? challengeSource.pendingOfClub(clubId, limit) : [];
    },

    /** A page of the club's events of these types in one group, merged across sources. */
    async list(clubId: number, group: ClubEventGroup, types: readonly ClubEventType[], pageNumber = 1, pageSize = CLUB_EVENTS_PAGE_SIZE): Promise<ClubEventList> {
      const unavailableTypes = types.filter((type) => !sources.has(type));
      const bySource = new Map<ClubEventSource, ClubEventType[]>();
      for (const type of types) {
        const source = sources.get(type);
        if (source) bySource.set(source, [...(bySource.get(source) ?? []), type]);
      }
      // Each source gives its first pages up to this one; the merge orders them and cuts this page.
      const needed = pageNumber * pageSize;
      const answers = await Promise.all([...bySource].map(([source, own]) => source.list(clubId, group, own, { limit: needed, offset: 0 })));
      const merged = answers
        .flatMap((answer) => answer.events)
        .filter((event) => groupOfStatus[event.status] === group)
        .sort((a, b) => {
          const left = a.startsAt ?? "";
          const right = b.startsAt ?? "";
          return group === "past" ? right.localeCompare(left) : left.localeCompare(right);
        });
      return {
        clubId,
        group,
        types,
        events: merged.slice((pageNumber - 1) * pageSize, needed),
        total: answers.reduce((sum, answer) => sum + answer.total, 0),
        page: pageNumber,
        pageSize,
        unavailableTypes,
      };
    },

    async count(clubId: number, group: ClubEventGroup): Promise<ClubEventCount> {
      const byType = zeroCounts();
      const distinctSources = [...new Set(sources.values())];
      const answers = await Promise.all(distinctSources.map((source) => source.count(clubId, group)));
      for (const answer of answers) for (const type of clubEventTypes) if (sources.has(type)) byType[type] += answer[type] ?? 0;
      return { clubId, group, count: Object.values(byType).reduce((sum, value) => sum + value, 0), byType, unavailableTypes: clubEventTypes.filter((type) => !sources.has(type)) };
    },

    async seeks(clubId: number, kind: ClubSeekKind): Promise<ClubSeekList> {
      const source = seekSources.get(kind);
      if (!source?.seeks) return { clubId, kind, seeks: [], available: false };
      return { clubId, kind, seeks: await source.seeks(clubId, kind), available: true };
    },

    /** Subscribes the member to an upcoming live event (idempotent). */
    async subscribe(memberId: number, pathType: SubscribableEventType, eventId: number): Promise<Result<{ subscribed: true }, ClubEventFailure>> {
      const type = subscribableEventTypes[pathType];
      const event = await sources.get(type)?.find(type, eventId);
      if (!event) return fail("event_not_found");
      if (groupOfStatus[event.status] !== "upcoming") return fail("not_upcoming");
      await db.insert(clubEventSubscriptions).values({ memberId, eventType: type, eventId }).onConflictDoNothing();
      return ok({ subscribed: true });
    },

    /** Ends a subscription (idempotent: unsubscribing twice is not an error; an unknown event is). */
    async unsubscribe(memberId: number, pathType: SubscribableEventType, eventId: number): Promise<Result<{ subscribed: false }, ClubEventFailure>> {
      const type = subscribableEventTypes[pathType];
      const [existing] = await db
        .delete(clubEventSubscriptions)
        .where(and(eq(clubEventSubscriptions.memberId, memberId), eq(clubEventSubscriptions.eventType, type), eq(clubEventSubscriptions.eventId, eventId)))
        .returning({ eventId: clubEventSubscriptions.eventId });
      if (!existing && !(await sources.get(type)?.find(type, eventId))) return fail("event_not_found");
      return ok({ subscribed: false });
    },

    async isSubscribed(memberId: number, pathType: SubscribableEventType, eventId: number): Promise<boolean> {
      const type = subscribableEventTypes[pathType];
      const [row] = await db
        .select({ eventId: clubEventSubscriptions.eventId })
        .from(clubEventSubscriptions)
        .where(and(eq(clubEventSubscriptions.memberId, memberId), eq(clubEventSubscriptions.eventType, type), eq(clubEventSubscriptions.eventId, eventId)));
      return row !== undefined;
    },

    /** Who subscribed to an event (the event's feature reminds them when it starts). */
    async subscribers(type: ClubEventType, eventId: number): Promise<number[]> {
      const rows = await db.select({ memberId: clubEventSubscriptions.memberId }).from(clubEventSubscriptions).where(and(eq(clubEventSubscriptions.eventType, type), eq(clubEventSubscriptions.eventId, eventId)));
      return rows.map((row) => row.memberId);
    },
  };
}

export type ClubEventsService = ReturnType<typeof createClubEventsService>;
