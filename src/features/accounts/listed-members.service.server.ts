import { and, count, countDistinct, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { users } from "./accounts.tables.server.ts";
import { memberSummaryColumns, presentMemberSummary } from "./member-summary.server.ts";
import type { MemberSummary } from "./member-summary.schema.ts";

/** Members the site shows in lists and counts: enabled, not guests, not closed. */
const listedMember = and(eq(users.isEnabled, true), gte(users.membershipLevel, 10));

export interface ListedMemberCounts {
  readonly members: number;
  readonly countries: number;
  readonly titledPlayers: number;
}

/** The site's member lists and counts (the home page's), for the members feature: it never reads the users table itself. */
export function createListedMembers(db: Database) {
  return {
    async counts(): Promise<ListedMemberCounts> {
      const [row] = await db
        .select({ members: count(), countries: countDistinct(users.countryCode), titledPlayers: sql<number>`count(${users.chessTitle})::int` })
        .from(users)
        .where(listedMember);
      return { members: row?.members ?? 0, countries: row?.countries ?? 0, titledPlayers: row?.titledPlayers ?? 0 };
    },

    async newest(limit: number): Promise<MemberSummary[]> {
      const rows = await db.select(memberSummaryColumns).from(users).where(listedMember).orderBy(desc(users.createdAt), desc(users.id)).limit(limit);
      return rows.map(presentMemberSummary);
    },

    /** Titled players in username order (users_titled_username_key_idx). */
    async titled(limit: number): Promise<MemberSummary[]> {
      const rows = await db.select(memberSummaryColumns).from(users).where(and(listedMember, isNotNull(users.chessTitle))).orderBy(users.usernameKey).limit(limit);
      return rows.map(presentMemberSummary);
    },

    /** Ids of members worth following when nobody follows anybody yet: titled players (by username), then the newest members. */
    async worthFollowingIds(limit: number): Promise<number[]> {
      const [titled, newest] = await Promise.all([
        db.select({ id: users.id }).from(users).where(and(listedMember, isNotNull(users.chessTitle))).orderBy(users.usernameKey).limit(limit),
        db.select({ id: users.id }).from(users).where(listedMember).orderBy(desc(users.createdAt), desc(users.id)).limit(limit),
      ]);
      return [...new Set([...titled, ...newest].map((row) => row.id))];
    },
  };
}

export type ListedMembers = ReturnType<typeof createListedMembers>;
