import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { users } from "./accounts.tables.server.ts";

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
  readonly statusText: string | null;
  readonly isEnabled: boolean;
  readonly isStreamer: boolean;
  readonly allowFriendRequests: boolean;
  readonly createdAt: Date;
  readonly lastLoginAt: Date | null;
}

/**
 * How other features read members: by ids in one batched query, or by
 * username. They never join the accounts feature's tables.
 */
export function createMemberDirectory(db: Database) {
  return {
    /** The members with these ids (unknown ids are left out), in one query whatever the number of ids. */
    async membersByIds(ids: readonly number[]): Promise<ReadonlyMap<number, PublicMember>> {
      const distinct = [...new Set(ids)];
      if (distinct.length === 0) return new Map();
      const rows: PublicMember[] = await db.select(publicMemberColumns).from(users).where(inArray(users.id, distinct));
      return new Map(rows.map((row) => [row.id, row]));
    },

    /** The member of this username, whatever its case. */
    async memberByUsername(username: string): Promise<PublicMember | null> {
      const [row] = await db.select(publicMemberColumns).from(users).where(eq(users.usernameKey, username.toLowerCase())).limit(1);
      return row ?? null;
    },
  };
}

export type MemberDirectory = ReturnType<typeof createMemberDirectory>;
