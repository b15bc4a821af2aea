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
 *
 * A hot writer (the moves of live games) may publish its own rows right after
 * its commit instead of waiting for the relay's pass (publishCommitted): it
 * writes them with `relay_after` a few seconds ahead (insertSelfPublishedEvents),
 * which the relay respects, so the relay only takes them if that writer died
 * between its commit and its publish.
 */
import { asc, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { coalescedPasses } from "../jobs/coalesced-passes.ts";
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

/** An outbox row as written, with the id the database gave it. */
export interface CommittedOutboxRow {
  readonly id: number;
  readonly room: string;
  readonly type: string;
  readonly payload: unknown;
  readonly version: number | null;
}

/** How long the relay leaves a self-published row to its writer: far above a publish, short enough for a crashed writer's events to come soon after. */
export const selfPublishGraceSeconds = 10;

/**
 * The INSERT of events that their writer publishes itself once committed
 * (publishCommitted), for a set-based statement that writes many at once (as
 * a CTE): `events` is a query of (room, type, payload jsonb, version)
 * columns. Returns the rows' `id` and `room`.
 */
export function insertSelfPublishedEvents(events: SQL): SQL {
  return sql`insert into ${outboxEvents} (room, type, payload, version, relay_after)
    select room, type, payload, version, now() + make_interval(secs => ${selfPublishGraceSeconds}) from (${events}) as events
    returning id, room`;
}

/** What a service calls after its transaction committed. Never throws, never waits. */
export interface OutboxNotifier {
  kick(): void;
  /**
   * Publishes committed rows that were written with insertSelfPublishedEvents,
   * now and in the order given, then deletes them. What the bus refuses stays
   * for the relay.
   */
  publishCommitted(rows: readonly CommittedOutboxRow[]): void;
}

export const noOutboxNotifier: OutboxNotifier = { kick: () => undefined, publishCommitted: () => undefined };

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

  /** One batch, rows locked so that another instance's relay skips them; false when the bus failed or nothing is left. */
  async function flushBatch(): Promise<{ published: number; more: boolean }> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(outboxEvents)
        .where(or(isNull(outboxEvents.relayAfter), lte(outboxEvents.relayAfter, sql`now()`)))
        .orderBy(asc(outboxEvents.id))
        .limit(batchSize)
        .for("update", { skipLocked: true });
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
      if (published.length > 0) {
        await commitWithoutWaitingForDisk(tx);
        await tx.delete(outboxEvents).where(inArray(outboxEvents.id, published));
      }
      return { published: published.length, more: !failed && rows.length === batchSize };
    });
  }

  /** One pass: batches until the table has no more due rows (or the bus refused one). */
  async function pass(): Promise<number> {
    let total = 0;
    for (;;) {
      const { published, more } = await flushBatch();
      total += published;
      if (!more) return total;
    }
  }
  const passes = coalescedPasses(pass);
  const flush = passes.run;

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

  // Rows published by their writers, deleted together: one small transaction at a time, whatever the rate.
  const toDelete: number[] = [];
  let deleting: Promise<void> | null = null;

  function deletePublished(): void {
    if (deleting || toDelete.length === 0) return;
    const ids = toDelete.splice(0, toDelete.length);
    deleting = db
      .transaction(async (tx) => {
        await commitWithoutWaitingForDisk(tx);
        await tx.delete(outboxEvents).where(inArray(outboxEvents.id, ids));
      })
      .catch((error: unknown) => log.warn({ err: error, rows: ids.length }, "realtime outbox: could not delete published rows; the relay will publish them again"))
      .finally(() => {
        deleting = null;
        deletePublished();
      });
  }

  function publishCommitted(rows: readonly CommittedOutboxRow[]): void {
    if (rows.length === 0) return;
    // Sent one after another without waiting for each: one connection keeps their order.
    const sent = rows.map((row) => bus.publish(row.room, row.version === null ? { type: row.type, payload: row.payload } : { type: row.type, payload: row.payload, version: row.version }));
    void Promise.allSettled(sent).then((outcomes) => {
      const refused = outcomes.filter((outcome) => outcome.status === "rejected");
      // What the bus refused stays for the relay, once its grace is over; a client that sees a gap in a room refetches.
      const firstRefusal: unknown = refused[0]?.reason;
      if (refused[0]) log.warn({ err: firstRefusal, refused: refused.length }, "realtime outbox: the bus refused events; the relay will retry them");
      outcomes.forEach((outcome, index) => {
        const row = rows[index];
        if (outcome.status === "fulfilled" && row) toDelete.push(row.id);
      });
      deletePublished();
    });
  }

  return {
    flush,
    kick,
    publishCommitted,
    job,
    startInterval() {
      const timer = setInterval(kick, job.everyMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await passes.current()?.catch(() => undefined);
        await deleting;
      };
    },
  };
}

/**
 * A commit that only deletes published rows need not wait for the WAL flush:
 * if it is lost in a crash the rows are published again, which at-least-once
 * delivery allows (clients drop an event whose version they already hold).
 */
async function commitWithoutWaitingForDisk(tx: Pick<Database, "execute">): Promise<void> {
  await tx.execute(sql`set local synchronous_commit = off`);
}
