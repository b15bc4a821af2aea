/** Follows: following and unfollowing a member, whom to follow next, and a member's followers as other features may know them. */
import { count, eq, max, sql } from "drizzle-orm";
import { queryRows } from "../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../platform/http/errors.ts";
import type { Actor, SocialFailure, SocialGraph } from "./social-graph.server.ts";
import type { Relationship } from "./social.schema.ts";
import { blocks, dismissedSuggestions, follows, friendships, socialCounts } from "./social.tables.server.ts";

export interface FollowersSummary {
  readonly followers: number;
  /** When the latest of them followed, or null. */
  readonly lastFollowedAt: Date | null;
}

/** How many more candidates than asked for are scored, so that the directory's filter (listed members only) rarely leaves a suggestion short. */
const CANDIDATE_SLACK = 3;

export function createFollowsService(graph: SocialGraph) {
  const { db, relationship, resolve, resolveBeyondCard, decide, lockPair, follow, unfollow } = graph;
  // Prepared once: the public API reads it on every player lookup.
  const followersSummaryOf = db
    .select({ followers: count(), lastFollowedAt: max(follows.createdAt) })
    .from(follows)
    .where(eq(follows.followedId, sql.placeholder("memberId")))
    .prepare("social_followers_summary");
  const followedIdsOfMember = db.select({ id: follows.followedId }).from(follows).where(eq(follows.followerId, sql.placeholder("memberId"))).prepare("social_followed_ids_of");

  /** Whom a viewer is never suggested: those they follow, dismissed, blocked, or who blocked them. */
  const notToSuggestTo = (viewerId: number) => sql`select ${follows.followedId} from ${follows} where ${follows.followerId} = ${viewerId}
        union select ${dismissedSuggestions.dismissedId} from ${dismissedSuggestions} where ${dismissedSuggestions.userId} = ${viewerId}
        union select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewerId}
        union select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId}`;

  /** The candidates who are listed members (enabled, neither a guest nor a closed account: levels 10 and up), in the given order, named. */
  async function listedAmong<Candidate extends { readonly id: number }>(candidates: readonly Candidate[]) {
    const members = await graph.directory.membersByIds(candidates.map((candidate) => candidate.id));
    return candidates.flatMap((candidate) => {
      const member = members.get(candidate.id);
      return member && member.isEnabled && member.membershipLevel >= 10 ? [{ ...candidate, username: member.username, key: member.username.toLowerCase() }] : [];
    });
  }

  return {
    async track(actor: Actor, username: string): Promise<Result<Relationship, SocialFailure>> {
      const resolved = await resolve(actor, username, "follow");
      if (!resolved.ok) return resolved;
      const target = resolved.value;
      const refusal = await db.transaction(async (tx): Promise<SocialFailure | null> => {
        await lockPair(tx, actor.id, target.id);
        const decided = await decide(actor, target, "follow", tx);
        if (!decided.ok) return decided.error;
        if (!(await follow(tx, actor.id, target.id))) return "already_tracking";
        return null;
      });
      if (refusal) return fail(refusal);
      return ok(await relationship(actor.id, resolved.value.id));
    },

    async untrack(actor: Actor, username: string): Promise<Result<Relationship, SocialFailure>> {
      const resolved = await resolve(actor, username, "unfollow");
      if (!resolved.ok) return resolved;
      if (!(await db.transaction((tx) => unfollow(tx, actor.id, resolved.value.id)))) return fail("not_tracking");
      return ok(await relationship(actor.id, resolved.value.id));
    },

    /** The ids of the members a member follows (the home feed of what they did). */
    async followedIdsOf(memberId: number): Promise<number[]> {
      return (await followedIdsOfMember.execute({ memberId })).map((row) => row.id);
    },

    /** How many follow the member and when the latest did (the public API's count and Last-Modified), in one prepared read. */
    async followersSummary(memberId: number): Promise<FollowersSummary> {
      const [row] = await followersSummaryOf.execute({ memberId });
      return { followers: row?.followers ?? 0, lastFollowedAt: row?.lastFollowedAt ?? null };
    },

    /**
     * Whom to follow: friends of friends and members the viewer's follows
     * follow, most connected first; then the most-followed members (read from
     * the counters' index, a bounded pool, never by aggregating all follows);
     * then, when that is still short (a new site where nobody follows anybody,
     * a new member), the `fallback`'s members in its order (the home's titled
     * and newest members). Every candidate, the fallback's too, passes one rule:
     * never oneself, members already followed, dismissed, blocked either way,
     * nor (the accounts feature's directory tells) guests, closed or disabled accounts.
     */
    async followSuggestions(viewerId: number, limit: number, fallback?: (count: number) => Promise<readonly number[]>): Promise<string[]> {
      // Enough popular members that the viewer's own exclusions rarely empty it; "nulls last" as in social_counts_followers_idx.
      const popularPool = 4 * limit + 100;
      const rows = await queryRows(db, sql`
        with candidates as (
          select f2.friend_id as id, 2 as weight, 0 as followers from ${friendships} f1 join ${friendships} f2 on f2.user_id = f1.friend_id where f1.user_id = ${viewerId}
          union all
          select fo2.followed_id, 1, 0 from ${follows} fo1 join ${follows} fo2 on fo2.follower_id = fo1.followed_id where fo1.follower_id = ${viewerId}
          union all
          (select ${socialCounts.userId}, 0, ${socialCounts.followers} from ${socialCounts} where ${socialCounts.followers} > 0 order by ${socialCounts.followers} desc nulls last limit ${popularPool})
        )
        select c.id, sum(c.weight)::int as weight, (count(*) filter (where c.weight > 0))::int as paths, max(c.followers)::int as followers
        from candidates c
        where c.id <> ${viewerId} and c.id not in (${notToSuggestTo(viewerId)})
        group by c.id
        order by sum(c.weight) desc, count(*) filter (where c.weight > 0) desc, max(c.followers) desc, c.id
        limit ${CANDIDATE_SLACK * limit + popularPool}`);
      const scored = rows.flatMap((row) => (typeof row.id === "number" ? [{ id: row.id, weight: Number(row.weight), paths: Number(row.paths), followers: Number(row.followers) }] : []));
      const listed = (await listedAmong(scored)).sort((a, b) => b.weight - a.weight || b.paths - a.paths || b.followers - a.followers || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const suggested = listed.slice(0, limit).map((candidate) => candidate.username);
      if (suggested.length >= limit || !fallback) return suggested;
      const taken = new Set(listed.map((candidate) => candidate.id));
      const offered = [...new Set(await fallback(CANDIDATE_SLACK * limit))].filter((id) => id !== viewerId && !taken.has(id));
      if (offered.length === 0) return suggested;
      const allowed = await queryRows(db, sql`select c.id from unnest(array[${sql.join(offered.map((id) => sql`${id}`), sql`, `)}]::int[]) as c(id) where c.id not in (${notToSuggestTo(viewerId)})`);
      const allowedIds = new Set(allowed.flatMap((row) => (typeof row.id === "number" ? [row.id] : [])));
      const filling = await listedAmong(offered.filter((id) => allowedIds.has(id)).map((id) => ({ id })));
      return [...suggested, ...filling.map((candidate) => candidate.username)].slice(0, limit);
    },

    async dismissSuggestion(actor: Actor, username: string): Promise<Result<true, SocialFailure>> {
      const resolved = await resolveBeyondCard(actor, username, { undo: true });
      if (!resolved.ok) return resolved;
      await db.insert(dismissedSuggestions).values({ userId: actor.id, dismissedId: resolved.value.id }).onConflictDoNothing();
      return ok(true);
    },
  };
}

export type FollowsService = ReturnType<typeof createFollowsService>;
