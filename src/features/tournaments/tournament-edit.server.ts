/**
 * The creator's edit of a tournament of any kind, until it starts (arenas and
 * Swisses alike): the checks in their order, then one conditional update, so
 * a start that slips in between the read and the write is not overwritten.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../shared/result.ts";
import { tournaments } from "./tournaments.tables.server.ts";

export type TournamentEditFailure<Field extends string> = "not_found" | "not_creator" | "started" | `invalid_${Field}`;

export async function editUpcomingTournament<Settings, Field extends string>(
  db: Database,
  edit: {
    readonly kind: "arena" | "swiss";
    readonly tournamentId: number;
    readonly memberId: number;
    readonly nowMs: number;
    readonly settings: Result<Settings, Field>;
    readonly columns: (settings: Settings) => Partial<typeof tournaments.$inferInsert>;
  },
): Promise<Result<{ readonly url: string }, TournamentEditFailure<Field>>> {
  const [row] = await db.select().from(tournaments).where(eq(tournaments.id, edit.tournamentId));
  if (!row || row.kind !== edit.kind) return fail("not_found");
  if (row.createdBy !== edit.memberId) return fail("not_creator");
  if (row.status !== "upcoming" || row.startsAt.getTime() <= edit.nowMs) return fail("started");
  if (!edit.settings.ok) return fail(`invalid_${edit.settings.error}`);
  const [updated] = await db
    .update(tournaments)
    .set(edit.columns(edit.settings.value))
    .where(and(eq(tournaments.id, edit.tournamentId), eq(tournaments.status, "upcoming")))
    .returning({ url: tournaments.url });
  return updated ? ok(updated) : fail("started");
}
