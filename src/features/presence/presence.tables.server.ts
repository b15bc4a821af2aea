import { pgTable, timestamp } from "drizzle-orm/pg-core";
import { memberIdColumn } from "../accounts/member-reference.server.ts";

/** When each member was last seen connected (presence's "offline since"). */
export const memberPresence = pgTable("member_presence", {
  userId: memberIdColumn("user_id", "cascade").primaryKey(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
});
