/**
 * Presence: who is online, offline or playing (issue 4 item 7, spec 001 §3.3).
 *
 * Live state (connections, activities) is in the store: in-process, or Redis
 * when instances are several. The database keeps what must outlive a
 * connection: member_presence.last_seen_at, written when a member's last
 * connection goes away. Each change others may see is published as a
 * `presence.changed` event in the member's `presence:{id}` room.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { isAnyOfIntegers } from "../../platform/db/prepared.server.ts";
import type { EventBus } from "../../platform/realtime/bus.server.ts";
import { publishToRoom } from "../../platform/realtime/hub.server.ts";
import { presenceChanged, presenceRoom } from "./presence.realtime.ts";
import type { MemberDirectory } from "../accounts/member-directory.service.server.ts";
import { memberPresence } from "./presence.tables.server.ts";
import { emptyActivityContext, presenceActivitySchema, type Presence, type PresenceActivityInput, type PresenceGame } from "./presence.schema.ts";
import { gameKey, isPlayingContext, mergeActivities, type ConnectionRef, type LivePresence, type PresenceChange, type PresenceStore, type WentOffline } from "./presence.store.server.ts";

export interface PresenceTimings {
  /** How often an instance tells the store its connections are alive. */
  readonly heartbeatMs: number;
  /** A connection not refreshed for this long has expired (its instance died): several heartbeats. */
  readonly connectionTtlMs: number;
  /** A closed socket keeps its member online this long, so that a page load is not offline-then-online. */
  readonly offlineGraceMs: number;
  /** How often expired connections are looked for. */
  readonly sweepMs: number;
}

export const defaultPresenceTimings: PresenceTimings = {
  heartbeatMs: 30_000,
  connectionTtlMs: 95_000,
  offlineGraceMs: 3_000,
  sweepMs: 1_000,
};

export interface PresenceLogger {
  warn(details: object, message: string): void;
}

export interface PresenceServiceDeps {
  readonly db: Database;
  /** The accounts feature's member directory: join and sign-in dates of offline members. */
  readonly directory: Pick<MemberDirectory, "membersByIds">;
  readonly store: PresenceStore;
  readonly bus: EventBus;
  /** Epoch milliseconds; tests move it. */
  readonly clock?: () => number;
  readonly timings?: Partial<PresenceTimings>;
  readonly log?: PresenceLogger;
  /** The games members are playing (play's, through the composition root's port). */
  readonly playingGames: PlayingGamesSource;
}

/**
 * Where presence learns which games members are playing besides what their
 * connections declare: the play feature's games in progress, a declared port
 * provided in the composition root (presence does not know play). Read for
 * online members only, on every lookup, so every instance sees the same answer.
 */
export interface PlayingGamesSource {
  /** The games each member is playing now, newest first; members without one are left out. */
  gamesOf(memberIds: readonly number[]): Promise<ReadonlyMap<number, readonly PresenceGame[]>>;
}

declare module "../../platform/composition/ports.ts" {
  interface Ports {
    playingGames: PlayingGamesSource;
  }
}

export interface PresenceService {
  /** Members' games started or ended: tell their watchers (whichever instance they watch from). */
  playingChanged(memberIds: readonly number[]): Promise<void>;
  /** A signed-in member's socket opened on this instance. */
  connect(userId: number, connectionId: string): Promise<void>;
  /** That socket closed. */
  disconnect(userId: number, connectionId: string): Promise<void>;
  /**
   * What a connection is doing, for the play feature: `{ activity: "playing",
   * context: { games: [{ source, id, numericId }] } }` or `{ activity: "none" }`.
   * False when the connection is not (or no longer) open.
   */
  setActivity(userId: number, connectionId: string, activity: PresenceActivityInput): Promise<boolean>;
  /** The presence of these members, in this order; unknown ids are left out. */
  presenceOf(ids: readonly number[]): Promise<Presence[]>;
  /**
   * Which of these members are online now, on any instance: one store read,
   * no database. A dead instance's members drop out once their connections
   * expire (connectionTtlMs after its last heartbeat), swept or not.
   */
  onlineAmong(ids: readonly number[]): Promise<Set<number>>;
  /** When the member was last recorded leaving (their last socket closed), or null: the public API's "last online". */
  recordedLastSeen(memberId: number): Promise<Date | null>;
  /**
   * How long a member has been away from one game, by presence's clock: null
   * while a live connection of theirs declares it; counted from
   * `unrecordedSince` when no departure from it is on record.
   */
  awayFromGameMs(id: number, game: Pick<PresenceGame, "source" | "id">, unrecordedSince: number): Promise<number | null>;
  /** Refreshes this instance's connections in the store (the timer's work). */
  heartbeat(): Promise<void>;
  /** Ends expired connections of any instance (the timer's work). */
  sweep(): Promise<void>;
  /** Ends this instance's connections (recording their last-seen times). Stop the heartbeat and sweep jobs first. */
  close(): Promise<void>;
}

