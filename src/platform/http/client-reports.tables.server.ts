import { index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

/** Browser error reports (POST /error-reporting/web), kept for the team to read. */
export const clientErrorReports = pgTable(
  "client_error_reports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ip: varchar("ip", { length: 64 }).notNull(),
    userId: integer("user_id"),
    username: varchar("username", { length: 25 }),
    reportedUser: jsonb("reported_user"),
    userAgent: text("user_agent").notNull(),
    error: text("error").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("client_error_reports_created_at_idx").on(table.createdAt)],
);
