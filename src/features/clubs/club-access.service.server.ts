import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { ClubRoleName } from "../accounts/roles.server.ts";
import { clubRoleNames } from "../accounts/roles.server.ts";
import type { Database } from "../../platform/db/client.server.ts";
import { notInClub, type ClubStanding } from "./club-role.policy.ts";
import { isClubJoinPolicy, type ClubJoinPolicy } from "./clubs.constants.ts";
import { clubMembers, clubRoles, clubs } from "./clubs.tables.server.ts";

/** What other features know of a club. */
export interface ClubRef {
  readonly id: number;
  readonly url: string;
  readonly name: string;
  readonly joinPolicy: ClubJoinPolicy;
  readonly avatarUrl: string | null;
}

const clubRefColumns = { id: clubs.id, url: clubs.url, name: clubs.name, joinPolicy: clubs.joinPolicy, avatarUrl: clubs.avatarUrl };

export function toClubRef(row: { id: number; url: string; name: string; joinPolicy: string; avatarUrl: string | null }): ClubRef {
  return { id: row.id, url: row.url, name: row.name, joinPolicy: isClubJoinPolicy(row.joinPolicy) ? row.joinPolicy : "invite", avatarUrl: row.avatarUrl };
}

const isRoleName = (role: string): role is ClubRoleName => (clubRoleNames as readonly string[]).includes(role);

/** A club id as the spec's routes write it: digits only, within a serial's range. */
export function parseClubId(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * How any feature (forum, chat, events, the club pages) learns which club a
 * url names and where a member stands in it. Reads only; the clubs service
 * writes.
 */
export function createClubAccess(db: Database) {
  return {
    /** The club of this url slug (any case), or of this numeric id when the string is digits. */
    async findClub(urlOrId: string): Promise<ClubRef | null> {
      const id = parseClubId(urlOrId);
      const where = id !== null ? eq(clubs.id, id) : eq(clubs.url, urlOrId.toLowerCase());
      if (id === null && urlOrId.length > 64) return null;
      const [row] = await db.select(clubRefColumns).from(clubs).where(where).limit(1);
      return row ? toClubRef(row) : null;
    },

    async clubsByIds(ids: readonly number[]): Promise<ReadonlyMap<number, ClubRef>> {
      const distinct = [...new Set(ids)];
      if (distinct.length === 0) return new Map();
      const rows = await db.select(clubRefColumns).from(clubs).where(inArray(clubs.id, distinct));
      return new Map(rows.map((row) => [row.id, toClubRef(row)]));
    },

    /** Whether the member belongs to the club, and their roles in it (nobody: not a member, no roles). */
    async standingOf(clubId: number, memberId: number | null): Promise<ClubStanding> {
      if (memberId === null) return notInClub;
      const [membership] = await db.select({ userId: clubMembers.userId }).from(clubMembers).where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.userId, memberId))).limit(1);
      const roleRows = await db.select({ role: clubRoles.role }).from(clubRoles).where(and(eq(clubRoles.clubId, clubId), eq(clubRoles.userId, memberId)));
      return { member: membership !== undefined, roles: roleRows.map((row) => row.role).filter(isRoleName) };
    },

    /** The standings of many members in one club, in two queries. */
    async standingsOf(clubId: number, memberIds: readonly number[]): Promise<ReadonlyMap<number, ClubStanding>> {
      const ids = [...new Set(memberIds)];
      if (ids.length === 0) return new Map();
      const members = await db.select({ userId: clubMembers.userId }).from(clubMembers).where(and(eq(clubMembers.clubId, clubId), inArray(clubMembers.userId, ids)));
      const roles = await db.select({ userId: clubRoles.userId, role: clubRoles.role }).from(clubRoles).where(and(eq(clubRoles.clubId, clubId), inArray(clubRoles.userId, ids)));
      const memberSet = new Set(members.map((row) => row.userId));
      return new Map(ids.map((id) => [id, { member: memberSet.has(id), roles: roles.filter((row) => row.userId === id).map((row) => row.role).filter(isRoleName) }]));
    },

    /** Member ids of a club in id order, a page at a time (keyset: pass the last id seen). */
    async memberIds(clubId: number, page: { readonly limit: number; readonly afterId?: number }): Promise<number[]> {
      const rows = await db
        .select({ userId: clubMembers.userId })
        .from(clubMembers)
        .where(and(eq(clubMembers.clubId, clubId), gt(clubMembers.userId, page.afterId ?? 0)))
        .orderBy(asc(clubMembers.userId))
        .limit(page.limit);
      return rows.map((row) => row.userId);
    },

    /** The members holding a role in the club (the owner, admins, chat moderators). */
    async roleHolders(clubId: number, role: ClubRoleName): Promise<number[]> {
      const rows = await db.select({ userId: clubRoles.userId }).from(clubRoles).where(and(eq(clubRoles.clubId, clubId), eq(clubRoles.role, role))).orderBy(asc(clubRoles.grantedAt), asc(clubRoles.userId));
      return rows.map((row) => row.userId);
    },
  };
}

export type ClubAccess = ReturnType<typeof createClubAccess>;
