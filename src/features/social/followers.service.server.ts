import { count, eq, max, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { follows } from "./social.tables.server.ts";

export interface FollowersSummary {
  readonly followers: number;
  /** When the latest of them followed, or null. */
  readonly lastFollowedAt: Date | null;
}

/** What other features may know of a member's followers (the public API's count and its Last-Modified), in one prepared read. */
export function createFollowersService(db: Database) {
  const summaryOf = db
    .select({ followers: count(), lastFollowedAt: max(follows.createdAt) })
    .from(follows)
    .where(eq(follows.followedId, sql.placeholder("memberId")))
    .prepare("social_followers_summary");
  return {
    async summaryOf(memberId: number): Promise<FollowersSummary> {
      const [row] = await summaryOf.execute({ memberId });
      return { followers: row?.followers ?? 0, lastFollowedAt: row?.lastFollowedAt ?? null };
    },
  };
}

export type FollowersService = ReturnType<typeof createFollowersService>;
