import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { membershipGrants, users } from "../../accounts/accounts.tables.server.ts";
import { follows } from "../../social/social.tables.server.ts";
import { memberPresence } from "../../presence/presence.tables.server.ts";
import { hasPublicProfile } from "./player-status.ts";

/** What the API knows about one member: the service's answer, which the presenter turns into the DTO. */
export interface PublicPlayerRecord {
  readonly id: number;
  readonly username: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly countryCode: string;
  readonly chessTitle: string | null;
  readonly membershipLevel: number;
  readonly avatarUrl: string | null;
  readonly isEnabled: boolean;
  readonly isStreamer: boolean;
  /** Unix seconds. */
  readonly joinedAt: number;
  /** Unix seconds: the latest sign-in or live connection; the join date when there was none. */
  readonly lastOnlineAt: number;
  readonly followers: number;
  /** Unix seconds: the latest change to this member that the database dates (see docs/decisions/0008). */
  readonly lastModifiedAt: number;
}

const toSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

function nullableNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/**
 * Every dated change the response can show: joining, signing in, being seen
 * online, closure, disabling, a membership granted or lapsed, a new follower.
 * GREATEST skips NULLs.
 */
const lastChangedAt = sql`greatest(
  ${users.createdAt},
  ${users.lastLoginAt},
  ${memberPresence.lastSeenAt},
  ${users.closedAt},
  ${users.disabledAt},
  case when ${users.membershipExpiresAt} <= now() then ${users.membershipExpiresAt} end,
  (select max(${follows.createdAt}) from ${follows} where ${follows.followedId} = ${users.id}),
  (select max(${membershipGrants.createdAt}) from ${membershipGrants} where ${membershipGrants.userId} = ${users.id})
)`;

/** Read side of the public player API: one prepared query per lookup, no N+1. */
export function createPublicPlayerService(db: Database) {
  const playerByKey = db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      countryCode: users.countryCode,
      chessTitle: users.chessTitle,
      membershipLevel: users.membershipLevel,
      avatarUrl: users.avatarUrl,
      isEnabled: users.isEnabled,
      isStreamer: users.isStreamer,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
      lastSeenAt: memberPresence.lastSeenAt,
      followers: sql`(select count(*)::int from ${follows} where ${follows.followedId} = ${users.id})`.mapWith(Number),
      lastModifiedAt: sql`floor(extract(epoch from ${lastChangedAt}))::float8`.mapWith(nullableNumber),
    })
    .from(users)
    .leftJoin(memberPresence, eq(memberPresence.userId, users.id))
    .where(eq(users.usernameKey, sql.placeholder("usernameKey")))
    .limit(1)
    .prepare("public_player_by_username_key");

  const levelByKey = db
    .select({ id: users.id, membershipLevel: users.membershipLevel })
    .from(users)
    .where(eq(users.usernameKey, sql.placeholder("usernameKey")))
    .limit(1)
    .prepare("public_player_id_level_by_username_key");

  return {
    /** The member behind a username (any casing), or null: unknown, or a guest (no public profile). */
    async player(username: string): Promise<PublicPlayerRecord | null> {
      const [row] = await playerByKey.execute({ usernameKey: username.toLowerCase() });
      if (!row || !hasPublicProfile(row.membershipLevel)) return null;
      const joinedAt = toSeconds(row.createdAt);
      const onlineTimes = [row.lastLoginAt, row.lastSeenAt].filter((date): date is Date => date !== null).map(toSeconds);
      return {
        id: row.id,
        username: row.username,
        firstName: row.firstName,
        lastName: row.lastName,
        countryCode: row.countryCode,
        chessTitle: row.chessTitle,
        membershipLevel: row.membershipLevel,
        avatarUrl: row.avatarUrl,
        isEnabled: row.isEnabled,
        isStreamer: row.isStreamer,
        joinedAt,
        lastOnlineAt: onlineTimes.length > 0 ? Math.max(...onlineTimes) : joinedAt,
        followers: row.followers,
        lastModifiedAt: row.lastModifiedAt ?? joinedAt,
      };
    },

    /** The member's clubs (from the clubs feature, through `clubsOf`); null when the member has no public profile. */
    async clubs(username: string, clubsOf: PublicClubsOf): Promise<readonly PublicMemberClub[] | null> {
      const [row] = await levelByKey.execute({ usernameKey: username.toLowerCase() });
      if (!row || !hasPublicProfile(row.membershipLevel)) return null;
      return clubsOf(row.id);
    },
  };
}

/** One club of a member as the clubs feature tells it. */
export interface PublicMemberClub {
  readonly url: string;
  readonly name: string;
  readonly avatarUrl: string | null;
  readonly joinedAt: Date;
  readonly lastActivityAt: Date;
}

/** Where the member's clubs come from: the clubs feature (the composition hands it over); none without it. */
export type PublicClubsOf = (memberId: number) => Promise<readonly PublicMemberClub[]>;
export const noPublicClubs: PublicClubsOf = async () => [];

export type PublicPlayerService = ReturnType<typeof createPublicPlayerService>;