interface LocalConnection {
  readonly userId: number;
  /** Closed, within its grace period: no longer refreshed, ended by a sweep. */
  closedAt: number | null;
}

interface OfflineRow {
  readonly id: number;
  readonly createdAt: Date;
  readonly lastLoginAt: Date | null;
  readonly lastSeenAt: Date | null;
}

/**
 * When an offline member was last seen: the store's knowledge when newer (a
 * close not swept yet, or an instance that died: uncertain), else the recorded
 * last-seen time; a sign-in after it, or no record at all (a member not seen
 * since presence began), gives an uncertain time from the sign-in or the
 * registration.
 */
export function offlineStatusAt(row: OfflineRow, fromStore: WentOffline | undefined): WentOffline {
  const recorded = row.lastSeenAt?.getTime() ?? null;
  if (fromStore && (recorded === null || fromStore.at >= recorded)) return fromStore;
  const signedIn = row.lastLoginAt?.getTime() ?? null;
  if (recorded !== null) return signedIn !== null && signedIn > recorded ? { at: signedIn, uncertain: true } : { at: recorded, uncertain: false };
  return { at: signedIn ?? row.createdAt.getTime(), uncertain: true };
}

function onlinePresence(id: number, live: LivePresence, now: number, games: readonly PresenceGame[] = []): Presence {
  // Games in progress count as declared now: they are listed first.
  const declared = games.length > 0 ? [...live.activities, { context: { games: [...games], battles: [] }, since: Number.MAX_SAFE_INTEGER }] : live.activities;
  const context = mergeActivities(declared);
  const playing = isPlayingContext(context);
  return {
    id,
    status: "online",
    statusAt: new Date(live.onlineSince ?? now).toISOString(),
    statusAtUncertain: live.onlineSince === null,
    activity: playing ? "playing" : "none",
    activityContext: playing ? context : emptyActivityContext,
    streaming: false,
  };
}

function offlinePresence(id: number, lastSeen: WentOffline): Presence {
  return {
    id,
    status: "offline",
    statusAt: new Date(lastSeen.at).toISOString(),
    statusAtUncertain: lastSeen.uncertain,
    activity: "none",
    activityContext: emptyActivityContext,
    streaming: false,
  };
}

const consoleLogger: PresenceLogger = { warn: (details, message) => console.warn(`[presence] ${message}`, details) };

