import { pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { memberIdColumn } from "../accounts/member-reference.server.ts";

/**
 * A member's theme (spec 001 §3.6, theme selection; decision 0065): one row
 * once they have chosen, none before (they have the default). The ids are
 * the catalogue's (theme-catalogue.ts); an id the catalogue no longer offers
 * reads as its kind's default.
 */
export const memberThemes = pgTable("member_themes", {
  memberId: memberIdColumn("member_id", "cascade").primaryKey(),
  boardStyleId: varchar("board_style_id", { length: 32 }).notNull(),
  pieceSetId: varchar("piece_set_id", { length: 32 }).notNull(),
  soundSetId: varchar("sound_set_id", { length: 32 }).notNull(),
  backgroundId: varchar("background_id", { length: 32 }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
