import { and, desc, eq, count } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { users } from "../accounts/accounts.tables.server.ts";
import { memberItems, memberNotes } from "./social.tables.server.ts";

export interface MemberNote {
  readonly username: string;
  readonly note: string;
  readonly updatedAt: string;
}

/** A member's private notes about other members, their small stored items and content language. */
export function createMemberItemsService(db: Database) {
  return {
    /** Saves (or, when empty, deletes) the author's note about a member. */
    async setNote(authorId: number, subjectId: number, body: string): Promise<void> {
      const text = body.trim();
      if (!text) {
        await db.delete(memberNotes).where(and(eq(memberNotes.authorId, authorId), eq(memberNotes.subjectId, subjectId)));
        return;
      }
      await db
        .insert(memberNotes)
        .values({ authorId, subjectId, body: text })
        .onConflictDoUpdate({ target: [memberNotes.authorId, memberNotes.subjectId], set: { body: text, updatedAt: new Date() } });
    },

    async noteAbout(authorId: number, subjectId: number): Promise<string | null> {
      const [row] = await db.select({ body: memberNotes.body }).from(memberNotes).where(and(eq(memberNotes.authorId, authorId), eq(memberNotes.subjectId, subjectId)));
      return row?.body ?? null;
    },

    async notes(authorId: number, page: number, perPage: number): Promise<{ notes: MemberNote[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select({ username: users.username, note: memberNotes.body, updatedAt: memberNotes.updatedAt })
          .from(memberNotes)
          .innerJoin(users, eq(users.id, memberNotes.subjectId))
          .where(eq(memberNotes.authorId, authorId))
          .orderBy(desc(memberNotes.updatedAt))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(memberNotes).where(eq(memberNotes.authorId, authorId)),
      ]);
      return { notes: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })), total: total?.n ?? 0 };
    },

    async getItem(userId: number, key: string): Promise<string | null> {
      const [row] = await db.select({ value: memberItems.value }).from(memberItems).where(and(eq(memberItems.userId, userId), eq(memberItems.key, key)));
      return row?.value ?? null;
    },

    async setItem(userId: number, key: string, value: string): Promise<void> {
      await db.insert(memberItems).values({ userId, key, value }).onConflictDoUpdate({ target: [memberItems.userId, memberItems.key], set: { value, updatedAt: new Date() } });
    },

    async setContentLanguage(userId: number, language: string): Promise<void> {
      await db.update(users).set({ contentLanguage: language }).where(eq(users.id, userId));
    },
  };
}

export type MemberItemsService = ReturnType<typeof createMemberItemsService>;
