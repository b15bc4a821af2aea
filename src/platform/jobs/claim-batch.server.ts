import type { Database } from "../db/client.server.ts";

/** A select that can still take row locks: a drizzle select builder before its `.for(...)`. */
export interface LockableSelect<Row> {
  for(strength: "update", config: { skipLocked: true }): PromiseLike<Row[]>;
}

export interface ClaimedBatch<Row> {
  /** The rows to claim: a bounded select (with a limit) on the transaction it is given. */
  readonly select: (tx: Database) => LockableSelect<Row>;
  /** Works on the claimed rows inside the same transaction; their locks hold until it commits. */
  readonly handle: (tx: Database, rows: readonly Row[]) => Promise<void>;
}

/**
 * Claims one batch for a sweeper: selects rows FOR UPDATE SKIP LOCKED and
 * handles them in the same transaction. Rows another claimer holds are
 * skipped, never waited for nor handed out twice, so any number of instances
 * may sweep at once. Returns how many rows this call handled.
 */
export async function claimBatch<Row>(db: Database, batch: ClaimedBatch<Row>): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await batch.select(tx).for("update", { skipLocked: true });
    if (rows.length > 0) await batch.handle(tx, rows);
    return rows.length;
  });
}

/**
 * Claims and handles batches until one comes back smaller than `batchSize`
 * (nothing left that nobody else holds) or the signal aborts. Each batch is
 * its own short transaction. Returns the total handled.
 */
export async function drainClaimed<Row>(db: Database, batch: ClaimedBatch<Row> & { readonly batchSize: number }, signal: AbortSignal): Promise<number> {
  let total = 0;
  while (!signal.aborted) {
    const handled = await claimBatch(db, batch);
    total += handled;
    if (handled < batch.batchSize) break;
  }
  return total;
}
