/** The ways into a club short of joining: requests to join and their answers, invitations to a member, and the invitation link's secret. */
import { and, asc, eq } from "drizzle-orm";
import { fail, ok, type Result } from "../../platform/http/errors.ts";
import { isClosedLevel } from "../accounts/levels.ts";
import type { PublicMember } from "../accounts/member-directory.service.server.ts";
import { toClubRef, type ClubRef } from "./club-access.service.server.ts";
import { isOwner } from "./club-role.policy.ts";
import { clubInvitations, clubJoinRequests, clubs } from "./clubs.tables.server.ts";
import { clubInvitationNotification, clubRequestAnsweredNotification } from "./notifications/club-notifications.schema.ts";
import { secretEquals, newSecret, type ClubFailure, type ClubActor, type ClubCore } from "./club-core.server.ts";

export function createClubInvitationsService(core: ClubCore) {
  const { db, deps: { access, directory, contacts, notifications, outbox }, standingIn, addMember, guarded, targetOf } = core;
  return {
    async requestToJoin(actor: ClubActor, clubId: number): Promise<Result<ClubRef, ClubFailure>> {
      return guarded(actor, clubId, "request_to_join", async (tx, club) => {
        await tx.insert(clubJoinRequests).values({ clubId, userId: actor.id }).onConflictDoNothing();
        return ok(toClubRef(club));
      });
    },

    async cancelRequest(actor: ClubActor, clubId: number): Promise<Result<null, ClubFailure>> {
      const removed = await db.delete(clubJoinRequests).where(and(eq(clubJoinRequests.clubId, clubId), eq(clubJoinRequests.userId, actor.id))).returning({ userId: clubJoinRequests.userId });
      return removed.length > 0 ? ok(null) : fail("no_request");
    },

    /** The owner or an admin approves or denies one member's request (POST /callback/club/group-request/manage/{id}/{username}). */
    async answerRequest(actor: ClubActor, clubId: number, username: string, approve: boolean): Promise<Result<{ approved: boolean }, ClubFailure>> {
      const target = await targetOf(username);
      if (!target) return fail("member_not_found");
      const result = await guarded(actor, clubId, "manage_requests", async (tx, club) => {
        const removed = await tx.delete(clubJoinRequests).where(and(eq(clubJoinRequests.clubId, clubId), eq(clubJoinRequests.userId, target.id))).returning({ userId: clubJoinRequests.userId });
        if (removed.length === 0) return fail("no_request");
        if (approve) await addMember(tx, clubId, target.id);
        await notifications.recordIn(tx, target.id, clubRequestAnsweredNotification, { clubUrl: club.url, clubName: club.name, approved: approve });
        return ok({ approved: approve });
      });
      if (result.ok) outbox.kick();
      return result;
    },

    /** Members waiting for an answer, oldest first (what the owner and admins see). */
    async pendingRequests(clubId: number, limit = 100): Promise<{ member: PublicMember; requestedAt: Date }[]> {
      const rows = await db.select({ userId: clubJoinRequests.userId, requestedAt: clubJoinRequests.requestedAt }).from(clubJoinRequests).where(eq(clubJoinRequests.clubId, clubId)).orderBy(asc(clubJoinRequests.requestedAt)).limit(limit);
      const members = await directory.membersByIds(rows.map((row) => row.userId));
      return rows.flatMap((row) => {
        const member = members.get(row.userId);
        return member ? [{ member, requestedAt: row.requestedAt }] : [];
      });
    },

    /** Invites a member (blocked either way: refused); the notice arrives live with a Join action. */
    async invite(actor: ClubActor, clubId: number, username: string): Promise<Result<{ username: string }, ClubFailure>> {
      const target = await targetOf(username);
      if (!target || !target.isEnabled || isClosedLevel(target.membershipLevel)) return fail("member_not_found");
      const result = await guarded(actor, clubId, "invite", async (tx, club) => {
        if (await contacts.refusal(actor.id, target.id, tx)) return fail("blocked");
        if ((await standingIn(tx, clubId, target.id)).member) return fail("target_already_member");
        // Invited already (the club is locked, so this holds): nothing new is sent, nothing counted.
        const [invited] = await tx.select({ userId: clubInvitations.userId }).from(clubInvitations).where(and(eq(clubInvitations.clubId, clubId), eq(clubInvitations.userId, target.id))).limit(1);
        if (invited) return ok({ username: target.username });
        // Counted before anything is written: past the inviter's limits the invitation is refused whole.
        const permit = await notifications.admitIn(tx, actor.id, target.id);
        if (!permit.ok) return permit;
        await tx.insert(clubInvitations).values({ clubId, userId: target.id, invitedById: actor.id }).onConflictDoNothing();
        await notifications.sendIn(tx, permit.value, clubInvitationNotification, { from: actor.username, clubUrl: club.url, clubName: club.name });
        return ok({ username: target.username });
      });
      if (result.ok) outbox.kick();
      return result;
    },

    /** A new invitation secret: the old link stops working at once. */
    async generateInvitationSecret(actor: ClubActor, clubId: number): Promise<Result<{ secret: string; club: ClubRef }, ClubFailure>> {
      return guarded(actor, clubId, "generate_invitation_secret", async (tx, club) => {
        const secret = newSecret();
        await tx.update(clubs).set({ invitationSecret: secret }).where(eq(clubs.id, clubId));
        return ok({ secret, club: toClubRef(club) });
      });
    },

    /** Whether `secret` is the club's current invitation secret (constant-time compare). */
    async secretMatches(clubId: number, secret: string): Promise<boolean> {
      const [row] = await db.select({ secret: clubs.invitationSecret }).from(clubs).where(eq(clubs.id, clubId)).limit(1);
      return secretEquals(row?.secret ?? null, secret);
    },

    async invitationSecret(actor: ClubActor, clubId: number): Promise<string | null> {
      const standing = await access.standingOf(clubId, actor.id);
      if (!actor.siteStaff && !isOwner(standing)) return null;
      const [row] = await db.select({ secret: clubs.invitationSecret }).from(clubs).where(eq(clubs.id, clubId)).limit(1);
      return row?.secret ?? null;
    },
  };
}

export type ClubInvitationsService = ReturnType<typeof createClubInvitationsService>;
