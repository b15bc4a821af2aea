/**
 * Club chat's tables (issue 11 item 6, docs/decisions/0033). Only the club
 * chat service writes them. `club_id` is the clubs feature's numeric club id.
 */
import { bigserial, boolean, index, integer, pgTable, primaryKey, timestamp, varchar } from "drizzle-orm/pg-core";
import { memberIdColumn } from "../../accounts/member-reference.server.ts";
import { clubs } from "../clubs.tables.server.ts";

/** The club a row belongs to; its rows go with it. */
const clubIdColumn = (name: string) => integer(name).references(() => clubs.id, { onDelete: "cascade" });

/** Every line, kept; `hidden_at` set when a moderator hid the author's lines (left out of history and of nothing else). */
export const clubChatLines = pgTable(
  "club_chat_lines",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clubId: clubIdColumn("club_id").notNull(),
    authorId: memberIdColumn("author_id", "cascade").notNull(),
    /** At most 500 code points after cleaning; varchar counts characters, 600 leaves room for surrogate-free slack. */
    text: varchar("text", { length: 600 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
  },
  (table) => [index("club_chat_lines_club_idx").on(table.clubId, table.id), index("club_chat_lines_author_idx").on(table.authorId, table.createdAt)],
);

/** A member's standing in one club's chat, as moderators left it (no row: neither muted nor removed). */
export const clubChatRestrictions = pgTable(
  "club_chat_restrictions",
  {
    clubId: clubIdColumn("club_id").notNull(),
    memberId: memberIdColumn("member_id", "cascade").notNull(),
    muted: boolean("muted").notNull().default(false),
    removed: boolean("removed").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clubId, table.memberId] })],
);

/** What moderators did, for the club's staff and the site's (who, to whom, what, with which note). */
export const clubChatModerationLog = pgTable(
  "club_chat_moderation_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clubId: clubIdColumn("club_id").notNull(),
    moderatorId: memberIdColumn("moderator_id", "cascade").notNull(),
    memberId: memberIdColumn("member_id", "cascade").notNull(),
    type: varchar("type", { length: 16 }).notNull(),
    hideMessages: boolean("hide_messages").notNull(),
    message: varchar("message", { length: 400 }).notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("club_chat_moderation_log_club_idx").on(table.clubId, table.id)],
);

/**
 * Who is in a room right now: one row per open socket in it, kept alive by
 * the page's heartbeat and deleted when the socket closes or expires (any
 * instance sweeps). In the shared database, so every instance sees the same room.
 */
export const clubChatPresence = pgTable(
  "club_chat_presence",
  {
    clubId: clubIdColumn("club_id").notNull(),
    socketId: varchar("socket_id", { length: 64 }).notNull(),
    memberId: memberIdColumn("member_id", "cascade").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.clubId, table.socketId] }),
    index("club_chat_presence_member_idx").on(table.clubId, table.memberId),
    index("club_chat_presence_socket_idx").on(table.socketId),
    index("club_chat_presence_expiry_idx").on(table.expiresAt),
  ],
);
