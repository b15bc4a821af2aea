import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";

/**
 * Members. The accounts feature owns this table; other features read members
 * through the accounts and members services, never through this table.
 */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid("uuid").notNull().default(sql`gen_random_uuid()`),
    username: varchar("username", { length: 25 }).notNull(),
    /** Lower-cased username: lookups and uniqueness ignore case. */
    usernameKey: varchar("username_key", { length: 25 }).notNull(),
    email: varchar("email", { length: 254 }),
    passwordHash: text("password_hash"),
    firstName: varchar("first_name", { length: 50 }),
    lastName: varchar("last_name", { length: 50 }),
    /** ISO 3166-1 alpha-2, upper case; "XX" for international. */
    countryCode: varchar("country_code", { length: 2 }).notNull().default("XX"),
    chessTitle: varchar("chess_title", { length: 3 }),
    /** The spec's level: guest 0 ... staff 90. */
    membershipLevel: smallint("membership_level").notNull().default(10),
    flairCode: varchar("flair_code", { length: 40 }).notNull().default("nothing"),
    statusText: varchar("status_text", { length: 50 }),
    avatarUrl: text("avatar_url"),
    isEnabled: boolean("is_enabled").notNull().default(true),
    isStreamer: boolean("is_streamer").notNull().default(false),
    timezone: varchar("timezone", { length: 64 }).notNull().default("UTC"),
    language: varchar("language", { length: 8 }).notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("users_username_key_unique").on(table.usernameKey),
    uniqueIndex("users_uuid_unique").on(table.uuid),
    uniqueIndex("users_email_unique").on(sql`lower(${table.email})`),
    index("users_country_code_idx").on(table.countryCode),
    index("users_created_at_idx").on(table.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
