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
    /** "active" shows the flair; "hidden" keeps it chosen but shows none (spec 001 §7.6 "set flair status"). */
    flairStatus: varchar("flair_status", { length: 8 }).notNull().default("active"),
    statusText: varchar("status_text", { length: 50 }),
    /** Where the member says they live (free text, shown on the profile). */
    location: varchar("location", { length: 100 }),
    /** The member's own words about themselves (plain text, shown on the profile). */
    bio: varchar("bio", { length: 1000 }),
    avatarUrl: text("avatar_url"),
    isEnabled: boolean("is_enabled").notNull().default(true),
    isStreamer: boolean("is_streamer").notNull().default(false),
    timezone: varchar("timezone", { length: 64 }).notNull().default("UTC"),
    language: varchar("language", { length: 8 }).notNull().default("en"),
    /** Language of the content a member wants to read (articles, news). */
    contentLanguage: varchar("content_language", { length: 8 }),
    archiveView: varchar("archive_view", { length: 8 }).notNull().default("grid"),
    homeContentType: varchar("home_content_type", { length: 16 }).notNull().default("following"),
    fairPlayAgree: boolean("fair_play_agree").notNull().default(false),
    /** A guest's self-declared skill (POST /guest/update-skill-level). */
    skillLevel: smallint("skill_level"),
    allowFriendRequests: boolean("allow_friend_requests").notNull().default(true),
    profileEditingAllowed: boolean("profile_editing_allowed").notNull().default(true),
    /** TOTP secret (base32); two-factor sign-in is on when totpEnabledAt is set. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** When a paid or gifted membership ends; the level falls back to basic then. */
    membershipExpiresAt: timestamp("membership_expires_at", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("users_username_key_unique").on(table.usernameKey),
    uniqueIndex("users_uuid_unique").on(table.uuid),
    uniqueIndex("users_email_unique").on(sql`lower(${table.email})`),
    index("users_country_code_idx").on(table.countryCode),
    index("users_created_at_idx").on(table.createdAt),
    // The membership expiry job: only members with an end date, a small part of all members.
    index("users_membership_expires_at_idx").on(table.membershipExpiresAt).where(sql`${table.membershipExpiresAt} is not null`),
    // The titled-players list, in name order: only titled members.
    index("users_titled_username_key_idx").on(table.usernameKey).where(sql`${table.chessTitle} is not null`),
    // Username prefix search needs an index in the "C" collation: a custom migration (users_username_key_c_idx).
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * Server-side sessions. The cookie holds an opaque random token; the table
 * keeps only its SHA-256, so a copy of the database cannot sign anyone in.
 */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** The password was right but the TOTP code is still due (the /2fa step). */
    twoFactorPending: boolean("two_factor_pending").notNull().default(false),
    remember: boolean("remember").notNull().default(false),
    userAgent: varchar("user_agent", { length: 300 }),
    ip: varchar("ip", { length: 64 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId), index("sessions_expires_at_idx").on(table.expiresAt)],
);

/**
 * A member's board options and site theme, as the settings service saves them
 * (spec 001 §5, §7.4: "medium", "drag_only"). One row once the member first
 * saves; without one the defaults apply. Read with the session (one query).
 */
export const boardSettings = pgTable("board_settings", {
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  animationType: varchar("animation_type", { length: 16 }).notNull().default("medium"),
  coordinates: varchar("coordinates", { length: 8 }).notNull().default("inside"),
  showLegalMoves: boolean("show_legal_moves").notNull().default(true),
  highlightMoves: boolean("highlight_moves").notNull().default(true),
  whiteAlwaysOnBottom: boolean("white_always_on_bottom").notNull().default(false),
  moveListStyle: varchar("move_list_style", { length: 16 }).notNull().default("text"),
  moveClassificationStyle: varchar("move_classification_style", { length: 16 }).notNull().default("default"),
  moveMethod: varchar("move_method", { length: 16 }).notNull().default("drag"),
  playSounds: boolean("play_sounds").notNull().default(true),
  showTimestamps: boolean("show_timestamps").notNull().default(false),
  /** true dark, false light, null: follow the system's setting. */
  darkMode: boolean("dark_mode"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type BoardSettingsRow = typeof boardSettings.$inferSelect;

/** One-time recovery codes for two-factor sign-in, stored hashed. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("recovery_codes_user_id_idx").on(table.userId)],
);

/** Site-wide roles beyond the membership level (cheat analyst, ...). */
export const userRoles = pgTable(
  "user_roles",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    role: varchar("role", { length: 32 }).notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("user_roles_user_role_unique").on(table.userId, table.role)],
);

/** Memberships granted by a payment provider, by staff or as a gift. */
export const membershipGrants = pgTable(
  "membership_grants",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    level: smallint("level").notNull(),
    period: varchar("period", { length: 8 }).notNull(),
    provider: varchar("provider", { length: 16 }).notNull(),
    grantedBy: integer("granted_by").references(() => users.id, { onDelete: "set null" }),
    giftedBy: integer("gifted_by").references(() => users.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("membership_grants_user_idx").on(table.userId), index("membership_grants_gifted_by_idx").on(table.giftedBy)],
);

/** Failed sign-ins, counted per account and per address for the rate limit. */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    usernameKey: varchar("username_key", { length: 254 }).notNull(),
    ip: varchar("ip", { length: 64 }).notNull(),
    failedAt: timestamp("failed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("sign_in_failures_username_idx").on(table.usernameKey, table.failedAt),
    index("sign_in_failures_ip_idx").on(table.ip, table.failedAt),
    // The cleanup job finds old failures through it.
    index("sign_in_failures_failed_at_idx").on(table.failedAt),
  ],
);

/**
 * Single-use links sent by email: a password reset, or the confirmation of a
 * new address. Only the SHA-256 of the token is kept (a copy of the database
 * opens no link); a link is used by setting used_at in the same statement that
 * checks it, so two clicks never both succeed.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** "password_reset" or "email_change". */
    purpose: varchar("purpose", { length: 16 }).notNull(),
    /** The address an email change moves to, once confirmed. */
    newEmail: varchar("new_email", { length: 254 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("account_tokens_user_purpose_idx").on(table.userId, table.purpose, table.createdAt), index("account_tokens_expires_at_idx").on(table.expiresAt)],
);
