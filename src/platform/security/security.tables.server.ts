import { index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

/** Counters in fixed windows (registrations per address, ...), shared by every instance. */
export const requestCounters = pgTable(
  "request_counters",
  {
    key: varchar("key", { length: 200 }).primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  // The prune job finds old windows through it.
  (table) => [index("request_counters_window_start_idx").on(table.windowStart)],
);

/** Secrets every instance shares (CSRF and challenge signing), created once. */
export const serverSecrets = pgTable("server_secrets", {
  name: varchar("name", { length: 64 }).primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
