/**
 * The club events frame (issue 11 item 7, docs/decisions/0033): the event
 * types and statuses of spec 001 §3.9 as data, the groups of spec 000 §2
 * (current, past, upcoming), and the shapes every events callback answers.
 * Isomorphic and zod-free: the pages read it too.
 *
 * No event feature exists yet (arenas, tournaments, team matches, vote
 * chess come later): they plug in as sources (club-events.service.server.ts).
 * Until a type has a source, its lists are empty and the answer says so in
 * `unavailableTypes`, rather than pretending the club simply has none.
 */

/** Spec 001 §3.9: arena, daily_team_match, live_tournament, team_match, vote_chess_games, multi-club arena. */
export const clubEventTypes = ["arena", "daily_team_match", "live_tournament", "team_match", "vote_chess_games", "multi_club_arena"] as const;
export type ClubEventType = (typeof clubEventTypes)[number];

/** Spec 001 §3.9's statuses shown: Advancing, Cancelled, Closed, Finished, In Progress, Registration, Scheduled. */
export const clubEventStatuses = ["advancing", "cancelled", "closed", "finished", "in_progress", "registration", "scheduled"] as const;
export type ClubEventStatus = (typeof clubEventStatuses)[number];

export const clubEventGroups = ["current", "past", "upcoming"] as const;
export type ClubEventGroup = (typeof clubEventGroups)[number];

/** Which group an event of each status is listed in. */
export const groupOfStatus: Readonly<Record<ClubEventStatus, ClubEventGroup>> = {
  scheduled: "upcoming",
  registration: "upcoming",
  in_progress: "current",
  advancing: "current",
  finished: "past",
  cancelled: "past",
  closed: "past",
};

/** The families of the callbacks' paths (/callback/clubs/{family}/{group}/{id}). */
export const clubEventFamilies = {
  daily: ["daily_team_match"],
  live: ["arena", "live_tournament", "team_match", "multi_club_arena"],
  votechess: ["vote_chess_games"],
} as const satisfies Readonly<Record<string, readonly ClubEventType[]>>;
export type ClubEventFamily = keyof typeof clubEventFamilies;

/** Seek lists (/callback/clubs/{kind}/seeks/{id}, /multi-club/challenges/{id}): open offers to play a club. */
export const clubSeekKinds = ["daily", "votechess", "team-match", "multi-club"] as const;
export type ClubSeekKind = (typeof clubSeekKinds)[number];

/** Spec 000 §5: the live event types a member may subscribe to, as the path writes them, and the event type each names. */
export const subscribableEventTypes = { arena: "arena", "team-match": "team_match", "live-tournament": "live_tournament" } as const satisfies Readonly<Record<string, ClubEventType>>;
export type SubscribableEventType = keyof typeof subscribableEventTypes;

/** Events per page on the events pages and callbacks. */
export const CLUB_EVENTS_PAGE_SIZE = 20;

export interface ClubEventItem {
  readonly type: ClubEventType;
  readonly id: number;
  readonly name: string;
  readonly status: ClubEventStatus;
  /** ISO times; null when not known. */
  readonly startsAt: string | null;
  readonly endsAt: string | null;
  readonly participants: number;
  /** Where the event's page is (a site path), or null. */
  readonly path: string | null;
}

/** Every list callback's answer. */
export interface ClubEventList {
  readonly clubId: number;
  readonly group: ClubEventGroup;
  /** The types this list covers. */
  readonly types: readonly ClubEventType[];
  readonly events: readonly ClubEventItem[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  /** Types among `types` that no feature provides yet: always empty, by construction rather than by chance. */
  readonly unavailableTypes: readonly ClubEventType[];
}

/** The count callbacks' answer. */
export interface ClubEventCount {
  readonly clubId: number;
  readonly group: ClubEventGroup;
  readonly count: number;
  readonly byType: Readonly<Record<ClubEventType, number>>;
  readonly unavailableTypes: readonly ClubEventType[];
}

export interface ClubSeekItem {
  readonly kind: ClubSeekKind;
  readonly id: number;
  readonly name: string;
  readonly createdAt: string;
  readonly path: string | null;
}

/** The seeks callbacks' answer. */
export interface ClubSeekList {
  readonly clubId: number;
  readonly kind: ClubSeekKind;
  readonly seeks: readonly ClubSeekItem[];
  /** False while no feature provides this kind of seek. */
  readonly available: boolean;
}

/** A pending challenge between clubs, as the club page shows it to the club's owner and admins (decision 0076). */
export interface ClubChallengeItem {
  readonly id: number;
  readonly name: string;
  /** Sent to this club (true) or by it (false). */
  readonly incoming: boolean;
  /** The other club. */
  readonly otherClub: { readonly url: string; readonly name: string };
  readonly kind: "daily" | "live";
  /** ISO time: the registration deadline (daily) or the start (live). */
  readonly startsAt: string;
}

export function isClubEventType(value: string): value is ClubEventType {
  return (clubEventTypes as readonly string[]).includes(value);
}

export function isSubscribableEventType(value: string): value is SubscribableEventType {
  return Object.hasOwn(subscribableEventTypes, value);
}
