/** Who runs a club: handing the club to another owner, granting and taking back the admin and chat moderator roles, and the list of its staff. */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { fail, ok, type Result } from "../../platform/http/errors.ts";
import type { PublicMember } from "../accounts/member-directory.service.server.ts";
import type { ClubRoleName } from "../accounts/roles.server.ts";
import { isOwner } from "./club-role.policy.ts";
import { clubRoles } from "./clubs.tables.server.ts";
import { type ClubFailure, type ClubActor, type ClubCore } from "./club-core.server.ts";

export function createClubStaffService(core: ClubCore) {
  const { db, deps: { directory }, standingIn, guarded, targetOf } = core;
  return {
    /** Hands the club to another member; the old owner stays a member (and becomes an admin). */
    async changeOwner(actor: ClubActor, clubId: number, username: string): Promise<Result<{ owner: string }, ClubFailure>> {
      const target = await targetOf(username);
      if (!target) return fail("member_not_found");
      return guarded(actor, clubId, "change_owner", async (tx) => {
        const targetStanding = await standingIn(tx, clubId, target.id);
        if (!targetStanding.member) return fail("target_not_member");
        if (isOwner(targetStanding)) return fail("already_owner");
        const [previous] = await tx.delete(clubRoles).where(and(eq(clubRoles.clubId, clubId), eq(clubRoles.role, "owner"))).returning({ userId: clubRoles.userId });
        await tx.insert(clubRoles).values({ clubId, userId: target.id, role: "owner" });
        await tx.delete(clubRoles).where(and(eq(clubRoles.clubId, clubId), eq(clubRoles.userId, target.id), eq(clubRoles.role, "admin")));
        if (previous) await tx.insert(clubRoles).values({ clubId, userId: previous.userId, role: "admin" }).onConflictDoNothing();
        return ok({ owner: target.username });
      });
    },

    /** Grants or takes away the admin or chat moderator role of a member. */
    async setRole(actor: ClubActor, clubId: number, username: string, role: "admin" | "chat_moderator", granted: boolean): Promise<Result<{ roles: readonly ClubRoleName[] }, ClubFailure>> {
      const target = await targetOf(username);
      if (!target) return fail("member_not_found");
      return guarded(actor, clubId, role === "admin" ? "manage_admins" : "manage_chat_moderators", async (tx) => {
        const targetStanding = await standingIn(tx, clubId, target.id);
        if (!targetStanding.member) return fail("target_not_member");
        if (granted) await tx.insert(clubRoles).values({ clubId, userId: target.id, role }).onConflictDoNothing();
        else await tx.delete(clubRoles).where(and(eq(clubRoles.clubId, clubId), eq(clubRoles.userId, target.id), eq(clubRoles.role, role)));
        return ok({ roles: (await standingIn(tx, clubId, target.id)).roles });
      });
    },

    /** The owner and admins, owner first. */
    async staffOf(clubId: number): Promise<{ member: PublicMember; role: ClubRoleName }[]> {
      const rows = await db.select({ userId: clubRoles.userId, role: clubRoles.role }).from(clubRoles).where(and(eq(clubRoles.clubId, clubId), inArray(clubRoles.role, ["owner", "admin"]))).orderBy(desc(sql`${clubRoles.role} = 'owner'`), asc(clubRoles.grantedAt));
      const members = await directory.membersByIds(rows.map((row) => row.userId));
      return rows.flatMap((row) => {
        const member = members.get(row.userId);
        return member && (row.role === "owner" || row.role === "admin") ? [{ member, role: row.role }] : [];
      });
    },
  };
}

export type ClubStaffService = ReturnType<typeof createClubStaffService>;
