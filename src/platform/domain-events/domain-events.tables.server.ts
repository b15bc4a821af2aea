import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The domain-event log: one row per event, written by its publisher in the
 * transaction of the change it announces (domain-events.server.ts), so an
 * event exists exactly when its change committed. `fanned_out_at` is set once
 * the dispatcher has written the event's deliveries (one per subscriber).
 */
export const domainEvents = pgTable(
  "domain_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    fannedOutAt: timestamp("fanned_out_at", { withTimezone: true }),
  },
  (table) => [index("domain_events_waiting_idx").on(table.id).where(sql`${table.fannedOutAt} is null`)],
);

/**
 * One subscriber's delivery of one event: claimed by pushing `next_attempt_at`
 * a lease ahead, marked `done_at` when the handler returned, pushed back with
 * a growing delay when it threw. Deleted with its event.
 */
export const domainEventDeliveries = pgTable(
  "domain_event_deliveries",
  {
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => domainEvents.id, { onDelete: "cascade" }),
    /** `feature/name` of the subscription. */
    subscriber: text("subscriber").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.subscriber] }), index("domain_event_deliveries_due_idx").on(table.nextAttemptAt).where(sql`${table.doneAt} is null`)],
);
