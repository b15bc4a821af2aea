import { randomBytes, timingSafeEqual } from "node:crypto";
import { publishDomainEvent, type DomainEventNotifier } from "../../platform/domain-events/domain-events.server.ts";
import { memberJoinedClubDomainEvent, memberLeftClubDomainEvent } from "./clubs.domain-events.server.ts";
import { and, asc, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { fail, type Result } from "../../platform/http/errors.ts";
import type { NotificationLimitRefusal, NotificationRecorder } from "../../platform/notifications/notification-recorder.ts";
import type { FileStorage } from "../../platform/storage/file-storage.ts";
import type { OutboxNotifier } from "../../platform/realtime/outbox.server.ts";
import type { MemberDirectory, PublicMember } from "../accounts/member-directory.service.server.ts";
import type { ClubRoleName } from "../accounts/roles.server.ts";
import type { ContactGuard } from "../social/contact-guard.server.ts";
import { toClubRef, type ClubAccess, type ClubRef } from "./club-access.service.server.ts";
import { deleteStoredImages, type ClubImageFailure, type StoredClubImages } from "./club-images.server.ts";
import { clubActionRefusal, type ClubAction, type ClubRefusal, type ClubStanding, type ClubViewer } from "./club-role.policy.ts";
import type { ClubJoinPolicy } from "./clubs.constants.ts";
import { clubInvitations, clubJoinRequests, clubMembers, clubRoles, clubs } from "./clubs.tables.server.ts";

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

export const detailColumns = {
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

export type DetailRow = { id: number; url: string; name: string; joinPolicy: string; avatarUrl: string | null; description: string; countryCode: string; backgroundUrl: string | null; memberCount: number; createdAt: Date; lastActivityAt: Date };
export const toDetails = (row: DetailRow): ClubDetails => ({ ...row, ...toClubRef(row) });

export function secretEquals(stored: string | null, given: string): boolean {
  if (!stored) return false;
  const expected = Buffer.from(stored);
  const offered = Buffer.from(given);
  return expected.length === offered.length && timingSafeEqual(expected, offered);
}

export const newSecret = (): string => randomBytes(16).toString("base64url");

export const escapeLike = (text: string): string => text.toLowerCase().replace(/[%_\\]/g, "\\$&");

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
 * What the club aggregates' services share (clubs, membership, invitations
 * and requests, staff): the transaction that hands membership events on, the
 * club lock, the actor's standing and the policy's answer, membership writes
 * that keep the member count, and the member lists' reads. The clubs tables'
 * only writers are these services.
 */
export function createClubCore(db: Database, deps: ClubsDeps) {
  const { access, directory, storage, domainEvents } = deps;

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

  return { db, deps, transaction, imagePrefix, discard, standingIn, lockClub, addMember, dropMember, guarded, targetOf, pendingOf, withMembers, newestFirstSlice, listWhere, clubsOfMember };
}

export type ClubCore = ReturnType<typeof createClubCore>;
