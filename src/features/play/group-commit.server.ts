/**
 * Group commit (decision 0015, a3): pieces of transactional work that arrive
 * together, from many games, share one transaction, so one commit (one WAL
 * flush) makes them all durable. Each piece runs in its own savepoint, so a
 * piece that fails is rolled back alone and the others still commit; each
 * caller's promise settles only after the shared commit (a move is
 * acknowledged only once it is durable). A few batches may be in flight at
 * once, one connection each, while the next one gathers.
 */
import type { Database } from "../../platform/db/client.server.ts";

export interface GroupCommitOptions {
  /** Most pieces in one transaction. */
  readonly maxBatch?: number;
  /** Most transactions in flight at once. */
  readonly maxConcurrent?: number;
  /** Called after each commit (the outbox relays the events the batch wrote). */
  readonly committed?: () => void;
}

/** A piece of work; what it answers is how to settle its caller once the batch committed. */
interface Piece {
  readonly work: (tx: Database) => Promise<() => void>;
  reject(error: unknown): void;
}

type Outcome = { readonly ok: true; readonly settle: () => void } | { readonly ok: false; readonly error: unknown };

export function createGroupCommit(db: Database, options: GroupCommitOptions = {}) {
  const maxBatch = options.maxBatch ?? 64;
  const maxConcurrent = options.maxConcurrent ?? 4;
  const queue: Piece[] = [];
  let inFlight = 0;
  let scheduled = false;

  function schedule(): void {
    if (scheduled || inFlight >= maxConcurrent || queue.length === 0) return;
    scheduled = true;
    // Gather what arrives in the same turn of the event loop.
    setImmediate(() => {
      scheduled = false;
      const batch = queue.splice(0, maxBatch);
      if (batch.length === 0) return;
      inFlight += 1;
      void commitBatch(batch).finally(() => {
        inFlight -= 1;
        schedule();
      });
      schedule();
    });
  }

  async function commitBatch(batch: readonly Piece[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await db.transaction(async (tx) => {
        const settled: Outcome[] = [];
        for (const piece of batch) {
          try {
            // A savepoint: a failing piece is undone alone.
            settled.push({ ok: true, settle: await tx.transaction((inner) => piece.work(inner)) });
          } catch (error) {
            settled.push({ ok: false, error });
          }
        }
        return settled;
      });
    } catch (error) {
      // The commit itself failed: nothing of the batch is durable.
      for (const piece of batch) piece.reject(error);
      return;
    }
    options.committed?.();
    batch.forEach((piece, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) outcome.settle();
      else piece.reject(outcome ? outcome.error : new Error("group commit lost a piece"));
    });
  }

  return {
    /** Runs `work` in the next shared transaction; settles after that transaction committed (or failed). */
    run<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({
          work: async (tx) => {
            const value = await work(tx);
            return () => resolve(value);
          },
          reject,
        });
        schedule();
      });
    },
  };
}

export type GroupCommit = ReturnType<typeof createGroupCommit>;
