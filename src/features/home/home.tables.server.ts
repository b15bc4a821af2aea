import { bigint, bigserial, index, jsonb, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { memberIdColumn } from "../accounts/member-reference.server.ts";

/**
 * The home feed (decision 0057): one row per thing a member did that others
 * may see on their /home (a game finished, a club joined; trophies later),
 * written by the home feature's domain-event subscriptions. `kind` names the
 * entry's shape and `subject` holds what it shows, snapshotted when written,
 * so a new kind is a new subscription and a new renderer, not a new table.
 */
export const homeFeedEntries = pgTable(
  "home_feed_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The domain event the entry was made from: with the actor, what makes a repeated delivery write nothing. */
    eventId: bigint("event_id", { mode: "number" }).notNull(),
    actorId: memberIdColumn("actor_id", "cascade").notNull(),
    kind: varchar("kind", { length: 24 }).notNull(),
    subject: jsonb("subject").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [uniqueIndex("home_feed_entries_event_actor_idx").on(table.eventId, table.actorId), index("home_feed_entries_actor_idx").on(table.actorId, table.id)],
);
