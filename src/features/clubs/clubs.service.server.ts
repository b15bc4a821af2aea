import { randomBytes, timingSafeEqual } from "node:crypto";
import { publishDomainEvent, type DomainEventNotifier } from "../../platform/domain-events/domain-events.server.ts";
import { memberJoinedClubDomainEvent, memberLeftClubDomainEvent } from "./clubs.domain-events.server.ts";
import { and, asc, count, desc, eq, gte, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../platform/http/errors.ts";
import type { NotificationLimitRefusal, NotificationRecorder } from "../../platform/notifications/notification-recorder.ts";
import type { FileStorage } from "../../platform/storage/file-storage.ts";
import type { OutboxNotifier } from "../../platform/realtime/outbox.server.ts";
import { isClosedLevel } from "../accounts/levels.ts";
import type { MemberDirectory, PublicMember } from "../accounts/member-directory.service.server.ts";
import type { ClubRoleName } from "../accounts/roles.server.ts";
import type { ContactGuard } from "../social/contact-guard.server.ts";
import { toClubRef, type ClubAccess, type ClubRef } from "./club-access.service.server.ts";
import { deleteStoredImages, storeClubImages, type ClubImageFailure, type ClubUploads, type StoredClubImages } from "./club-images.server.ts";
import { clubActionRefusal, clubCreationRefusal, clubJoinState, isOwner, memberRemovalRefusal, type ClubAction, type ClubJoinState, type ClubRefusal, type ClubStanding, type ClubViewer } from "./club-role.policy.ts";
import { CLUB_MEMBERS_PAGE_SIZE, CLUBS_PAGE_SIZE, type ClubJoinPolicy } from "./clubs.constants.ts";
import { clubInvitations, clubJoinRequests, clubMembers, clubRoles, clubs } from "./clubs.tables.server.ts";
import { clubInvitationNotification, clubRequestAnsweredNotification } from "./notifications/club-notifications.schema.ts";

/** Why a club command is refused: the policy's reasons and the service's own. */
export type ClubFailure =
  | ClubRefusal
  | "not_found"
  | "member_not_found"
  | "url_taken"
  | "invalid_secret"
  | "no_request"
  | "target_not_member"
  | "target_already_member"
  | "already_owner"
  | "blocked"
  | "cannot_remove"
  | NotificationLimitRefusal
  | ClubImageFailure;

/** Who acts: the policy's viewer plus the username notices name them by. */
export type ClubActor = NonNullable<ClubViewer> & { readonly username: string };
/** Who founds a club: an actor with their membership level (the policy's clubCreationRefusal reads it). */
export type ClubFounder = ClubActor & { readonly level: number };

/** What the owner may change after creating the club (the url slug stays: decision 0036). */
export interface ClubProfile {
  readonly name: string;
  readonly description: string;
  readonly countryCode: string;
  readonly joinPolicy: ClubJoinPolicy;
}

export interface NewClub extends ClubProfile {
  readonly url: string;
}

export interface ClubEdit extends ClubProfile {
  /** Drop the custom background (a background uploaded in the same post wins). */
  readonly removeBackground: boolean;
}

export interface ClubDetails extends ClubRef {
  readonly description: string;
  readonly countryCode: string;
  readonly backgroundUrl: string | null;
  readonly memberCount: number;
  readonly createdAt: Date;
  readonly lastActivityAt: Date;
}

export interface ClubMemberEntry {
  readonly member: PublicMember;
  readonly roles: readonly ClubRoleName[];
  readonly joinedAt: Date;
}

export interface ClubListFilter {
  readonly q?: string;
  readonly country?: string;
  readonly minMembers?: number;
  readonly joinPolicy?: ClubJoinPolicy;
  readonly page: number;
}

const detailColumns = {
  id: clubs.id,
  url: clubs.url,
  name: clubs.name,
  joinPolicy: clubs.joinPolicy,
  avatarUrl: clubs.avatarUrl,
  description: clubs.description,
  countryCode: clubs.countryCode,
  backgroundUrl: clubs.backgroundUrl,
  memberCount: clubs.memberCount,
  createdAt: clubs.createdAt,
  lastActivityAt: clubs.lastActivityAt,
};

type DetailRow = { id: number; url: string; name: string; joinPolicy: string; avatarUrl: string | null; description: string; countryCode: string; backgroundUrl: string | null; memberCount: number; createdAt: Date; lastActivityAt: Date };
const toDetails = (row: DetailRow): ClubDetails => ({ ...row, ...toClubRef(row) });

function secretEquals(stored: string | null, given: string): boolean {
  if (!stored) return false;
  const expected = Buffer.from(stored);
  const offered = Buffer.from(given);
  return expected.length === offered.length && timingSafeEqual(expected, offered);
}

const newSecret = (): string => randomBytes(16).toString("base64url");

const escapeLike = (text: string): string => text.toLowerCase().replace(/[%_\\]/g, "\\$&");

export interface ClubsDeps {
  readonly access: ClubAccess;
  readonly directory: MemberDirectory;
  readonly contacts: ContactGuard;
  readonly notifications: NotificationRecorder;
  readonly outbox: OutboxNotifier;
  /** Kicked after each transaction: membership changes publish domain events. */
  readonly domainEvents: DomainEventNotifier;
  /** Where uploaded club avatars and backgrounds live (the site's one file storage). */
  readonly storage: FileStorage;
}

/**
 * Clubs' commands and queries: the only writer of the clubs tables. Every
 * command reads the actor's standing and asks the club-role policy before it
 * changes anything; membership and the member count change in one transaction.
 */
export function createClubsService(db: Database, deps: ClubsDeps) {
  const { access, directory, contacts, notifications, outbox, storage, domainEvents } = deps;

  /** A transaction whose domain events (membership changes) are handed on once it committed. */
  async function transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    const value = await db.transaction(work);
    domainEvents.kick();
    return value;
  }

  /** The first part of a club image's storage key: the slug, which never changes (cut to fit the key's length). */
  const imagePrefix = (url: string): string => url.slice(0, 40);

  /** Undoes storeClubImages when the write it was for was refused. */
  const discard = (stored: StoredClubImages): Promise<void> => deleteStoredImages(storage, [stored.avatar, stored.background]);

  async function standingIn(tx: Database, clubId: number, memberId: number): Promise<ClubStanding> {
    const [membership] = await tx.select({ userId: clubMembers.userId }).from(clubMembers).where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, memberId))).limit(1);
    const roles = await tx.select({ role: clubRoles.role }).from(clubRoles).where(and(eq(clubRoles.clubId, clubId), eq(clubRoles.userId, memberId)));
    return { member: membership !== undefined, roles: roles.map((row) => row.role).filter((role): role is ClubRoleName => role === "owner" || role === "admin" || role === "chat_moderator") };
  }

  /** Locks the club row (so membership changes of one club queue up) and returns it. */
  async function lockClub(tx: Database, clubId: number): Promise<DetailRow | undefined> {
    const [row] = await tx.select(detailColumns).from(clubs).where(eq(clubs.id, clubId)).for("update").limit(1);
    return row;
  }

  async function addMember(tx: Database, clubId: number, memberId: number): Promise<boolean> {
    const inserted = await tx.insert(clubMembers).values({ clubId, userId: memberId }).onConflictDoNothing().returning({ userId: clubMembers.userId });
    await tx.delete(clubJoinRequests).where(and(eq(clubJoinRequests.clubId, clubId), eq(clubJoinRequests.userId, memberId)));
    await tx.delete(clubInvitations).where(and(eq(clubInvitations.clubId, clubId), eq(clubInvitations.userId, memberId)));
    if (inserted.length === 0) return false;
    await publishDomainEvent(tx, memberJoinedClubDomainEvent, { clubId, memberId });
    await tx.update(clubs).set({ memberCount: sql`${clubs.memberCount} + 1`, lastActivityAt: new Date() }).where(eq(clubs.id, clubId));
    return true;
  }

  async function dropMember(tx: Database, clubId: number, memberId: number): Promise<boolean> {
    const removed = await tx.delete(clubMembers).where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, memberId))).returning({ userId: clubMembers.userId });
    await tx.delete(clubRoles).where(and(eq(clubRoles.clubId, clubId), eq(clubRoles.userId, memberId)));
    if (removed.length === 0) return false;
    await publishDomainEvent(tx, memberLeftClubDomainEvent, { clubId, memberId });
    await tx.update(clubs).set({ memberCount: sql`greatest(${clubs.memberCount} - 1, 0)` }).where(eq(clubs.id, clubId));
    return true;
  }

  /** Runs `body` in a transaction with the club locked and the actor's standing read, after the policy allowed `action`. */
  async function guarded<T>(actor: ClubActor, clubId: number, action: ClubAction, body: (tx: Database, club: DetailRow, standing: ClubStanding) => Promise<Result<T, ClubFailure>>): Promise<Result<T, ClubFailure>> {
    return transaction(async (tx) => {
      const club = await lockClub(tx, clubId);
      if (!club) return fail("not_found");
      const standing = await standingIn(tx, clubId, actor.id);
      const refusal = clubActionRefusal(actor, action, standing, toClubRef(club));
      if (refusal) return fail(refusal);
      return body(tx, club, standing);
    });
  }

  async function targetOf(username: string): Promise<PublicMember | null> {
    return directory.memberByUsername(username);
  }

  async function pendingOf(clubId: number, memberId: number): Promise<{ requestSent: boolean; invited: boolean }> {
    const [request] = await db.select({ userId: clubJoinRequests.userId }).from(clubJoinRequests).where(and(eq(clubJoinRequests.clubId, clubId), eq(clubJoinRequests.userId, memberId))).limit(1);
    const [invitation] = await db.select({ userId: clubInvitations.userId }).from(clubInvitations).where(and(eq(clubInvitations.clubId, clubId), eq(clubInvitations.userId, memberId))).limit(1);
    return { requestSent: request !== undefined, invited: invitation !== undefined };
  }

  async function withMembers(rows: readonly { userId: number; joinedAt: Date }[], clubId: number): Promise<ClubMemberEntry[]> {
    const members = await directory.membersByIds(rows.map((row) => row.userId));
    const standings = await access.standingsOf(clubId, rows.map((row) => row.userId));
    return rows.flatMap((row) => {
      const member = members.get(row.userId);
      return member ? [{ member, roles: standings.get(row.userId)?.roles ?? [], joinedAt: row.joinedAt }] : [];
    });
  }

  /**
   * Members `offset` to `offset + limit` of a club, newest first. OFFSET
   * reads every row it skips, so a slice past the middle is read from the
   * oldest end (ascending, then turned round): the last page of a
   * 100,000-member club costs what the first does, and no page reads more
   * than half the club's rows. `total` is the club's member_count, kept in the
   * same transaction as club_members, so both ends agree on where a row is.
   */
  async function newestFirstSlice(clubId: number, offset: number, limit: number, total: number): Promise<{ userId: number; joinedAt: Date }[]> {
    const ofClub = () => db.select({ userId: clubMembers.userId, joinedAt: clubMembers.joinedAt }).from(clubMembers).where(eq(clubMembers.clubId, clubId));
    if (offset * 2 <= total || offset >= total) {
      return ofClub().orderBy(desc(clubMembers.joinedAt), desc(clubMembers.userId)).limit(limit).offset(offset);
    }
    const fromOldest = Math.max(0, total - offset - limit);
    const rows = await ofClub()
      .orderBy(asc(clubMembers.joinedAt), asc(clubMembers.userId))
      .limit(total - offset - fromOldest)
      .offset(fromOldest);
    return rows.reverse();
  }

  function listWhere(filter: Omit<ClubListFilter, "page">): SQL | undefined {
    const conditions: SQL[] = [];
    if (filter.q) conditions.push(sql`lower(${clubs.name}) like ${`%${escapeLike(filter.q)}%`}`);
    if (filter.country) conditions.push(eq(clubs.countryCode, filter.country.toUpperCase()));
    if (filter.minMembers) conditions.push(gte(clubs.memberCount, filter.minMembers));
    if (filter.joinPolicy) conditions.push(eq(clubs.joinPolicy, filter.joinPolicy));
    return conditions.length > 0 ? and(...conditions) : undefined;
  }

  // Prepared once: every card and profile view lists the member's clubs.
  const clubsOfMember = db
    .select({ ...detailColumns, joinedAt: clubMembers.joinedAt })
    .from(clubMembers)
    .innerJoin(clubs, eq(clubs.id, clubMembers.clubId))
    .where(eq(clubMembers.userId, sql.placeholder("memberId")))
    .orderBy(desc(clubs.memberCount), asc(clubs.id))
    .limit(sql.placeholder("limit"))
    .prepare("clubs_of_member");

  return {
    async details(urlOrId: string): Promise<ClubDetails | null> {
      const ref = await access.findClub(urlOrId);
      if (!ref) return null;
      const [row] = await db.select(detailColumns).from(clubs).where(eq(clubs.id, ref.id)).limit(1);
      return row ? toDetails(row) : null;
    },

    /** What the club page shows the viewer: their standing and the state of the join button. */
    async viewerState(club: ClubRef, viewer: ClubViewer): Promise<{ standing: ClubStanding; joinState: ClubJoinState }> {
      const standing = await access.standingOf(club.id, viewer?.id ?? null);
      const pending = viewer ? await pendingOf(club.id, viewer.id) : { requestSent: false, invited: false };
      return { standing, joinState: clubJoinState(viewer, standing, club, pending) };
    },

    /** A new club owned by `actor`; its uploaded images are checked, resized and stored before anything is written. */
    async create(actor: ClubFounder, input: NewClub, uploads: ClubUploads = {}): Promise<Result<ClubRef, ClubFailure>> {
      const refusal = clubCreationRefusal(actor.level);
      if (refusal) return fail(refusal);
      const images = await storeClubImages(storage, imagePrefix(input.url), uploads);
      if (!images.ok) return images;
      const result = await transaction(async (tx): Promise<Result<ClubRef, ClubFailure>> => {
        const [taken] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.url, input.url)).limit(1);
        if (taken) return fail("url_taken");
        const [row] = await tx
          .insert(clubs)
          .values({ ...input, avatarUrl: images.value.avatar ?? null, backgroundUrl: images.value.background ?? null, memberCount: 1, invitationSecret: input.joinPolicy === "invite" ? newSecret() : null })
          .onConflictDoNothing()
          .returning(detailColumns);
        if (!row) return fail("url_taken");
        await tx.insert(clubMembers).values({ clubId: row.id, userId: actor.id });
        await publishDomainEvent(tx, memberJoinedClubDomainEvent, { clubId: row.id, memberId: actor.id });
        await tx.insert(clubRoles).values({ clubId: row.id, userId: actor.id, role: "owner" });
        return ok(toClubRef(row));
      });
      if (!result.ok) await discard(images.value);
      return result;
    },

    /**
     * The edit form: name, description, country, how members join, and new
     * images. Refused before any image is decoded when the policy says no; a
     * replaced or removed image's file is deleted once the change is committed.
     */
    async edit(actor: ClubActor, clubId: number, input: ClubEdit, uploads: ClubUploads = {}): Promise<Result<ClubRef, ClubFailure>> {
      const club = await access.findClub(String(clubId));
      if (!club) return fail("not_found");
      const refusal = clubActionRefusal(actor, "edit", await access.standingOf(clubId, actor.id), club);
      if (refusal) return fail(refusal);
      const images = await storeClubImages(storage, imagePrefix(club.url), uploads);
      if (!images.ok) return images;
      const result = await guarded(actor, clubId, "edit", async (tx, before) => {
        const backgroundUrl = images.value.background ?? (input.removeBackground ? null : before.backgroundUrl);
        const avatarUrl = images.value.avatar ?? before.avatarUrl;
        const [row] = await tx
          .update(clubs)
          .set({
            name: input.name,
            description: input.description,
            countryCode: input.countryCode,
            joinPolicy: input.joinPolicy,
            avatarUrl,
            backgroundUrl,
            // An invitation-only club needs a link to be joined at all, as a new one gets at creation.
            ...(input.joinPolicy === "invite" ? { invitationSecret: sql`coalesce(${clubs.invitationSecret}, ${newSecret()})` } : {}),
          })
          .where(eq(clubs.id, clubId))
          .returning(detailColumns);
        if (!row) return fail("not_found");
        const replaced = [before.avatarUrl !== avatarUrl ? before.avatarUrl : null, before.backgroundUrl !== backgroundUrl ? before.backgroundUrl : null];
        return ok({ club: toClubRef(row), replaced });
      });
      if (!result.ok) {
        await discard(images.value);
        return result;
      }
      await deleteStoredImages(storage, result.value.replaced);
      return ok(result.value.club);
    },

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

    async leave(actor: ClubActor, clubId: number): Promise<Result<null, ClubFailure>> {
      return guarded(actor, clubId, "leave", async (tx) => {
        await dropMember(tx, clubId, actor.id);
        return ok(null);
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

    /** POST /callback/club/remove/custom_background/{club}: the club page loses its background and the storage its file. */
    async removeBackground(actor: ClubActor, clubId: number): Promise<Result<null, ClubFailure>> {
      const result = await guarded(actor, clubId, "remove_background", async (tx, club) => {
        await tx.update(clubs).set({ backgroundUrl: null }).where(eq(clubs.id, clubId));
        return ok(club.backgroundUrl);
      });
      if (!result.ok) return result;
      await deleteStoredImages(storage, [result.value]);
      return ok(null);
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

    /** The owner and admins, owner first. */
    async staffOf(clubId: number): Promise<{ member: PublicMember; role: ClubRoleName }[]> {
      const rows = await db.select({ userId: clubRoles.userId, role: clubRoles.role }).from(clubRoles).where(and(eq(clubRoles.clubId, clubId), inArray(clubRoles.role, ["owner", "admin"]))).orderBy(desc(sql`${clubRoles.role} = 'owner'`), asc(clubRoles.grantedAt));
      const members = await directory.membersByIds(rows.map((row) => row.userId));
      return rows.flatMap((row) => {
        const member = members.get(row.userId);
        return member && (row.role === "owner" || row.role === "admin") ? [{ member, role: row.role }] : [];
      });
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

    /** A member's clubs, largest first, with when they joined. */
    async clubsOf(memberId: number, limit = 100): Promise<(ClubDetails & { joinedAt: Date })[]> {
      const rows = await clubsOfMember.execute({ memberId, limit });
      return rows.map((row) => ({ ...toDetails(row), joinedAt: row.joinedAt }));
    },

    /** Clubs by name, country, size and join policy, largest first, a page at a time. */
    async list(filter: ClubListFilter): Promise<{ clubs: ClubDetails[]; total: number; page: number; pageSize: number }> {
      const where = listWhere(filter);
      const [totalRow] = await db.select({ total: count() }).from(clubs).where(where);
      const rows = await db
        .select(detailColumns)
        .from(clubs)
        .where(where)
        .orderBy(desc(clubs.memberCount), asc(clubs.id))
        .limit(CLUBS_PAGE_SIZE)
        .offset((filter.page - 1) * CLUBS_PAGE_SIZE);
      return { clubs: rows.map(toDetails), total: totalRow?.total ?? 0, page: filter.page, pageSize: CLUBS_PAGE_SIZE };
    },

    /** Clubs the member is not in, largest first (the /clubs page's suggestions). */
    async suggestedFor(memberId: number | null, limit: number): Promise<ClubDetails[]> {
      const mine = memberId === null ? [] : (await db.select({ clubId: clubMembers.clubId }).from(clubMembers).where(eq(clubMembers.userId, memberId)).limit(500)).map((row) => row.clubId);
      const rows = await db
        .select(detailColumns)
        .from(clubs)
        .where(mine.length > 0 ? notInArray(clubs.id, mine) : undefined)
        .orderBy(desc(clubs.memberCount), asc(clubs.id))
        .limit(limit);
      return rows.map(toDetails);
    },

    /** Clubs with the latest activity (joins, new clubs). */
    async recentlyActive(limit: number): Promise<ClubDetails[]> {
      const rows = await db.select(detailColumns).from(clubs).orderBy(desc(clubs.lastActivityAt), desc(clubs.id)).limit(limit);
      return rows.map(toDetails);
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

export type ClubsService = ReturnType<typeof createClubsService>;
