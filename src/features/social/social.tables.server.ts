import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { memberIdColumn } from "../accounts/member-reference.server.ts";

/**
 * The social graph. Friendships are stored once per direction (two rows), so
 * "my friends" and friend counts are one index range each.
 */
export const friendships = pgTable(
  "friendships",
  {
    userId: memberIdColumn("user_id", "cascade").notNull(),
    friendId: memberIdColumn("friend_id", "cascade").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.friendId] }), index("friendships_friend_idx").on(table.friendId), check("friendships_not_self", sql`${table.userId} <> ${table.friendId}`)],
);

export const friendRequests = pgTable(
  "friend_requests",
  {
    senderId: memberIdColumn("sender_id", "cascade").notNull(),
    recipientId: memberIdColumn("recipient_id", "cascade").notNull(),
    /** Sent from a suggestion (recommendation=1). */
    fromRecommendation: boolean("from_recommendation").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.senderId, table.recipientId] }), index("friend_requests_recipient_idx").on(table.recipientId), check("friend_requests_not_self", sql`${table.senderId} <> ${table.recipientId}`)],
);

/**
 * Each member's friend, follower and following counts, kept by the social
 * service in the same transaction as the change they count (a custom
 * migration filled them from the existing rows). The row is also the lock
 * that serialises two members' crossing friend requests.
 */
export const socialCounts = pgTable(
  "social_counts",
  {
    userId: memberIdColumn("user_id", "cascade").primaryKey(),
    friends: integer("friends").notNull().default(0),
    followers: integer("followers").notNull().default(0),
    following: integer("following").notNull().default(0),
  },
  (table) => [
    check("social_counts_not_negative", sql`${table.friends} >= 0 and ${table.followers} >= 0 and ${table.following} >= 0`),
    // The most-followed members, for follow suggestions.
    index("social_counts_followers_idx").on(table.followers.desc()).where(sql`${table.followers} > 0`),
  ],
);

/** "Track" in the spec: following a member. */
export const follows = pgTable(
  "follows",
  {
    followerId: memberIdColumn("follower_id", "cascade").notNull(),
    followedId: memberIdColumn("followed_id", "cascade").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.followerId, table.followedId] }), index("follows_followed_idx").on(table.followedId), check("follows_not_self", sql`${table.followerId} <> ${table.followedId}`)],
);

export const blocks = pgTable(
  "blocks",
  {
    blockerId: memberIdColumn("blocker_id", "cascade").notNull(),
    blockedId: memberIdColumn("blocked_id", "cascade").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.blockerId, table.blockedId] }), index("blocks_blocked_idx").on(table.blockedId), check("blocks_not_self", sql`${table.blockerId} <> ${table.blockedId}`)],
);

export const mutes = pgTable(
  "mutes",
  {
    muterId: memberIdColumn("muter_id", "cascade").notNull(),
    mutedId: memberIdColumn("muted_id", "cascade").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.muterId, table.mutedId] }), check("mutes_not_self", sql`${table.muterId} <> ${table.mutedId}`)],
);

/** Reports of abuse, queued for the moderators. */
export const memberReports = pgTable(
  "member_reports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    reporterId: memberIdColumn("reporter_id", "cascade").notNull(),
    abuserId: memberIdColumn("abuser_id", "cascade").notNull(),
    reason: varchar("reason", { length: 32 }).notNull(),
    details: varchar("details", { length: 2000 }),
    status: varchar("status", { length: 16 }).notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("member_reports_status_idx").on(table.status, table.createdAt), index("member_reports_abuser_idx").on(table.abuserId)],
);

/** A member's private note about another member. */
export const memberNotes = pgTable(
  "member_notes",
  {
    authorId: memberIdColumn("author_id", "cascade").notNull(),
    subjectId: memberIdColumn("subject_id", "cascade").notNull(),
    body: varchar("body", { length: 1000 }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.authorId, table.subjectId] })],
);

/** Small per-member flags and values (introducedToStreaks, ...). */
export const memberItems = pgTable(
  "member_items",
  {
    userId: memberIdColumn("user_id", "cascade").notNull(),
    key: varchar("key", { length: 64 }).notNull(),
    value: text("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

/** Follow suggestions a member dismissed. */
export const dismissedSuggestions = pgTable(
  "dismissed_suggestions",
  {
    userId: memberIdColumn("user_id", "cascade").notNull(),
    dismissedId: memberIdColumn("dismissed_id", "cascade").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.dismissedId] })],
);
