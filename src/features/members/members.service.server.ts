import { and, count, countDistinct, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { memoizeFor } from "../../platform/cache/memoize-for.ts";
import { users } from "../accounts/accounts.tables.server.ts";
import { memberSummaryColumns, presentMemberSummary } from "../accounts/member-summary.server.ts";
import type { MemberProfile, MemberSummary, SiteCounts } from "./members.schema.ts";

/** Members the site shows in lists and counts: enabled, not guests, not closed. */
const listedMember = and(eq(users.isEnabled, true), gte(users.membershipLevel, 10));

async function countMembers(db: Database): Promise<SiteCounts> {
  const [row] = await db
    .select({
      members: count(),
      countries: countDistinct(users.countryCode),
      titledPlayers: sql<number>`count(${users.chessTitle})::int`,
    })
    .from(users)
    .where(listedMember);
  return { members: row?.members ?? 0, countries: row?.countries ?? 0, titledPlayers: row?.titledPlayers ?? 0 };
}

/** The home page's counts change slowly and cost a scan of all members: computed at most once a minute. */
const SITE_COUNTS_TTL_MS = 60_000;
/** The home page's lists are the same for every visitor: refreshed every 15 seconds. */
const HOME_LISTS_TTL_MS = 15_000;

/** Read-side queries about members for pages and cards. */
export function createMembersService(db: Database) {
  const siteCounts = memoizeFor(SITE_COUNTS_TTL_MS, () => countMembers(db));
  const homeListsByLimits = new Map<string, () => Promise<{ newest: MemberSummary[]; titled: MemberSummary[] }>>();
  const service = {
    siteCounts,

    /** The home page's newest and titled members, shared by every visitor for a few seconds. */
    homeLists(newestLimit: number, titledLimit: number): Promise<{ newest: MemberSummary[]; titled: MemberSummary[] }> {
      const key = `${newestLimit}:${titledLimit}`;
      let lists = homeListsByLimits.get(key);
      if (!lists) {
        lists = memoizeFor(HOME_LISTS_TTL_MS, async () => {
          const [newest, titled] = await Promise.all([service.newestMembers(newestLimit), service.titledPlayers(titledLimit)]);
          return { newest, titled };
        });
        homeListsByLimits.set(key, lists);
      }
      return lists();
    },


    async newestMembers(limit: number): Promise<MemberSummary[]> {
      const rows = await db.select(memberSummaryColumns).from(users).where(listedMember).orderBy(desc(users.createdAt), desc(users.id)).limit(limit);
      return rows.map(presentMemberSummary);
    },

    async titledPlayers(limit: number): Promise<MemberSummary[]> {
      const rows = await db
        .select(memberSummaryColumns)
        .from(users)
        .where(and(listedMember, isNotNull(users.chessTitle)))
        .orderBy(users.usernameKey)
        .limit(limit);
      return rows.map(presentMemberSummary);
    },

    async profile(username: string): Promise<MemberProfile | null> {
      const [row] = await db.select().from(users).where(eq(users.usernameKey, username.toLowerCase())).limit(1);
      if (!row) return null;
      return {
        ...presentMemberSummary(row),
        firstName: row.firstName,
        lastName: row.lastName,
        statusText: row.statusText,
        isEnabled: row.isEnabled,
        lastOnlineAt: row.lastLoginAt?.toISOString() ?? null,
      };
    },
  };
  return service;
}

export type MembersService = ReturnType<typeof createMembersService>;
