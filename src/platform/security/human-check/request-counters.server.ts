import { and, eq, inArray, like, lt, sql } from "drizzle-orm";
import { drainClaimed } from "../../jobs/claim-batch.server.ts";
import type { Database } from "../../db/client.server.ts";
import { requestCounters } from "../security.tables.server.ts";

/**
 * Fixed-window counters in the request_counters table, shared by every
 * instance. One statement per count: an upsert that starts the row at 1, adds
 * 1 within the same window, and starts over at 1 when a later window begins.
 * It is atomic on PostgreSQL and PGlite alike, so concurrent requests on many
 * instances never lose a count.
 */

/** The start of the fixed window of `windowMs` that contains `now` (windows are aligned to the epoch). */
export function windowStartOf(now: Date, windowMs: number): Date {
  if (!Number.isInteger(windowMs) || windowMs <= 0) throw new Error(`window must be a positive number of ms, not ${windowMs}`);
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/**
 * Adds one to the counter `key` in the window starting at `windowStart` and
 * returns the count in that window, this one included. A count for an older
 * window than the row's (a slow request from the previous window) is added to
 * the current window rather than resetting it.
 */
export async function incrementCounter(db: Database, key: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(requestCounters)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: requestCounters.key,
      set: {
        count: sql`CASE WHEN request_counters.window_start >= excluded.window_start THEN request_counters.count + 1 ELSE 1 END`,
        windowStart: sql`GREATEST(request_counters.window_start, excluded.window_start)`,
      },
    })
    .returning({ count: requestCounters.count });
  if (!row) throw new Error(`request counter ${key} was not written`);
  return row.count;
}

/** Counts one event for `key` in the current fixed window of `windowMs`; returns the window's count. */
export function countInFixedWindow(db: Database, key: string, windowMs: number, now: Date): Promise<number> {
  return incrementCounter(db, key, windowStartOf(now, windowMs));
}

/**
 * Counts one event for `key` in a window of `windowMs` opened by the key's
 * first count (as @fastify/rate-limit's counters do), not aligned to the
 * epoch: a burst is counted whole, wherever it falls on the clock. Returns
 * the window's count, this one included. One statement, like incrementCounter;
 * inside a transaction the row stays locked until it ends, so concurrent
 * callers of the same key take their turns and a rolled-back change takes
 * its count with it.
 */
export async function countSinceFirst(db: Database, key: string, windowMs: number, now: Date): Promise<number> {
  if (!Number.isInteger(windowMs) || windowMs <= 0) throw new Error(`window must be a positive number of ms, not ${windowMs}`);
  const open = sql`request_counters.window_start > excluded.window_start - make_interval(secs => ${windowMs / 1000})`;
  const [row] = await db
    .insert(requestCounters)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: requestCounters.key,
      set: {
        count: sql`CASE WHEN ${open} THEN request_counters.count + 1 ELSE 1 END`,
        windowStart: sql`CASE WHEN ${open} THEN request_counters.window_start ELSE excluded.window_start END`,
      },
    })
    .returning({ count: requestCounters.count });
  if (!row) throw new Error(`request counter ${key} was not written`);
  return row.count;
}

const PRUNE_BATCH = 1000;

/**
 * Deletes the counters under `keyPrefix` whose window started before `before`
 * (they can no longer matter), in claimed batches so that several instances
 * or a long backlog never hold one big lock. Returns how many went.
 */
export function pruneCounters(db: Database, keyPrefix: string, before: Date, signal: AbortSignal = new AbortController().signal): Promise<number> {
  const pattern = `${keyPrefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return drainClaimed(
    db,
    {
      batchSize: PRUNE_BATCH,
      select: (tx) => tx.select({ key: requestCounters.key }).from(requestCounters).where(and(lt(requestCounters.windowStart, before), like(requestCounters.key, pattern))).limit(PRUNE_BATCH),
      handle: async (tx, rows) => {
        await tx.delete(requestCounters).where(inArray(requestCounters.key, rows.map((row) => row.key)));
      },
    },
    signal,
  );
}

/**
 * Stores `value` under `key` when it is greater than the value stored there
 * (or nothing is): true when it was stored. One statement, so two instances
 * claiming the same value never both win (a TOTP step used once).
 */
export async function raiseCounter(db: Database, key: string, value: number, at: Date): Promise<boolean> {
  const claimed = await db
    .insert(requestCounters)
    .values({ key, windowStart: at, count: value })
    .onConflictDoUpdate({
      target: requestCounters.key,
      set: { count: sql`excluded.count`, windowStart: sql`excluded.window_start` },
      setWhere: sql`${requestCounters.count} < excluded.count`,
    })
    .returning({ key: requestCounters.key });
  return claimed.length > 0;
}

export async function deleteCounter(db: Database, key: string): Promise<void> {
  await db.delete(requestCounters).where(eq(requestCounters.key, key));
}
