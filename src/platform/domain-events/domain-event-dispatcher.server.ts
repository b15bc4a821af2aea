/**
 * Hands every committed domain event to each of its subscribers once, across
 * any number of instances. Two steps, each one statement, safe to run on
 * every instance at once:
 *
 * 1. Fan-out: events not yet fanned out are claimed with FOR UPDATE SKIP
 *    LOCKED; one delivery row per subscriber of their type is written and the
 *    events are marked.
 * 2. Delivery: due deliveries are claimed with SKIP LOCKED by pushing their
 *    `next_attempt_at` a lease ahead (so the claim commits at once and the
 *    handler runs outside any transaction); the handler runs; the row is
 *    marked done, or pushed back with a growing delay when it threw. A
 *    process that dies mid-handler leaves the lease to expire, and another
 *    claim runs the handler again: handlers are idempotent by event id.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { queryRows } from "../db/client.server.ts";
import { coalescedPasses } from "../jobs/coalesced-passes.ts";
import type { PeriodicJobDefinition } from "../jobs/job-types.ts";
import type { DomainEventNotifier, DomainEventSubscription } from "./domain-events.server.ts";
import { domainEventDeliveries, domainEvents } from "./domain-events.tables.server.ts";

export interface DomainEventTimings {
  /** How often every instance looks for events and due deliveries (what a kick missed, retries). */
  readonly everyMs: number;
  /** How long a claimed delivery is its claimer's before another instance may take it. */
  readonly leaseMs: number;
  /** The first retry's delay; each further failure doubles it, up to `retryMaxMs`. */
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
}

export const defaultDomainEventTimings: DomainEventTimings = { everyMs: 1_000, leaseMs: 60_000, retryBaseMs: 1_000, retryMaxMs: 10 * 60_000 };

/** A subscription with its key across the application (`feature/name`). */
export interface KeyedSubscription {
  readonly key: string;
  readonly subscription: DomainEventSubscription;
}

export interface DispatcherLogger {
  warn(details: object, message: string): void;
}

export interface DomainEventDispatcher extends DomainEventNotifier {
  /** The subscribers of the composed feature list (before any delivery; a later composition replaces them). */
  attach(subscriptions: readonly KeyedSubscription[]): void;
  /** Fans out and delivers until nothing is due; the number of deliveries handled. */
  flush(): Promise<number>;
  /** The periodic pass (every instance) and the pruning of old events (leader). */
  readonly jobs: readonly PeriodicJobDefinition[];
}

const fanOutBatch = 500;
const deliveryBatch = 100;
/** Delivered events are kept this long (a log to look back at), then pruned. */
const keepDays = 14;

