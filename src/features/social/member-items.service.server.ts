import { and, desc, eq, count, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import type { MemberDirectory } from "../accounts/member-directory.service.server.ts";
import { fail, ok, type Result } from "../../platform/http/errors.ts";
import type { ContactGuard, ContactRefusal } from "./contact-guard.server.ts";
import { memberItems, memberNotes } from "./social.tables.server.ts";

export interface MemberNote {
  readonly username: string;
  readonly note: string;
  readonly updatedAt: string;
}

/** A member's private notes about other members and their small stored items. */
export function createMemberItemsService(db: Database, directory: Pick<MemberDirectory, "membersByIds">, contacts: ContactGuard) {
  // Prepared once: a signed-in member's every card view reads it.
  const noteOf = db
    .select({ body: memberNotes.body })
    .from(memberNotes)
    .where(and(eq(memberNotes.authorId, sql.placeholder("authorId")), eq(memberNotes.subjectId, sql.placeholder("subjectId"))))
    .prepare("member_note_about");
  return {
    /** Saves (or, when empty, deletes) the author's note about a member; a block either way refuses a new note (deleting one stays possible). */
    async setNote(authorId: number, subjectId: number, body: string): Promise<Result<null, ContactRefusal>> {
      const text = body.trim();
      if (!text) {
        await db.delete(memberNotes).where(and(eq(memberNotes.authorId, authorId), eq(memberNotes.subjectId, subjectId)));
        return ok(null);
      }
      const refusal = await contacts.refusal(authorId, subjectId);
      if (refusal) return fail(refusal);
      await db
        .insert(memberNotes)
        .values({ authorId, subjectId, body: text })
        .onConflictDoUpdate({ target: [memberNotes.authorId, memberNotes.subjectId], set: { body: text, updatedAt: new Date() } });
      return ok(null);
    },

    async noteAbout(authorId: number, subjectId: number): Promise<string | null> {
      const [row] = await noteOf.execute({ authorId, subjectId });
      return row?.body ?? null;
    },

    async notes(authorId: number, page: number, perPage: number): Promise<{ notes: MemberNote[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select({ subjectId: memberNotes.subjectId, note: memberNotes.body, updatedAt: memberNotes.updatedAt })
          .from(memberNotes)
          .where(eq(memberNotes.authorId, authorId))
          .orderBy(desc(memberNotes.updatedAt))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(memberNotes).where(eq(memberNotes.authorId, authorId)),
      ]);
      const subjects = await directory.membersByIds(rows.map((row) => row.subjectId));
      const notes = rows.flatMap((row) => {
        const subject = subjects.get(row.subjectId);
        return subject ? [{ username: subject.username, note: row.note, updatedAt: row.updatedAt.toISOString() }] : [];
      });
      return { notes, total: total?.n ?? 0 };
    },

    async getItem(userId: number, key: string): Promise<string | null> {
      const [row] = await db.select({ value: memberItems.value }).from(memberItems).where(and(eq(memberItems.userId, userId), eq(memberItems.key, key)));
      return row?.value ?? null;
    },

    async setItem(userId: number, key: string, value: string): Promise<void> {
      await db.insert(memberItems).values({ userId, key, value }).onConflictDoUpdate({ target: [memberItems.userId, memberItems.key], set: { value, updatedAt: new Date() } });
    },

  };
}

export type MemberItemsService = ReturnType<typeof createMemberItemsService>;
