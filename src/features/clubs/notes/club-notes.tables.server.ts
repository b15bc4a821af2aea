import type { SanitisedHtml } from "../../../ui/sanitised-html.tsx";
import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { memberIdColumn } from "../../accounts/member-reference.server.ts";
import { clubIdColumn } from "../forum/club-id-column.server.ts";

/** The notes a club's owner and admins post to its members, newest first; source and rendered HTML are both kept. */
export const clubNotes = pgTable(
  "club_notes",
  {
    id: serial("id").primaryKey(),
    clubId: clubIdColumn("club_id").notNull(),
    authorId: memberIdColumn("author_id", "set null"),
    bodySource: text("body_source").notNull(),
    // Only the sanitiser's output (club-markdown.server.ts) may be written here: the page renders it as HTML.
    bodyHtml: text("body_html").$type<SanitisedHtml>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("club_notes_club_newest_idx").on(table.clubId, table.id.desc())],
);
