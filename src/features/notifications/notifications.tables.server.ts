import { sql } from "drizzle-orm";
import { bigserial, index, jsonb, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { memberIdColumn } from "../accounts/member-reference.server.ts";

/**
 * What a member was told: one row per notice, its type one of the registered
 * notification types and its payload checked against that type's schema when
 * it was recorded.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: memberIdColumn("member_id", "cascade").notNull(),
    type: varchar("type", { length: 64 }).notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (table) => [
    // The newest-first list (and its pages) is one index range per member.
    index("notifications_member_newest_idx").on(table.memberId, table.id.desc()),
    // The bell's unread count reads only the unread rows.
    index("notifications_member_unread_idx").on(table.memberId).where(sql`${table.readAt} is null`),
    // The pruning job walks the oldest rows.
    index("notifications_created_idx").on(table.createdAt),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
