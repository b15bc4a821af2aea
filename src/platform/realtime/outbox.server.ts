/**
 * The outbox: events that follow a database write leave through the database.
 * A service writes them with enqueueEvent in the transaction of its change, so
 * that an event exists exactly when the change committed; after the commit it
 * asks the relay to publish (relay.kick()). The relay publishes rows in id
 * order and deletes them once the bus took them; what the bus refused (Redis
 * away) stays and is retried by the periodic job. A bus outage therefore never
 * turns a committed change into an error for the member, and nothing is lost.
 * Delivery is at least once: a relay that dies between publish and delete
 * publishes again.
 */
import { asc, inArray } from "drizzle-orm";
import type { PeriodicJobDefinition } from "../jobs/job-types.ts";
import type { Database } from "../db/client.server.ts";
import type { EventBus } from "./bus.server.ts";
import type { RealtimeEventType, RoomName } from "./protocol.ts";
import { outboxEvents } from "./outbox.tables.server.ts";

/** A database or an open transaction: anything that can insert. */
export type OutboxWriter = Pick<Database, "insert">;

/** Writes an event into the outbox, inside the caller's transaction. */
export async function enqueueEvent<Payload>(
  tx: OutboxWriter,
  room: RoomName,
  eventType: RealtimeEventType<Payload>,
  payload: NoInfer<Payload>,
  options: { readonly version?: number } = {},
): Promise<void> {
  await tx.insert(outboxEvents).values({ room, type: eventType.type, payload, version: options.version ?? null });
}

/** What a service calls after its transaction committed. Never throws, never waits. */
export interface OutboxNotifier {
  kick(): void;
}

export const noOutboxNotifier: OutboxNotifier = { kick: () => undefined };

export interface OutboxRelay extends OutboxNotifier {
  /** Publishes what the outbox holds, in order, until it is empty or the bus fails; the number published. */
  flush(): Promise<number>;
  /** The periodic retry, for the job runner. */
  readonly job: PeriodicJobDefinition;
  /** Runs the job on a plain interval (until the leased job runner takes it over); returns the stop. */
  startInterval(): () => Promise<void>;
}

export interface OutboxLogger {
  warn(details: object, message: string): void;
}

export const defaultOutboxRetryMs = 2000;
/** Events per relay transaction: a busy game site writes hundreds a second, and each transaction costs a commit. */
const batchSize = 500;

export function createOutboxRelay(options: { readonly db: Database; readonly bus: EventBus; readonly log: OutboxLogger; readonly retryMs?: number }): OutboxRelay {
  const { db, bus, log } = options;
  let running: Promise<number> | null = null;
  let again = false;

  /** One batch, rows locked so that another instance's relay skips them; false when the bus failed or nothing is left. */
  async function flushBatch(): Promise<{ published: number; more: boolean }> {
    return db.transaction(async (tx) => {
      const rows = await tx.select().from(outboxEvents).orderBy(asc(outboxEvents.id)).limit(batchSize).for("update", { skipLocked: true });
      const published: number[] = [];
      let failed = false;
      for (const row of rows) {
        try {
          await bus.publish(row.room, row.version === null ? { type: row.type, payload: row.payload } : { type: row.type, payload: row.payload, version: row.version });
        } catch (error) {
          log.warn({ err: error, pending: rows.length - published.length }, "realtime outbox: the bus refused an event; kept for the retry");
          failed = true;
          break;
        }
        published.push(row.id);
      }
      if (published.length > 0) await tx.delete(outboxEvents).where(inArray(outboxEvents.id, published));
      return { published: published.length, more: !failed && rows.length === batchSize };
    });
  }

  async function drain(): Promise<number> {
    let total = 0;
    do {
      again = false;
      for (;;) {
        const { published, more } = await flushBatch();
        total += published;
        if (!more) break;
      }
    } while (again);
    return total;
  }

  function flush(): Promise<number> {
    if (running) {
      // Rows committed after the running pass read its table: look once more.
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = null;
    });
    return running;
  }

  const job: PeriodicJobDefinition = {
    name: "realtime.outbox-relay",
    everyMs: options.retryMs ?? defaultOutboxRetryMs,
    // Every instance may relay: rows are claimed with SKIP LOCKED.
    runOn: "every-instance",
    run: async () => {
      await flush();
    },
  };

  function kick(): void {
    flush().catch((error: unknown) => log.warn({ err: error }, "realtime outbox: relay pass failed; the retry will take it"));
  }

  return {
    flush,
    kick,
    job,
    startInterval() {
      const timer = setInterval(kick, job.everyMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running?.catch(() => undefined);
      };
    },
  };
}
