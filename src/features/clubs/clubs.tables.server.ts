import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { memberIdColumn } from "../accounts/member-reference.server.ts";

/**
 * A club (spec 000 §3): the numeric id is the club id of every /callback/club/{id}
 * call, `url` the lower-case slug of /club/{url}. The owner is the one
 * "owner" row in club_roles (and a member); member_count is kept by the
 * service in the same transaction as club_members (and re-counted by the
 * owner's sync call).
 */
export const clubs = pgTable(
  "clubs",
  {
    id: serial("id").primaryKey(),
    url: varchar("url", { length: 64 }).notNull(),
    name: varchar("name", { length: 100 }).notNull(),
    description: text("description").notNull().default(""),
    /** ISO 3166-1 alpha-2, "XX" for international. */
    countryCode: varchar("country_code", { length: 2 }).notNull().default("XX"),
    avatarUrl: varchar("avatar_url", { length: 500 }),
    backgroundUrl: varchar("background_url", { length: 500 }),
    /** "open" | "approval" | "invite" (clubJoinPolicies). */
    joinPolicy: varchar("join_policy", { length: 16 }).notNull(),
    /** The secret of /club/{url}/join/{secret}; null until the owner generates one. */
    invitationSecret: varchar("invitation_secret", { length: 64 }),
    memberCount: integer("member_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("clubs_url_unique").on(table.url),
    check("clubs_url_lower", sql`${table.url} = lower(${table.url})`),
    check("clubs_join_policy_known", sql`${table.joinPolicy} in ('open', 'approval', 'invite')`),
    index("clubs_name_lower_idx").on(sql`lower(${table.name})`, table.id),
    index("clubs_member_count_idx").on(table.memberCount, table.id),
    index("clubs_country_idx").on(table.countryCode, table.memberCount),
    index("clubs_last_activity_idx").on(table.lastActivityAt),
  ],
);

/** Who belongs to a club (the owner included). */
export const clubMembers = pgTable(
  "club_members",
  {
    clubId: integer("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: memberIdColumn("user_id", "cascade").notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clubId, table.userId] }), index("club_members_user_idx").on(table.userId, table.clubId), index("club_members_recent_idx").on(table.clubId, table.joinedAt, table.userId)],
);

/** Per-club roles (owner, admin, chat moderator); exactly one owner per club. */
export const clubRoles = pgTable(
  "club_roles",
  {
    clubId: integer("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: memberIdColumn("user_id", "cascade").notNull(),
    role: varchar("role", { length: 32 }).notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("club_roles_unique").on(table.clubId, table.userId, table.role),
    index("club_roles_user_idx").on(table.userId),
    uniqueIndex("club_roles_one_owner").on(table.clubId).where(sql`${table.role} = 'owner'`),
  ],
);

/** A member's request to join a club that approves its members (one open request per member and club). */
export const clubJoinRequests = pgTable(
  "club_join_requests",
  {
    clubId: integer("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: memberIdColumn("user_id", "cascade").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clubId, table.userId] }), index("club_join_requests_user_idx").on(table.userId)],
);

/** An invitation into a club, from a member to a member (invite-only clubs admit the invited). */
export const clubInvitations = pgTable(
  "club_invitations",
  {
    clubId: integer("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: memberIdColumn("user_id", "cascade").notNull(),
    invitedById: memberIdColumn("invited_by_id", "set null"),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clubId, table.userId] }), index("club_invitations_user_idx").on(table.userId)],
);
