/** The events frame's one table: members' subscriptions to upcoming live events (spec 000 §7, issue 11 item 7). */
import { bigint, index, pgTable, primaryKey, timestamp, varchar } from "drizzle-orm/pg-core";
import { memberIdColumn } from "../../accounts/member-reference.server.ts";

export const clubEventSubscriptions = pgTable(
  "club_event_subscriptions",
  {
    memberId: memberIdColumn("member_id", "cascade").notNull(),
    /** A ClubEventType (arena, team_match, live_tournament). */
    eventType: varchar("event_type", { length: 32 }).notNull(),
    eventId: bigint("event_id", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.eventType, table.eventId] }), index("club_event_subscriptions_event_idx").on(table.eventType, table.eventId)],
);
