import { and, count, countDistinct, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { users, type UserRow } from "../accounts/accounts.tables.server.ts";
import type { MemberProfile, MemberSummary, SiteCounts } from "./members.schema.ts";

const summaryColumns = {
  username: users.username,
  countryCode: users.countryCode,
  chessTitle: users.chessTitle,
  membershipLevel: users.membershipLevel,
  flairCode: users.flairCode,
  createdAt: users.createdAt,
};

type SummaryRow = Pick<UserRow, "username" | "countryCode" | "chessTitle" | "membershipLevel" | "flairCode" | "createdAt">;

function presentSummary(row: SummaryRow): MemberSummary {
  return {
    username: row.username,
    countryCode: row.countryCode,
    chessTitle: row.chessTitle,
    membershipLevel: row.membershipLevel,
    flairCode: row.flairCode,
    joinedAt: row.createdAt.toISOString(),
  };
}

/** Read-side queries about members for pages and cards. */
export function createMembersService(db: Database) {
  return {
    async siteCounts(): Promise<SiteCounts> {
      const [row] = await db
        .select({
          members: count(),
          countries: countDistinct(users.countryCode),
          titledPlayers: sql<number>`count(${users.chessTitle})::int`,
        })
        .from(users)
        .where(eq(users.isEnabled, true));
      return { members: row?.members ?? 0, countries: row?.countries ?? 0, titledPlayers: row?.titledPlayers ?? 0 };
    },

    async newestMembers(limit: number): Promise<MemberSummary[]> {
      const rows = await db.select(summaryColumns).from(users).where(eq(users.isEnabled, true)).orderBy(desc(users.createdAt), desc(users.id)).limit(limit);
      return rows.map(presentSummary);
    },

    async titledPlayers(limit: number): Promise<MemberSummary[]> {
      const rows = await db
        .select(summaryColumns)
        .from(users)
        .where(and(eq(users.isEnabled, true), isNotNull(users.chessTitle)))
        .orderBy(users.usernameKey)
        .limit(limit);
      return rows.map(presentSummary);
    },

    async profile(username: string): Promise<MemberProfile | null> {
      const [row] = await db.select().from(users).where(eq(users.usernameKey, username.toLowerCase())).limit(1);
      if (!row) return null;
      return {
        ...presentSummary(row),
        firstName: row.firstName,
        lastName: row.lastName,
        statusText: row.statusText,
        isEnabled: row.isEnabled,
        lastOnlineAt: row.lastLoginAt?.toISOString() ?? null,
      };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
