import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { memberIdColumn } from "../accounts/member-reference.server.ts";

/** Per-club roles (owner, admin, chat moderator). The clubs feature links them to its clubs when it lands. */
export const clubRoles = pgTable(
  "club_roles",
  {
    clubId: integer("club_id").notNull(),
    userId: memberIdColumn("user_id", "cascade").notNull(),
    role: varchar("role", { length: 32 }).notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("club_roles_unique").on(table.clubId, table.userId, table.role), index("club_roles_user_idx").on(table.userId)],
);
