import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { jobLeases } from "./job-leases.tables.server.ts";

/**
 * Takes or renews the lease `name` for `holder` for `ttlMs`, by the
 * database's clock (instances' clocks may disagree). Succeeds when the lease is
 * free, expired or already this holder's; the upsert's WHERE makes the check
 * and the write one atomic statement. Returns whether `holder` now holds it.
 */
export async function acquireLease(db: Database, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const expiresAt = sql`now() + make_interval(secs => ${ttlMs / 1000})`;
  const taken = await db
    .insert(jobLeases)
    .values({ name, holder, expiresAt })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, expiresAt },
      setWhere: sql`${jobLeases.expiresAt} < now() or ${jobLeases.holder} = ${holder}`,
    })
    .returning({ holder: jobLeases.holder });
  return taken.length === 1;
}

/** Gives the lease back at once (a clean shutdown), so another instance need not wait for it to expire. */
export async function releaseLease(db: Database, name: string, holder: string): Promise<void> {
  await db.delete(jobLeases).where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
}

/**
 * What the leases named `prefix…` say (heartbeats: one lease per instance,
 * renewed while it works): whether any is still held, by the database's
 * clock, and when the most recent was last renewed (its expiry less `ttlMs`).
 */
export async function leaseActivity(db: Database, prefix: string, ttlMs: number): Promise<{ held: boolean; lastRenewedAt: Date | null }> {
  const [row] = await db
    .select({
      held: sql<boolean>`coalesce(bool_or(${jobLeases.expiresAt} > now()), false)`,
      latest: sql<string | null>`max(${jobLeases.expiresAt})`,
    })
    .from(jobLeases)
    .where(sql`starts_with(${jobLeases.name}, ${prefix})`);
  const latest = row?.latest ? new Date(row.latest) : null;
  return { held: row?.held === true, lastRenewedAt: latest ? new Date(latest.getTime() - ttlMs) : null };
}

/** Drops the expired leases named `prefix…` (heartbeats of instances that are gone). */
export async function dropExpiredLeases(db: Database, prefix: string): Promise<void> {
  await db.delete(jobLeases).where(and(sql`starts_with(${jobLeases.name}, ${prefix})`, sql`${jobLeases.expiresAt} < now()`));
}
