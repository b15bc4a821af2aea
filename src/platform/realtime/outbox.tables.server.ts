import { bigint, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Events written in the same transaction as the change they announce, and
 * deleted once the relay has published them on the bus (outbox.server.ts).
 * Normally empty: a row stays only while the bus is unreachable.
 * A row with `relay_after` was written by a writer that publishes it itself
 * right after its commit (publishCommitted); the relay leaves it alone until
 * then, and takes it only if that writer died before publishing.
 */
export const outboxEvents = pgTable("outbox_events", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  room: text("room").notNull(),
  type: text("type").notNull(),
  payload: jsonb("payload").notNull(),
  /** The event's place in its room's ordered stream (a game's version), when the stream is ordered. */
  version: integer("version"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  relayAfter: timestamp("relay_after", { withTimezone: true }),
});