export function createPresenceService(deps: PresenceServiceDeps): PresenceService {
  const { db, store, bus } = deps;
  const clock = deps.clock ?? Date.now;
  const timings: PresenceTimings = { ...defaultPresenceTimings, ...deps.timings };
  const log = deps.log ?? consoleLogger;
  const locals = new Map<string, LocalConnection>();
  /** Work per connection runs in order: a quick close never overtakes its connect. */
  const queues = new Map<string, Promise<void>>();
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  const { playingGames } = deps;
  // Prepared once: the presence call and every announcement read it.
  const lastSeenOf = db.select({ userId: memberPresence.userId, lastSeenAt: memberPresence.lastSeenAt }).from(memberPresence).where(isAnyOfIntegers(memberPresence.userId, "ids")).prepare("presence_last_seen_by_ids");

  /** Online members' games in progress; a failing source shows them online without their games rather than failing the lookup. */
  async function gamesInProgress(ids: readonly number[]): Promise<ReadonlyMap<number, readonly PresenceGame[]>> {
    if (ids.length === 0) return new Map();
    try {
      return await playingGames.gamesOf(ids);
    } catch (error) {
      log.warn({ err: error, userIds: ids }, "presence: games in progress not read");
      return new Map();
    }
  }

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  }

  function serial(connectionId: string, work: () => Promise<void>): Promise<void> {
    const previous = queues.get(connectionId) ?? Promise.resolve();
    const next = previous.then(work).catch((error: unknown) => log.warn({ err: error, connectionId }, "presence update failed"));
    queues.set(connectionId, next);
    void next.then(() => {
      if (queues.get(connectionId) === next) queues.delete(connectionId);
    });
    return track(next);
  }

  /** One upsert for every member who went offline (a dead instance's sweep may hold thousands). */
  async function recordLastSeen(wentOffline: ReadonlyMap<number, number>): Promise<void> {
    if (wentOffline.size === 0) return;
    await db
      .insert(memberPresence)
      .values([...wentOffline].map(([userId, at]) => ({ userId, lastSeenAt: new Date(at) })))
      .onConflictDoUpdate({ target: memberPresence.userId, set: { lastSeenAt: sql`greatest(${memberPresence.lastSeenAt}, excluded.last_seen_at)` } });
  }

  /** Reads the changed members' presence in one go, then tells each member's watchers. */
  async function announce(userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    const presences = await presenceOf(userIds);
    await Promise.all(presences.map((presence) => publishToRoom(bus, presenceRoom(presence.id), presenceChanged, presence)));
  }

  /** Records the last-seen times, then tells the members' watchers: two queries however many members changed. */
  async function apply(changes: readonly PresenceChange[]): Promise<void> {
    const wentOffline = new Map<number, number>();
    for (const change of changes) {
      // The same member twice in one upsert is an error: keep the latest time.
      if (change.wentOffline) wentOffline.set(change.userId, Math.max(change.wentOffline.at, wentOffline.get(change.userId) ?? 0));
    }
    const changedIds = [...new Set(changes.filter((change) => change.changed).map((change) => change.userId))];
    try {
      await recordLastSeen(wentOffline);
    } catch (error) {
      log.warn({ err: error, userIds: [...wentOffline.keys()] }, "presence last-seen times not recorded");
    }
    try {
      await announce(changedIds);
    } catch (error) {
      log.warn({ err: error, userIds: changedIds }, "presence changes not announced");
    }
  }

  /** Offline members' dates: the member directory's, with this feature's last-seen times (two queries in parallel, each by ids). */
  async function offlineRows(ids: readonly number[]): Promise<OfflineRow[]> {
    const [members, seen] = await Promise.all([
      deps.directory.membersByIds(ids),
      lastSeenOf.execute({ ids: [...ids] }),
    ]);
    const lastSeenById = new Map(seen.map((row) => [row.userId, row.lastSeenAt]));
    return [...members.values()].map((member) => ({ id: member.id, createdAt: member.createdAt, lastLoginAt: member.lastLoginAt, lastSeenAt: lastSeenById.get(member.id) ?? null }));
  }

  async function presenceOf(ids: readonly number[]): Promise<Presence[]> {
    if (ids.length === 0) return [];
    const now = clock();
    const snapshot = await store.read(ids, now);
    const offlineIds = ids.filter((id) => !snapshot.live.has(id));
    const [rows, games] = await Promise.all([
      offlineIds.length === 0 ? Promise.resolve([]) : offlineRows(offlineIds),
      gamesInProgress(ids.filter((id) => snapshot.live.has(id))),
    ]);
    const rowsById = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const live = snapshot.live.get(id);
      if (live) return [onlinePresence(id, live, now, games.get(id))];
      const row = rowsById.get(id);
      return row ? [offlinePresence(id, offlineStatusAt(row, snapshot.lastSeen.get(id)))] : [];
    });
  }

  function refOf(connectionId: string, local: LocalConnection): ConnectionRef {
    return { userId: local.userId, connectionId };
  }

  let heartbeatRunning: Promise<void> | null = null;
  function heartbeat(): Promise<void> {
    heartbeatRunning ??= track(
      (async () => {
        const open = [...locals].filter(([, local]) => local.closedAt === null).map(([id, local]) => refOf(id, local));
        if (open.length === 0) return;
        const now = clock();
        await apply(await store.refresh(open, now, now + timings.connectionTtlMs));
      })()
        .catch((error: unknown) => log.warn({ err: error }, "presence heartbeat failed"))
        .finally(() => {
          heartbeatRunning = null;
        }),
    );
    return heartbeatRunning;
  }

  let sweepRunning: Promise<void> | null = null;
  function sweep(): Promise<void> {
    sweepRunning ??= track(
      (async () => {
        const now = clock();
        // Connections closed here and past their grace are the sweep's now: forget them locally.
        for (const [id, local] of locals) if (local.closedAt !== null && local.closedAt + timings.offlineGraceMs <= now) locals.delete(id);
        await apply(await store.sweep(now));
      })()
        .catch((error: unknown) => log.warn({ err: error }, "presence sweep failed"))
        .finally(() => {
          sweepRunning = null;
        }),
    );
    return sweepRunning;
  }


  return {
    playingChanged(memberIds) {
      if (closed || memberIds.length === 0) return Promise.resolve();
      return track(announce([...new Set(memberIds)]).catch((error: unknown) => log.warn({ err: error, userIds: memberIds }, "presence: game change not announced")));
    },

    connect(userId, connectionId) {
      if (closed) return Promise.resolve();
      locals.set(connectionId, { userId, closedAt: null });
      return serial(connectionId, async () => {
        const now = clock();
        await apply([await store.connect({ userId, connectionId }, now, now + timings.connectionTtlMs)]);
      });
    },

    disconnect(userId, connectionId) {
      const local = locals.get(connectionId);
      if (closed || !local || local.userId !== userId || local.closedAt !== null) return Promise.resolve();
      const now = clock();
      if (timings.offlineGraceMs <= 0) {
        locals.delete(connectionId);
        return serial(connectionId, async () => apply([await store.remove({ userId, connectionId }, now)]));
      }
      local.closedAt = now;
      return serial(connectionId, async () => apply([await store.disconnect({ userId, connectionId }, now, now + timings.offlineGraceMs)]));
    },

    async setActivity(userId, connectionId, input) {
      const activity = presenceActivitySchema.parse(input);
      const local = locals.get(connectionId);
      if (closed || !local || local.userId !== userId || local.closedAt !== null) return false;
      let applied = false;
      await serial(connectionId, async () => {
        const change = await store.setActivity({ userId, connectionId }, activity.activity === "playing" ? activity.context : null, clock());
        applied = change.applied;
        await apply([change]);
      });
      return applied;
    },

    presenceOf,

    async recordedLastSeen(memberId) {
      const [row] = await lastSeenOf.execute({ ids: [memberId] });
      return row?.lastSeenAt ?? null;
    },

    async onlineAmong(ids) {
      if (ids.length === 0) return new Set();
      const snapshot = await store.read(ids, clock());
      return new Set(ids.filter((id) => snapshot.live.has(id)));
    },

    async awayFromGameMs(id, game, unrecordedSince) {
      const now = clock();
      const attendance = await store.gameAttendance(id, gameKey(game), now);
      return attendance.attending ? null : Math.max(0, now - (attendance.leftAt ?? unrecordedSince));
    },

    heartbeat,
    sweep,

    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...inFlight]);
      // This instance's connections end now; those in their grace end at their close.
      const ending = [...locals].map(([id, local]) => refOf(id, local));
      locals.clear();
      const now = clock();
      const changes = await Promise.all(
        ending.map((connection) =>
          store.remove(connection, now).catch((error: unknown) => {
            log.warn({ err: error, userId: connection.userId }, "presence: connection not ended at shutdown");
            return null;
          }),
        ),
      );
      await apply(changes.filter((change): change is PresenceChange => change !== null));
      await Promise.allSettled([...inFlight]);
    },
  };
}
