import type { SanitisedHtml } from "../../../ui/sanitised-html.tsx";
import { count, desc, eq } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../../platform/http/errors.ts";
import type { MemberDirectory } from "../../accounts/member-directory.service.server.ts";
import type { ClubAccess } from "../club-access.service.server.ts";
import { renderClubText } from "../forum/club-markdown.server.ts";
import { NOTE_BODY_MAX, NOTES_PAGE_SIZE } from "../forum/club-forum.constants.ts";
import { clubForumRefusal, type ForumRefusal } from "../forum/club-forum.policy.ts";
import type { ForumActor } from "../forum/club-forum.service.server.ts";
import { clubNotes } from "./club-notes.tables.server.ts";

export type NoteFailure = ForumRefusal | "not_found" | "body_length";

export interface ClubNote {
  readonly id: number;
  readonly author: string | null;
  readonly html: SanitisedHtml;
  readonly createdAt: Date;
}

export interface NotePage {
  readonly notes: readonly ClubNote[];
  readonly page: number;
  readonly totalPages: number;
  readonly total: number;
}

/** A club's notes: the owner and admins (and site staff) post and delete them; everyone who sees the club reads them. */
export function createClubNotesService(deps: { readonly db: Database; readonly directory: MemberDirectory; readonly clubAccess: ClubAccess }) {
  const { db, clubAccess } = deps;

  async function withAuthors(rows: readonly { id: number; authorId: number | null; html: SanitisedHtml; createdAt: Date }[]): Promise<ClubNote[]> {
    const members = await deps.directory.membersByIds(rows.flatMap((row) => (row.authorId === null ? [] : [row.authorId])));
    return rows.map((row) => ({ id: row.id, author: row.authorId === null ? null : (members.get(row.authorId)?.username ?? null), html: row.html, createdAt: row.createdAt }));
  }

  const noteColumns = { id: clubNotes.id, authorId: clubNotes.authorId, html: clubNotes.bodyHtml, createdAt: clubNotes.createdAt };

  return {
    async list(clubId: number, page: number): Promise<NotePage> {
      const [totalRow] = await db.select({ n: count() }).from(clubNotes).where(eq(clubNotes.clubId, clubId));
      const total = totalRow?.n ?? 0;
      const totalPages = Math.max(1, Math.ceil(total / NOTES_PAGE_SIZE));
      const current = Math.min(Math.max(1, page), totalPages);
      const rows = await db.select(noteColumns).from(clubNotes).where(eq(clubNotes.clubId, clubId)).orderBy(desc(clubNotes.id)).limit(NOTES_PAGE_SIZE).offset((current - 1) * NOTES_PAGE_SIZE);
      return { notes: await withAuthors(rows), page: current, totalPages, total };
    },

    /** The newest note (the club page shows it), or null. */
    async latest(clubId: number): Promise<ClubNote | null> {
      const rows = await db.select(noteColumns).from(clubNotes).where(eq(clubNotes.clubId, clubId)).orderBy(desc(clubNotes.id)).limit(1);
      return (await withAuthors(rows))[0] ?? null;
    },

    async post(actor: ForumActor, clubId: number, body: string): Promise<Result<{ noteId: number }, NoteFailure>> {
      const refusal = clubForumRefusal(actor, { kind: "post_note" }, await clubAccess.standingOf(clubId, actor.id));
      if (refusal) return fail(refusal);
      if (body.trim().length === 0 || body.length > NOTE_BODY_MAX) return fail("body_length");
      const [row] = await db.insert(clubNotes).values({ clubId, authorId: actor.id, bodySource: body, bodyHtml: renderClubText(body).html }).returning({ id: clubNotes.id });
      if (!row) throw new Error("the note was not created");
      return ok({ noteId: row.id });
    },

    async delete(actor: ForumActor, noteId: number): Promise<Result<{ clubId: number }, NoteFailure>> {
      const [note] = await db.select({ clubId: clubNotes.clubId }).from(clubNotes).where(eq(clubNotes.id, noteId)).limit(1);
      if (!note) return fail("not_found");
      const refusal = clubForumRefusal(actor, { kind: "delete_note" }, await clubAccess.standingOf(note.clubId, actor.id));
      if (refusal) return fail(refusal);
      await db.delete(clubNotes).where(eq(clubNotes.id, noteId));
      return ok({ clubId: note.clubId });
    },
  };
}

export type ClubNotesService = ReturnType<typeof createClubNotesService>;
