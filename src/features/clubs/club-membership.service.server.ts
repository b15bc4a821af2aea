/** Membership of a club: joining (open, or with the invitation secret), leaving, removal by the club's staff, the member count, and the member lists (the members page, the newest members, the public API's list). */
import { publishDomainEvent } from "../../platform/domain-events/domain-events.server.ts";
import { memberLeftClubDomainEvent } from "./clubs.domain-events.server.ts";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { fail, ok, type Result } from "../../platform/http/errors.ts";
import { isClosedLevel } from "../accounts/levels.ts";
import { toClubRef, type ClubRef } from "./club-access.service.server.ts";
import { clubActionRefusal, memberRemovalRefusal } from "./club-role.policy.ts";
import { CLUB_MEMBERS_PAGE_SIZE } from "./clubs.constants.ts";
import { clubInvitations, clubMembers, clubRoles, clubs } from "./clubs.tables.server.ts";
import { secretEquals, type ClubFailure, type ClubActor, type ClubMemberEntry, type ClubCore } from "./club-core.server.ts";

export function createClubMembershipService(core: ClubCore) {
  const { db, deps: { access, directory }, transaction, standingIn, lockClub, addMember, dropMember, guarded, targetOf, withMembers, newestFirstSlice } = core;
  return {
    /** Joins an open club, or any club the member was invited into. */
    async join(actor: ClubActor, clubId: number): Promise<Result<ClubRef, ClubFailure>> {
      return transaction(async (tx) => {
        const club = await lockClub(tx, clubId);
        if (!club) return fail("not_found");
        const standing = await standingIn(tx, clubId, actor.id);
        const [invitation] = await tx.select({ userId: clubInvitations.userId }).from(clubInvitations).where(and(eq(clubInvitations.clubId, clubId), eq(clubInvitations.userId, actor.id))).limit(1);
        if (!(invitation && !standing.member)) {
          const refusal = clubActionRefusal(actor, "join", standing, toClubRef(club));
          if (refusal) return fail(refusal);
        }
        await addMember(tx, clubId, actor.id);
        return ok(toClubRef(club));
      });
    },

    /** Joins through the invitation link: the secret must be the club's current one. */
    async joinWithSecret(actor: ClubActor, clubId: number, secret: string): Promise<Result<ClubRef, ClubFailure>> {
      return transaction(async (tx) => {
        const club = await lockClub(tx, clubId);
        if (!club) return fail("not_found");
        const [row] = await tx.select({ secret: clubs.invitationSecret }).from(clubs).where(eq(clubs.id, clubId)).limit(1);
        if (!secretEquals(row?.secret ?? null, secret)) return fail("invalid_secret");
        const standing = await standingIn(tx, clubId, actor.id);
        if (standing.member) return fail("already_member");
        await addMember(tx, clubId, actor.id);
        return ok(toClubRef(club));
      });
    },

    async leave(actor: ClubActor, clubId: number): Promise<Result<null, ClubFailure>> {
      return guarded(actor, clubId, "leave", async (tx) => {
        await dropMember(tx, clubId, actor.id);
        return ok(null);
      });
    },

    async removeMember(actor: ClubActor, clubId: number, username: string): Promise<Result<null, ClubFailure>> {
      const target = await targetOf(username);
      if (!target) return fail("member_not_found");
      return guarded(actor, clubId, "remove_member", async (tx, _club, standing) => {
        const targetStanding = await standingIn(tx, clubId, target.id);
        const refusal = memberRemovalRefusal(actor, standing, targetStanding);
        if (refusal) return fail(refusal === "not_member" ? "target_not_member" : "cannot_remove");
        await dropMember(tx, clubId, target.id);
        return ok(null);
      });
    },

    /** Removes members whose accounts are closed or disabled (never the owner); answers how many went. */
    async removeClosed(actor: ClubActor, clubId: number): Promise<Result<{ removed: number }, ClubFailure>> {
      const standing = await access.standingOf(clubId, actor.id);
      const club = await access.findClub(String(clubId));
      if (!club) return fail("not_found");
      const refusal = clubActionRefusal(actor, "remove_closed", standing, club);
      if (refusal) return fail(refusal);
      const closed: number[] = [];
      let afterId = 0;
      for (;;) {
        const ids = await access.memberIds(clubId, { limit: 1000, afterId });
        if (ids.length === 0) break;
        const members = await directory.membersByIds(ids);
        for (const id of ids) {
          const member = members.get(id);
          if (!member || !member.isEnabled || isClosedLevel(member.membershipLevel)) closed.push(id);
        }
        afterId = ids[ids.length - 1] ?? afterId;
      }
      const owners = await access.roleHolders(clubId, "owner");
      const removable = closed.filter((id) => !owners.includes(id));
      if (removable.length === 0) return ok({ removed: 0 });
      return transaction(async (tx) => {
        await lockClub(tx, clubId);
        let removed = 0;
        for (let index = 0; index < removable.length; index += 1000) {
          const batch = removable.slice(index, index + 1000);
          const rows = await tx.delete(clubMembers).where(and(eq(clubMembers.clubId, clubId), inArray(clubMembers.userId, batch))).returning({ userId: clubMembers.userId });
          for (const row of rows) await publishDomainEvent(tx, memberLeftClubDomainEvent, { clubId, memberId: row.userId });
          await tx.delete(clubRoles).where(and(eq(clubRoles.clubId, clubId), inArray(clubRoles.userId, batch)));
          removed += rows.length;
        }
        await tx.update(clubs).set({ memberCount: sql`greatest(${clubs.memberCount} - ${removed}, 0)` }).where(eq(clubs.id, clubId));
        return ok({ removed });
      });
    },

    /** Recounts the members (POST /callback/club/member/sync/{id}). */
    async syncMemberCount(actor: ClubActor, clubId: number): Promise<Result<{ memberCount: number }, ClubFailure>> {
      return guarded(actor, clubId, "sync_member_count", async (tx) => {
        const [row] = await tx.select({ total: count() }).from(clubMembers).where(eq(clubMembers.clubId, clubId));
        const memberCount = row?.total ?? 0;
        await tx.update(clubs).set({ memberCount }).where(eq(clubs.id, clubId));
        return ok({ memberCount });
      });
    },

    /** A page of members, newest first, or those whose username starts with `search`. */
    async members(clubId: number, options: { readonly page: number; readonly search?: string }): Promise<{ entries: ClubMemberEntry[]; total: number; page: number; pageSize: number }> {
      const pageSize = CLUB_MEMBERS_PAGE_SIZE;
      if (options.search) {
        const found = await directory.searchByUsernamePrefix({ prefix: options.search, limit: 500 });
        const ids = found.map((member) => member.id);
        const rows = ids.length === 0 ? [] : await db.select({ userId: clubMembers.userId, joinedAt: clubMembers.joinedAt }).from(clubMembers).where(and(eq(clubMembers.clubId, clubId), inArray(clubMembers.userId, ids)));
        const byName = new Map(found.map((member, index) => [member.id, index]));
        rows.sort((a, b) => (byName.get(a.userId) ?? 0) - (byName.get(b.userId) ?? 0));
        const pageRows = rows.slice((options.page - 1) * pageSize, options.page * pageSize);
        return { entries: await withMembers(pageRows, clubId), total: rows.length, page: options.page, pageSize };
      }
      const [club] = await db.select({ memberCount: clubs.memberCount }).from(clubs).where(eq(clubs.id, clubId)).limit(1);
      const total = club?.memberCount ?? 0;
      const rows = await newestFirstSlice(clubId, (options.page - 1) * pageSize, pageSize, total);
      return { entries: await withMembers(rows, clubId), total, page: options.page, pageSize };
    },

    /** The newest members (the club page's "recent members"). */
    async recentMembers(clubId: number, limit: number): Promise<ClubMemberEntry[]> {
      const rows = await db.select({ userId: clubMembers.userId, joinedAt: clubMembers.joinedAt }).from(clubMembers).where(eq(clubMembers.clubId, clubId)).orderBy(desc(clubMembers.joinedAt), desc(clubMembers.userId)).limit(limit);
      return withMembers(rows, clubId);
    },

    /** The public API's member list: usernames with when they joined, split by how recently (weekly, monthly, all_time). */
    async publicMembers(clubId: number): Promise<{ weekly: { username: string; joined: number }[]; monthly: { username: string; joined: number }[]; all_time: { username: string; joined: number }[] }> {
      const rows = await db.select({ userId: clubMembers.userId, joinedAt: clubMembers.joinedAt }).from(clubMembers).where(eq(clubMembers.clubId, clubId)).orderBy(desc(clubMembers.joinedAt)).limit(10000);
      const members = await directory.membersByIds(rows.map((row) => row.userId));
      const now = Date.now();
      const week = now - 7 * 86_400_000;
      const month = now - 30 * 86_400_000;
      const result = { weekly: [] as { username: string; joined: number }[], monthly: [] as { username: string; joined: number }[], all_time: [] as { username: string; joined: number }[] };
      for (const row of rows) {
        const member = members.get(row.userId);
        if (!member) continue;
        const entry = { username: member.username.toLowerCase(), joined: Math.floor(row.joinedAt.getTime() / 1000) };
        const at = row.joinedAt.getTime();
        if (at >= week) result.weekly.push(entry);
        else if (at >= month) result.monthly.push(entry);
        else result.all_time.push(entry);
      }
      return result;
    },
  };
}

export type ClubMembershipService = ReturnType<typeof createClubMembershipService>;
