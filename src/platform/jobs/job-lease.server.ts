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
