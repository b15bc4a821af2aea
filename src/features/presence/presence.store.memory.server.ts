/**
 * The in-process presence store: the default, for one instance. Several
 * services may share one (tests simulate instances that way).
 */
import type { ActivityContext } from "./presence.schema.ts";
import { contextKey, gameDepartureTtlMs, gameKeysOf, unchanged, type GameAttendance, type LivePresence, type PresenceChange, type PresenceStore, type StoredActivity, type WentOffline } from "./presence.store.server.ts";

interface ConnectionEntry {
  expiresAt: number;
  /** The last heartbeat (or the connect): the last-seen time if this connection expires. */
  refreshedAt: number;
  /** Set when the socket closed cleanly; the entry lives on through the grace period. */
  closedAt: number | null;
  activity: StoredActivity | null;
  activityKey: string;
}

interface MemberEntry {
  readonly connections: Map<string, ConnectionEntry>;
  onlineSince: number | null;
}

/** The last-seen time the latest of these ended connections gives: its close, or its last heartbeat (uncertain). */
function latestEnd(entries: readonly ConnectionEntry[]): WentOffline | null {
  let last: WentOffline | null = null;
  for (const entry of entries) {
    const at = entry.closedAt ?? entry.refreshedAt;
    if (!last || at > last.at) last = { at, uncertain: entry.closedAt === null };
  }
  return last;
}

