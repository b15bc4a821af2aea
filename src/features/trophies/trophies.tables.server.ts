import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { memberIdColumn } from "../accounts/member-reference.server.ts";

/**
 * Trophies (decision 0058). `trophy_id` is a key of the catalogue
 * (trophy-catalogue.ts); `game_id` names a game without a foreign key (the
 * game is play's row). An achievement (no awarder) is held once per member:
 * the partial unique index makes a repeated event, or two instances, award it once.
 */
export const memberTrophies = pgTable(
  "member_trophies",
  {
    id: serial("id").primaryKey(),
    recipientId: memberIdColumn("recipient_id", "cascade").notNull(),
    trophyId: smallint("trophy_id").notNull(),
    /** Who awarded it; null for the site's achievements (and an awarder whose account was deleted). */
    awarderId: memberIdColumn("awarder_id", "set null"),
    /** As sent: angle brackets encoded (spec 001 §4). */
    message: varchar("message", { length: 400 }),
    gameId: bigint("game_id", { mode: "number" }),
    isLiveGame: boolean("is_live_game").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    /** True when the site awarded it (an achievement): the awarder column alone cannot tell after an awarder's deletion. */
    bySite: boolean("by_site").notNull().default(false),
    awardedAt: timestamp("awarded_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    index("member_trophies_recipient_idx").on(table.recipientId, table.featured, table.awardedAt),
    index("member_trophies_awarder_idx").on(table.awarderId, table.awardedAt),
    uniqueIndex("member_trophies_achievement_once").on(table.recipientId, table.trophyId).where(sql`${table.bySite}`),
  ],
);

/** A member's current run of wins, kept from play's game-ended events (the streak trophies). */
export const trophyWinStreaks = pgTable("trophy_win_streaks", {
  memberId: memberIdColumn("member_id", "cascade").primaryKey(),
  wins: integer("wins").notNull().default(0),
});

/** Events already counted into the streaks: a handler that runs again after a crash counts nothing twice. */
export const trophyCountedEvents = pgTable(
  "trophy_counted_events",
  {
    eventId: bigint("event_id", { mode: "number" }).notNull(),
    memberId: integer("member_id").notNull(),
    countedAt: timestamp("counted_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.memberId] })],
);

