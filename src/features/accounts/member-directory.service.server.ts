import { and, eq, gt, ne, notInArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { isAnyOfIntegers } from "../../platform/db/prepared.server.ts";
import { membershipGrants, users } from "./accounts.tables.server.ts";
import { levels } from "./levels.ts";
import { shownFlairCode } from "./flair/flair-catalogue.ts";

/** The public columns of a member: what other features may know of one (never the e-mail, hashes or secrets). */
const publicMemberColumns = {
  id: users.id,
  uuid: users.uuid,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarUrl: users.avatarUrl,
  countryCode: users.countryCode,
  chessTitle: users.chessTitle,
  membershipLevel: users.membershipLevel,
  flairCode: users.flairCode,
  flairStatus: users.flairStatus,
  statusText: users.statusText,
  isEnabled: users.isEnabled,
  isStreamer: users.isStreamer,
  allowFriendRequests: users.allowFriendRequests,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

export interface PublicMember {
  readonly id: number;
  readonly uuid: string;
  readonly username: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly avatarUrl: string | null;
  readonly countryCode: string;
  readonly chessTitle: string | null;
  readonly membershipLevel: number;
  readonly flairCode: string;
  /** "active" or "hidden" (flair-catalogue.ts). */
  readonly flairStatus: string;
  readonly statusText: string | null;
  readonly isEnabled: boolean;
  readonly isStreamer: boolean;
  readonly allowFriendRequests: boolean;
  readonly createdAt: Date;
  readonly lastLoginAt: Date | null;
}

/**
 * The latest change to a member's account that the database dates: joining,
 * signing in, closure, disabling, a membership granted or lapsed. GREATEST
 * skips NULLs. In Unix seconds (the public API's Last-Modified, decision 0008).
 */
const accountChangedAt = sql`floor(extract(epoch from greatest(
  ${users.createdAt},
  ${users.lastLoginAt},
  ${users.closedAt},
  ${users.disabledAt},
  case when ${users.membershipExpiresAt} <= now() then ${users.membershipExpiresAt} end,
  (select max(${membershipGrants.createdAt}) from ${membershipGrants} where ${membershipGrants.userId} = ${users.id})
)))::float8`.mapWith(Number);

/** Who a username search finds: members who signed in within this many days (about eleven years). */
export const SEARCH_ACTIVE_DAYS = 4000;

/** username_key in the "C" collation: a prefix LIKE and its order use users_username_key_c_idx (drizzle/0008). */
const usernameKeyInC = sql`${users.usernameKey} collate "C"`;

export interface UsernamePrefixSearch {
  /** Lower-cased or not; LIKE's wildcards in it are taken literally. */
  readonly prefix: string;
  readonly limit: number;
  readonly offset?: number;
}

/**
 * How other features read members: by ids in one batched query, or by
 * username. They never join the accounts feature's tables.
 */
export function createMemberDirectory(db: Database) {
  // Prepared once: the card and the profile page read a member on every view (their SQL is built once, PostgreSQL plans it once per connection).
  const memberByKey = db.select(publicMemberColumns).from(users).where(eq(users.usernameKey, sql.placeholder("usernameKey"))).limit(1).prepare("directory_member_by_username_key");
  const memberProfileByKey = db
    .select({ ...publicMemberColumns, location: users.location, bio: users.bio })
    .from(users)
    .where(eq(users.usernameKey, sql.placeholder("usernameKey")))
    .limit(1)
    .prepare("directory_member_profile_by_username_key");
  const memberWithChangeByKey = db
    .select({ ...publicMemberColumns, accountChangedAt })
    .from(users)
    .where(eq(users.usernameKey, sql.placeholder("usernameKey")))
    .limit(1)
    .prepare("directory_member_with_change_by_username_key");
  /** A page of the members among `ids`, those among `first` first, then by username, with the total (a window count). */
  function prepareMembersPage(withPrefix: boolean) {
    return db
      .select({ ...publicMemberColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(users)
      .where(and(isAnyOfIntegers(users.id, "ids"), withPrefix ? sql`${users.usernameKey} like ${sql.placeholder("prefix")}` : undefined))
      .orderBy(sql`${users.id} = any(${sql.placeholder("first")}::int[]) desc`, users.usernameKey)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(`directory_members_page_${withPrefix ? "prefix" : "all"}`);
  }
  const membersPages = { all: prepareMembersPage(false), prefix: prepareMembersPage(true) };
  const membersWithIds = db.select(publicMemberColumns).from(users).where(isAnyOfIntegers(users.id, "ids")).prepare("directory_members_by_ids");

  /** The members with these ids (unknown ids are left out), in one query whatever the number of ids. */
  async function membersByIds(ids: readonly number[]): Promise<ReadonlyMap<number, PublicMember>> {
    const distinct = [...new Set(ids)];
    if (distinct.length === 0) return new Map();
    const rows: PublicMember[] = await membersWithIds.execute({ ids: distinct });
    return new Map(rows.map((row) => [row.id, row]));
  }

  return {
    membersByIds,

    /** The names of these members with the flair each shows beside it (null: none), as chats and game pages draw them. */
    async namesWithFlairByIds(ids: readonly number[]): Promise<ReadonlyMap<number, { readonly username: string; readonly flairCode: string | null }>> {
      const found = await membersByIds(ids);
      return new Map([...found.values()].map((member) => [member.id, { username: member.username, flairCode: shownFlairCode(member) }]));
    },

    /**
     * A page of the members among `ids` (a member's friends), those among
     * `first` first, then in username order, optionally only names starting
     * with `prefix` (LIKE's wildcards taken literally); with the total.
     */
    async membersPage(ids: readonly number[], options: { first?: readonly number[]; prefix?: string; limit: number; offset: number }): Promise<{ members: PublicMember[]; total: number }> {
      if (ids.length === 0) return { members: [], total: 0 };
      const prefix = options.prefix ? `${options.prefix.toLowerCase().replace(/[%_\\]/g, "\\$&")}%` : undefined;
      const page = (limit: number, offset: number) => membersPages[prefix === undefined ? "all" : "prefix"].execute({ ids: [...ids], first: [...(options.first ?? [])], prefix, limit, offset });
      const rows = await page(options.limit, options.offset);
      // The total rides on the page's rows; a page past the end asks for the first row's.
      const total = rows[0]?.total ?? (options.offset === 0 ? 0 : ((await page(1, 0))[0]?.total ?? 0));
      return { members: rows.map(({ total: _total, ...member }) => member), total };
    },

    /**
     * The ids of members from a country, at most `limit` (users_country_code_idx):
     * the leaderboards' country filter ranks the ratings among them.
     */
    async memberIdsInCountry(countryCode: string, limit: number): Promise<number[]> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.countryCode, countryCode)).limit(limit);
      return rows.map((row) => row.id);
    },

    /** The usernames (lower case, in order) of up to `limit` members holding a chess title (users_titled_username_key_idx). */
    async usernamesWithTitle(title: string, limit: number): Promise<string[]> {
      const rows = await db.select({ key: users.usernameKey }).from(users).where(and(sql`${users.chessTitle} is not null`, eq(users.chessTitle, title))).orderBy(users.usernameKey).limit(limit);
      return rows.map((row) => row.key);
    },

    /**
     * Every member's country as a relation of (member_id, country), for a
     * set-based statement to join (the leaderboards' rank rebuild, decision
     * 0071): written here, so no other feature names this feature's table.
     */
    memberCountriesRelation: (): SQL => sql`select ${users.id} as member_id, ${users.countryCode} as country from ${users}`,

    /** The member of this username with what their profile page adds (where they live, their bio), in one query. */
    async memberProfileByUsername(username: string): Promise<(PublicMember & { readonly location: string | null; readonly bio: string | null }) | null> {
      const [row] = await memberProfileByKey.execute({ usernameKey: username.toLowerCase() });
      return row ?? null;
    },

    /** The member of this username with the latest dated change to their account (Unix seconds), in one query: the public API's player. */
    async memberWithLastChangeByUsername(username: string): Promise<(PublicMember & { readonly accountChangedAt: number }) | null> {
      const [row] = await memberWithChangeByKey.execute({ usernameKey: username.toLowerCase() });
      return row ?? null;
    },

    /** The member of this username, whatever its case. */
    async memberByUsername(username: string): Promise<PublicMember | null> {
      const [row] = await memberByKey.execute({ usernameKey: username.toLowerCase() });
      return row ?? null;
    },

    /**
     * Members whose username starts with the prefix, in username order: enabled,
     * not guests, not closed, active within SEARCH_ACTIVE_DAYS. The autocomplete
     * of the header and the user search call, the /search page and the
     * "did you mean" of an unknown profile all read this one query.
     */
    async searchByUsernamePrefix({ prefix, limit, offset = 0 }: UsernamePrefixSearch): Promise<PublicMember[]> {
      const activeSince = new Date(Date.now() - SEARCH_ACTIVE_DAYS * 24 * 60 * 60 * 1000);
      const pattern = `${prefix.toLowerCase().replace(/[%_\\]/g, "\\$&")}%`;
      return db
        .select(publicMemberColumns)
        .from(users)
        .where(
          and(
            sql`${usernameKeyInC} like ${pattern}`,
            eq(users.isEnabled, true),
            ne(users.membershipLevel, levels.guest),
            notInArray(users.membershipLevel, [levels.closed_fair_play, levels.closed_abuse, levels.closed_voluntarily, levels.closed_unspecified]),
            gt(sql`coalesce(${users.lastLoginAt}, ${users.createdAt})`, activeSince),
          ),
        )
        // In the index's order: the scan stops once offset + limit active members are found.
        .orderBy(usernameKeyInC)
        .limit(limit)
        .offset(offset);
    },
  };
}

export type MemberDirectory = ReturnType<typeof createMemberDirectory>;
