import type { SanitisedHtml } from "../../../ui/sanitised-html.tsx";
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { memberIdColumn } from "../../accounts/member-reference.server.ts";
import { clubIdColumn } from "./club-id-column.server.ts";

/**
 * A club's forum topics. The list's order (pinned first, then by last reply)
 * is one index range per club; the last post's id and time are kept on the
 * topic so the list and the unread markers read no posts.
 */
export const clubForumTopics = pgTable(
  "club_forum_topics",
  {
    id: serial("id").primaryKey(),
    clubId: clubIdColumn("club_id").notNull(),
    authorId: memberIdColumn("author_id", "set null"),
    title: varchar("title", { length: 120 }).notNull(),
    pinned: boolean("pinned").notNull().default(false),
    locked: boolean("locked").notNull().default(false),
    /** Replies, the opening post not counted. */
    replyCount: integer("reply_count").notNull().default(0),
    lastPostId: integer("last_post_id").notNull().default(0),
    lastPostAt: timestamp("last_post_at", { withTimezone: true }).notNull().defaultNow(),
    lastPosterId: memberIdColumn("last_poster_id", "set null"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("club_forum_topics_list_idx").on(table.clubId, table.pinned.desc(), table.lastPostAt.desc(), table.id.desc())],
);

/** The posts of a topic; the first one (opening) is the topic's text. Source and rendered HTML are both kept. */
export const clubForumPosts = pgTable(
  "club_forum_posts",
  {
    id: serial("id").primaryKey(),
    topicId: integer("topic_id")
      .notNull()
      .references(() => clubForumTopics.id, { onDelete: "cascade" }),
    clubId: clubIdColumn("club_id").notNull(),
    authorId: memberIdColumn("author_id", "set null"),
    opening: boolean("opening").notNull().default(false),
    bodySource: text("body_source").notNull(),
    // Only the sanitiser's output (club-markdown.server.ts) may be written here: the page renders it as HTML.
    bodyHtml: text("body_html").$type<SanitisedHtml>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
  },
  (table) => [index("club_forum_posts_topic_idx").on(table.topicId, table.id), index("club_forum_posts_author_idx").on(table.authorId).where(sql`${table.authorId} is not null`)],
);

/** How far each member has read each topic: the highest post id they were shown. */
export const clubForumReads = pgTable(
  "club_forum_reads",
  {
    userId: memberIdColumn("user_id", "cascade").notNull(),
    topicId: integer("topic_id")
      .notNull()
      .references(() => clubForumTopics.id, { onDelete: "cascade" }),
    lastReadPostId: integer("last_read_post_id").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.topicId] }), index("club_forum_reads_topic_idx").on(table.topicId)],
);