export function createMemoryPresenceStore(): PresenceStore {
  const members = new Map<number, MemberEntry>();
  /** Last-seen times of members whose connections expired; cleared when they connect. */
  const approximateLastSeen = new Map<number, number>();
  /** When each member last stopped attending each game (game key -> time), kept gameDepartureTtlMs. */
  const departures = new Map<number, Map<string, number>>();
  let departuresPrunedAt = 0;

  /** The games this activity declared stopped being attended at `at`. */
  function departed(userId: number, activity: StoredActivity | null, at: number, except: readonly string[] = []): void {
    for (const key of gameKeysOf(activity?.context ?? null)) {
      if (except.includes(key)) continue;
      let byGame = departures.get(userId);
      if (!byGame) {
        byGame = new Map();
        departures.set(userId, byGame);
      }
      byGame.set(key, Math.max(at, byGame.get(key) ?? 0));
    }
  }

  function pruneDepartures(now: number): void {
    if (now - departuresPrunedAt < 60_000) return;
    departuresPrunedAt = now;
    for (const [userId, byGame] of departures) {
      for (const [key, at] of byGame) if (at <= now - gameDepartureTtlMs) byGame.delete(key);
      if (byGame.size === 0) departures.delete(userId);
    }
  }

  function liveCount(member: MemberEntry, now: number, except?: string): number {
    let live = 0;
    for (const [id, entry] of member.connections) if (id !== except && entry.expiresAt > now) live += 1;
    return live;
  }

  /** Drops expired connections without reporting them (the member is connecting anyway). */
  function purgeExpired(userId: number, member: MemberEntry, now: number): void {
    for (const [id, entry] of member.connections) {
      if (entry.expiresAt > now) continue;
      departed(userId, entry.activity, entry.refreshedAt);
      member.connections.delete(id);
    }
  }

  function memberOf(userId: number): MemberEntry {
    let member = members.get(userId);
    if (!member) {
      member = { connections: new Map(), onlineSince: null };
      members.set(userId, member);
    }
    return member;
  }

  function addConnection(member: MemberEntry, userId: number, connectionId: string, now: number, expiresAt: number): PresenceChange {
    purgeExpired(userId, member, now);
    const cameOnline = liveCount(member, now, connectionId) === 0;
    member.connections.set(connectionId, { expiresAt, refreshedAt: now, closedAt: null, activity: null, activityKey: "" });
    if (cameOnline) {
      member.onlineSince = now;
      approximateLastSeen.delete(userId);
    }
    return { userId, changed: cameOnline, wentOffline: null };
  }

  /** After removals: the member's last connection is gone. */
  function forgetIfEmpty(userId: number, member: MemberEntry): boolean {
    if (member.connections.size > 0) return false;
    members.delete(userId);
    return true;
  }

  return {
    kind: "memory",

    async connect({ userId, connectionId }, now, expiresAt) {
      return addConnection(memberOf(userId), userId, connectionId, now, expiresAt);
    },

    async disconnect({ userId, connectionId }, now, graceUntil) {
      const entry = members.get(userId)?.connections.get(connectionId);
      if (!entry || entry.closedAt !== null) return unchanged(userId);
      const hadActivity = entry.activity !== null;
      departed(userId, entry.activity, now);
      entry.closedAt = now;
      entry.expiresAt = graceUntil;
      entry.activity = null;
      entry.activityKey = "";
      return { userId, changed: hadActivity, wentOffline: null };
    },

    async remove({ userId, connectionId }, now) {
      const member = members.get(userId);
      const entry = member?.connections.get(connectionId);
      if (!member || !entry) return unchanged(userId);
      member.connections.delete(connectionId);
      departed(userId, entry.activity, now);
      if (liveCount(member, now) > 0) return { userId, changed: entry.activity !== null, wentOffline: null };
      // Others may have expired unseen; this clean close is the later, certain time.
      member.connections.clear();
      forgetIfEmpty(userId, member);
      approximateLastSeen.delete(userId);
      return { userId, changed: true, wentOffline: { at: entry.closedAt ?? now, uncertain: false } };
    },

    async setActivity({ userId, connectionId }, context: ActivityContext | null, now) {
      const entry = members.get(userId)?.connections.get(connectionId);
      if (!entry || entry.closedAt !== null || entry.expiresAt <= now) return { ...unchanged(userId), applied: false };
      const key = contextKey(context);
      if (key === entry.activityKey) return { ...unchanged(userId), applied: true };
      departed(userId, entry.activity, now, gameKeysOf(context));
      entry.activity = context ? { context, since: now } : null;
      entry.activityKey = key;
      return { userId, changed: true, wentOffline: null, applied: true };
    },

    async refresh(connections, now, expiresAt) {
      const changes: PresenceChange[] = [];
      for (const { userId, connectionId } of connections) {
        const member = memberOf(userId);
        const entry = member.connections.get(connectionId);
        if (!entry) {
          const change = addConnection(member, userId, connectionId, now, expiresAt);
          if (change.changed) changes.push(change);
          continue;
        }
        if (entry.closedAt !== null) continue;
        entry.expiresAt = expiresAt;
        entry.refreshedAt = now;
      }
      return changes;
    },

    async sweep(now) {
      pruneDepartures(now);
      const changes: PresenceChange[] = [];
      for (const [userId, member] of [...members]) {
        let removed = 0;
        let hadActivity = false;
        const expired = [...member.connections].filter(([, entry]) => entry.expiresAt <= now);
        for (const [id, entry] of expired) {
          departed(userId, entry.activity, entry.closedAt ?? entry.refreshedAt);
          member.connections.delete(id);
          removed += 1;
          hadActivity ||= entry.activity !== null;
        }
        const last = latestEnd(expired.map(([, entry]) => entry));
        if (removed === 0) continue;
        if (forgetIfEmpty(userId, member) && last) {
          if (last.uncertain) approximateLastSeen.set(userId, last.at);
          else approximateLastSeen.delete(userId);
          changes.push({ userId, changed: true, wentOffline: last });
        } else if (hadActivity) {
          changes.push({ userId, changed: true, wentOffline: null });
        }
      }
      return changes;
    },

    async read(userIds, now) {
      const live = new Map<number, LivePresence>();
      const lastSeen = new Map<number, WentOffline>();
      for (const userId of userIds) {
        const member = members.get(userId);
        const liveEntries = member ? [...member.connections.values()].filter((entry) => entry.expiresAt > now) : [];
        if (member && liveEntries.length > 0) {
          live.set(userId, {
            onlineSince: member.onlineSince,
            activities: liveEntries.flatMap((entry) => (entry.activity ? [entry.activity] : [])),
          });
          continue;
        }
        const pending = member ? latestEnd([...member.connections.values()]) : null;
        const known = approximateLastSeen.get(userId);
        if (pending && (known === undefined || pending.at >= known)) lastSeen.set(userId, pending);
        else if (known !== undefined) lastSeen.set(userId, { at: known, uncertain: true });
      }
      return { live, lastSeen };
    },

    async gameAttendance(userId, key, now): Promise<GameAttendance> {
      let leftAt = departures.get(userId)?.get(key) ?? null;
      for (const entry of members.get(userId)?.connections.values() ?? []) {
        if (!gameKeysOf(entry.activity?.context ?? null).includes(key)) continue;
        if (entry.expiresAt > now) return { attending: true };
        // Expired, not swept yet: its instance died after its last heartbeat.
        leftAt = Math.max(leftAt ?? 0, entry.refreshedAt);
      }
      return { attending: false, leftAt: leftAt !== null && leftAt > now - gameDepartureTtlMs ? leftAt : null };
    },

    async dispose() {
      departures.clear();
      members.clear();
      approximateLastSeen.clear();
    },
  };
}
