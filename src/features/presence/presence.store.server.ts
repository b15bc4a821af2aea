/**
 * Where live connections are counted: in this process (one instance) or in
 * Redis (many instances). Both implement the same semantics, tested by one
 * contract suite (presence.store.test.ts):
 *
 * - A connection is live until its expiry. Its instance extends the expiry on
 *   every heartbeat (refresh); an instance that dies stops doing so, and its
 *   connections expire by themselves. Sweeping (any instance) removes expired
 *   connections and reports members who so went offline, with their last
 *   heartbeat as an uncertain last-seen time.
 * - A socket that closes cleanly stays live for a short grace period (a page
 *   load closes one socket and opens the next), without its activity; a new
 *   connection within the grace keeps the member continuously online.
 * - A member is online while any connection is live; playing while any live
 *   connection declares a game or a battle.
 * - A member attends a game while a live connection declares it; when the
 *   last declaring connection stops (declares otherwise, closes or expires),
 *   the store keeps when, per game, for a day: how long a player has been
 *   away from one game, not from the whole site.
 *
 * Times are epoch milliseconds from the service's clock (never the store's),
 * so tests can move time; instances' clocks must agree within the grace period.
 */
import type { ActivityContext, PresenceGame, PresenceBattle } from "./presence.schema.ts";

/** One connection's declared activity. */
export interface StoredActivity {
  readonly context: ActivityContext;
  /** When it was declared: the merged context lists the newest first. */
  readonly since: number;
}

export interface LivePresence {
  /** When the member came online; null when the store lost it (reported as uncertain). */
  readonly onlineSince: number | null;
  readonly activities: readonly StoredActivity[];
}

export interface PresenceSnapshot {
  /** Members with at least one live connection. */
  readonly live: ReadonlyMap<number, LivePresence>;
  /**
   * What the store knows of offline members' last-seen times: connections
   * expired but not swept yet, and members whose last connections expired
   * rather than closed (their instance died; uncertain until they connect again).
   */
  readonly lastSeen: ReadonlyMap<number, WentOffline>;
}

export interface WentOffline {
  /** The last-seen time: when the last socket closed, or the last heartbeat of an expired one. */
  readonly at: number;
  readonly uncertain: boolean;
}

export interface PresenceChange {
  readonly userId: number;
  /** What others see may have changed (online, offline or activity): publish. */
  readonly changed: boolean;
  /** The member's last connection went away: record the last-seen time. */
  readonly wentOffline: WentOffline | null;
}

export interface ConnectionRef {
  readonly userId: number;
  readonly connectionId: string;
}

/** A player's attendance of one game: a live connection declares it, or when the last one stopped (null: none on record). */
export type GameAttendance = { readonly attending: true } | { readonly attending: false; readonly leftAt: number | null };

/** How long a game's departure time is kept after it was recorded. */
export const gameDepartureTtlMs = 24 * 60 * 60 * 1000;

export interface PresenceStore {
  readonly kind: "memory" | "redis";
  /** A new connection, live until `expiresAt`. Changed when the member came online. */
  connect(connection: ConnectionRef, now: number, expiresAt: number): Promise<PresenceChange>;
  /**
   * The socket closed cleanly: the connection stays live until `graceUntil`
   * (it can no longer be refreshed) and its activity ends now.
   */
  disconnect(connection: ConnectionRef, now: number, graceUntil: number): Promise<PresenceChange>;
  /** Removes a connection at once (open or in its grace). */
  remove(connection: ConnectionRef, now: number): Promise<PresenceChange>;
  /**
   * Declares what a connection is doing (null: nothing). `applied` is false
   * for an unknown or closed connection; `changed` when the context differs.
   */
  setActivity(connection: ConnectionRef, context: ActivityContext | null, now: number): Promise<PresenceChange & { readonly applied: boolean }>;
  /**
   * The heartbeat of one instance's open connections. A connection swept in
   * the meantime (the instance stalled) is added back, without its activity;
   * the changes report members who so came back online.
   */
  refresh(connections: readonly ConnectionRef[], now: number, expiresAt: number): Promise<PresenceChange[]>;
  /** Removes the connections expired at `now`, whichever instance held them. */
  sweep(now: number): Promise<PresenceChange[]>;
  read(userIds: readonly number[], now: number): Promise<PresenceSnapshot>;
  /** Whether the member attends the game (`gameKey` of its PresenceGame), by live connections at `now`. */
  gameAttendance(userId: number, gameKey: string, now: number): Promise<GameAttendance>;
  dispose(): Promise<void>;
}

export const unchanged = (userId: number): PresenceChange => ({ userId, changed: false, wentOffline: null });

/** A declared game's key in attendance records: its source and id. */
export function gameKey(game: Pick<PresenceGame, "source" | "id">): string {
  return `${game.source}:${game.id}`;
}

/** The keys of the games a context declares. */
export function gameKeysOf(context: ActivityContext | null): string[] {
  return context ? context.games.map(gameKey) : [];
}

/** One stable text per context, to tell a new declaration from a repeated one. */
export function contextKey(context: ActivityContext | null): string {
  if (!context) return "";
  return JSON.stringify({
    games: context.games.map((game) => ({ source: game.source, id: game.id, numericId: game.numericId })),
    battles: context.battles.map((battle) => ({ id: battle.id })),
  });
}

/** The member's context: every live connection's games and battles, newest declaration first, without repeats. */
export function mergeActivities(activities: readonly StoredActivity[]): ActivityContext {
  const sorted = [...activities].sort((a, b) => b.since - a.since);
  const games: PresenceGame[] = [];
  const battles: PresenceBattle[] = [];
  const seenGames = new Set<string>();
  const seenBattles = new Set<string>();
  for (const { context } of sorted) {
    for (const game of context.games) {
      const key = `${game.source}:${game.id}:${game.numericId}`;
      if (seenGames.has(key)) continue;
      seenGames.add(key);
      games.push(game);
    }
    for (const battle of context.battles) {
      if (seenBattles.has(battle.id)) continue;
      seenBattles.add(battle.id);
      battles.push(battle);
    }
  }
  return { games, battles };
}

export function isPlayingContext(context: ActivityContext): boolean {
  return context.games.length > 0 || context.battles.length > 0;
}
