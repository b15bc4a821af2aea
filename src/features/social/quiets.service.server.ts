/** Blocks and mutes: quieting a member and taking it back, and the lists /settings shows. */
import { and, desc, eq, or } from "drizzle-orm";
import { fail, ok, type Result } from "../../platform/http/errors.ts";
import { listedWithDates, type PendingFriendRequest } from "./friendships.service.server.ts";
import type { Actor, SocialFailure, SocialGraph } from "./social-graph.server.ts";
import type { Relationship } from "./social.schema.ts";
import { blocks, friendRequests, mutes } from "./social.tables.server.ts";

/** A member the viewer blocked or muted, as /settings lists them (the same shape as a pending request; `createdAt` is when). */
export type QuietedMember = PendingFriendRequest;
/** How many of each list /settings shows, newest first. */
const QUIETED_SHOWN = 200;

export function createQuietsService(graph: SocialGraph) {
  const { db, relationship, resolve, resolveBeyondCard, lockPair, unfriend, unfollow } = graph;
  return {
    /** Blocking ends the friendship, pending requests both ways and the blocked member's follow. */
    async block(actor: Actor, username: string): Promise<Result<Relationship, SocialFailure>> {
      const resolved = await resolve(actor, username, "block");
      if (!resolved.ok) return resolved;
      const target = resolved.value;
      const blocked = await db.transaction(async (tx) => {
        await lockPair(tx, actor.id, target.id);
        const added = await tx.insert(blocks).values({ blockerId: actor.id, blockedId: target.id }).onConflictDoNothing().returning({ id: blocks.blockerId });
        if (added.length === 0) return false;
        await unfriend(tx, actor.id, target.id);
        await tx.delete(friendRequests).where(or(and(eq(friendRequests.senderId, actor.id), eq(friendRequests.recipientId, target.id)), and(eq(friendRequests.senderId, target.id), eq(friendRequests.recipientId, actor.id))));
        await unfollow(tx, target.id, actor.id);
        return true;
      });
      if (!blocked) return fail("already_blocked");
      return ok(await relationship(actor.id, target.id));
    },

    async unblock(actor: Actor, username: string): Promise<Result<Relationship, SocialFailure>> {
      const resolved = await resolve(actor, username, "unblock");
      if (!resolved.ok) return resolved;
      const removed = await db.delete(blocks).where(and(eq(blocks.blockerId, actor.id), eq(blocks.blockedId, resolved.value.id))).returning({ id: blocks.blockerId });
      if (removed.length === 0) return fail("not_blocked");
      return ok(await relationship(actor.id, resolved.value.id));
    },

    async mute(actor: Actor, username: string): Promise<Result<Relationship, SocialFailure>> {
      const resolved = await resolveBeyondCard(actor, username, { undo: false });
      if (!resolved.ok) return resolved;
      const inserted = await db.insert(mutes).values({ muterId: actor.id, mutedId: resolved.value.id }).onConflictDoNothing().returning({ id: mutes.muterId });
      if (inserted.length === 0) return fail("already_muted");
      return ok(await relationship(actor.id, resolved.value.id));
    },

    async unmute(actor: Actor, username: string): Promise<Result<Relationship, SocialFailure>> {
      const resolved = await resolveBeyondCard(actor, username, { undo: true });
      if (!resolved.ok) return resolved;
      const removed = await db.delete(mutes).where(and(eq(mutes.muterId, actor.id), eq(mutes.mutedId, resolved.value.id))).returning({ id: mutes.muterId });
      if (removed.length === 0) return fail("not_muted");
      return ok(await relationship(actor.id, resolved.value.id));
    },

    /** The members `memberId` blocked and muted, newest first (Unblock and Unmute in /settings). */
    async blockedAndMutedBy(memberId: number): Promise<{ blocked: QuietedMember[]; muted: QuietedMember[] }> {
      const [blocked, muted] = await Promise.all([
        db.select({ id: blocks.blockedId, createdAt: blocks.createdAt }).from(blocks).where(eq(blocks.blockerId, memberId)).orderBy(desc(blocks.createdAt)).limit(QUIETED_SHOWN),
        db.select({ id: mutes.mutedId, createdAt: mutes.createdAt }).from(mutes).where(eq(mutes.muterId, memberId)).orderBy(desc(mutes.createdAt)).limit(QUIETED_SHOWN),
      ]);
      const [blockedListed, mutedListed] = await Promise.all([listedWithDates(graph, blocked), listedWithDates(graph, muted)]);
      return { blocked: blockedListed, muted: mutedListed };
    },
  };
}

export type QuietsService = ReturnType<typeof createQuietsService>;