export function createDomainEventDispatcher(options: { readonly db: Database; readonly log: DispatcherLogger; readonly timings?: Partial<DomainEventTimings> }): DomainEventDispatcher {
  const { db, log } = options;
  const timings = { ...defaultDomainEventTimings, ...options.timings };
  let byKey: ReadonlyMap<string, DomainEventSubscription> | null = null;

  async function fanOut(subscriptions: ReadonlyMap<string, DomainEventSubscription>): Promise<number> {
    const pairs = [...subscriptions].map(([key, subscription]) => sql`(${subscription.eventType}, ${key})`);
    const insert: SQL =
      pairs.length === 0
        ? sql`select 1`
        : sql`insert into ${domainEventDeliveries} (event_id, subscriber)
            select claimed.id, subscribers.key from claimed
            join (values ${sql.join(pairs, sql`, `)}) as subscribers(type, key) on subscribers.type = claimed.type
            on conflict do nothing`;
    const rows = await queryRows(
      db,
      sql`with claimed as (
            select id, type from ${domainEvents} where fanned_out_at is null order by id limit ${fanOutBatch} for update skip locked
          ), fanned as (${insert})
          update ${domainEvents} set fanned_out_at = now() where id in (select id from claimed) returning id`,
    );
    return rows.length;
  }

  async function claimDue(keys: readonly string[]): Promise<{ eventId: number; key: string; attempts: number; payload: unknown; createdAt: Date }[]> {
    const rows = await queryRows(
      db,
      sql`with due as (
            select event_id, subscriber from ${domainEventDeliveries}
            where done_at is null and next_attempt_at <= now() and subscriber in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)})
            order by event_id limit ${deliveryBatch} for update skip locked
          ), claimed as (
            update ${domainEventDeliveries} as d set attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${timings.leaseMs / 1000})
            from due where d.event_id = due.event_id and d.subscriber = due.subscriber
            returning d.event_id, d.subscriber, d.attempts
          )
          select claimed.event_id, claimed.subscriber, claimed.attempts, e.payload, e.created_at
          from claimed join ${domainEvents} as e on e.id = claimed.event_id order by claimed.event_id`,
    );
    return rows.map((row) => ({
      eventId: Number(row.event_id),
      key: String(row.subscriber),
      attempts: Number(row.attempts),
      payload: row.payload,
      createdAt: row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at)),
    }));
  }

  async function settle(eventId: number, key: string, outcome: { readonly ok: true } | { readonly ok: false; readonly attempts: number; readonly error: string }): Promise<void> {
    const where = sql`event_id = ${eventId} and subscriber = ${key}`;
    if (outcome.ok) {
      await db.execute(sql`update ${domainEventDeliveries} set done_at = now(), last_error = null where ${where}`);
      return;
    }
    const delayMs = Math.min(timings.retryBaseMs * 2 ** (outcome.attempts - 1), timings.retryMaxMs);
    await db.execute(sql`update ${domainEventDeliveries} set next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}), last_error = ${outcome.error.slice(0, 2000)} where ${where}`);
  }

  async function deliverBatch(subscriptions: ReadonlyMap<string, DomainEventSubscription>): Promise<number> {
    const claimed = await claimDue([...subscriptions.keys()]);
    for (const delivery of claimed) {
      const subscription = subscriptions.get(delivery.key);
      if (!subscription) continue;
      try {
        await subscription.handle(delivery.eventId, delivery.payload, delivery.createdAt);
        await settle(delivery.eventId, delivery.key, { ok: true });
      } catch (error) {
        log.warn({ err: error, eventId: delivery.eventId, subscriber: delivery.key, attempts: delivery.attempts }, "domain events: a subscriber failed; it will be retried");
        await settle(delivery.eventId, delivery.key, { ok: false, attempts: delivery.attempts, error: error instanceof Error ? error.message : String(error) });
      }
    }
    return claimed.length;
  }

  /** One pass: fan every new event out, then deliver every due delivery. */
  async function pass(): Promise<number> {
    const subscriptions = byKey;
    if (!subscriptions) return 0;
    while ((await fanOut(subscriptions)) === fanOutBatch);
    if (subscriptions.size === 0) return 0;
    let total = 0;
    for (;;) {
      const handled = await deliverBatch(subscriptions);
      total += handled;
      if (handled < deliveryBatch) return total;
    }
  }
  // Events committed after a running pass read the table get a pass of their own.
  const flush = coalescedPasses(pass).run;

  return {
    attach(subscriptions) {
      const keyed = new Map<string, DomainEventSubscription>();
      for (const { key, subscription } of subscriptions) {
        if (keyed.has(key)) throw new Error(`two domain-event subscriptions are named "${key}"`);
        keyed.set(key, subscription);
      }
      byKey = keyed;
    },
    flush,
    kick() {
      flush().catch((error: unknown) => log.warn({ err: error }, "domain events: dispatch pass failed; the periodic pass will take it"));
    },
    jobs: [
      {
        name: "domain-events.dispatch",
        everyMs: timings.everyMs,
        // Every instance may dispatch: events and deliveries are claimed with SKIP LOCKED.
        runOn: "every-instance",
        run: async () => {
          await flush();
        },
      },
      {
        name: "domain-events.prune",
        everyMs: 60 * 60_000,
        runOn: "leader",
        run: async () => {
          await db.execute(
            sql`delete from ${domainEvents} as e where e.created_at < now() - make_interval(days => ${keepDays}) and e.fanned_out_at is not null
                and not exists (select 1 from ${domainEventDeliveries} as d where d.event_id = e.id and d.done_at is null)`,
          );
        },
      },
    ],
  };
}
