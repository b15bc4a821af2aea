import { pgTable, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * One row per leader job: which instance holds it and until when. An instance
 * takes a lease only when it is free or already its own, in one statement, so
 * two instances never both hold it (see docs/decisions/0013).
 */
export const jobLeases = pgTable("job_leases", {
  name: varchar("name", { length: 100 }).primaryKey(),
  holder: varchar("holder", { length: 100 }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
