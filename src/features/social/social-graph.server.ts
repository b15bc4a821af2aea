/**
 * What the social aggregates share (friendships, follows, blocks and mutes,
 * reports): the member an action is about, read through the accounts
 * feature's directory, the relationship between two members in one
 * statement, the member-action policy's answer on it, the pair lock and the
 * counters kept with each change. Private to the social feature's services.
 */
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../platform/http/errors.ts";
import type { NotificationLimitRefusal } from "../../platform/notifications/notification-recorder.ts";
import { memberRoom } from "../../platform/realtime/member-room.ts";
import { enqueueEvent, type OutboxWriter } from "../../platform/realtime/outbox.server.ts";
import { isClosedLevel } from "../accounts/levels.ts";
import type { MemberDirectory, PublicMember } from "../accounts/member-directory.service.server.ts";
import { memberActionRefusal, type MemberActionRefusal, type MemberActionSubject, type SocialActionId } from "./member-actions.policy.ts";
import { friendEvents } from "./social.events.ts";
import { noRelationship, type Relationship } from "./social.schema.ts";
import { blocks, follows, friendRequests, friendships, mutes, socialCounts } from "./social.tables.server.ts";

/** The policy's refusals (member-actions.policy.ts) and the services' own. */
export type SocialFailure = MemberActionRefusal | NotificationLimitRefusal | "not_found" | "already_muted" | "not_muted" | "status_too_long";

/** The acting member: who they are and their level (guests may not act socially). */
export interface Actor {
  readonly id: number;
  readonly username: string;
  readonly level: number;
}

/** The member an action is about, as the directory tells it. */
export type Target = Pick<PublicMember, "id" | "username" | "membershipLevel" | "isEnabled" | "allowFriendRequests">;

/** Events of a change, written into the outbox in its transaction and relayed after the commit (to `user:{id}` rooms). */
export type SocialEvent =
  | { readonly type: "friend.request"; readonly recipientId: number; readonly from: string }
  | { readonly type: "friend.accepted"; readonly recipientId: number; readonly from: string }
  | { readonly type: "friend.removed"; readonly recipientId: number; readonly from: string };

/** Writes the event into the outbox for the other member's private room, inside the change's transaction. */
export function enqueueSocialEvent(tx: OutboxWriter, event: SocialEvent): Promise<void> {
  return enqueueEvent(tx, memberRoom(event.recipientId), friendEvents[event.type], { from: event.from });
}

export function isUnavailable(target: Target): boolean {
  return !target.isEnabled || isClosedLevel(target.membershipLevel);
}

export function subjectOf(target: Target, current: Relationship): MemberActionSubject {
  return { ...current, id: target.id, level: target.membershipLevel, isEnabled: target.isEnabled, allowFriendRequests: target.allowFriendRequests };
}

/** The members the social graph reads: through the accounts feature's directory, never its table. */
export type SocialDirectory = Pick<MemberDirectory, "memberByUsername" | "membersByIds" | "membersPage">;

export function createSocialGraph(db: Database, directory: SocialDirectory) {
  async function findTarget(username: string): Promise<Target | null> {
    return directory.memberByUsername(username);
  }

  async function targetOf(username: string): Promise<Result<Target, SocialFailure>> {
    const target = await findTarget(username);
    return target ? ok(target) : fail("not_found");
  }

  /** Every way the viewer and the target are tied, in one statement (prepared below for reads outside a transaction). */
  function relationshipQuery(on: Database) {
    const viewer = sql.placeholder("viewerId");
    const target = sql.placeholder("targetId");
    return on
      .select({
        areFriends: sql<boolean>`exists(select 1 from ${friendships} where ${friendships.userId} = ${viewer} and ${friendships.friendId} = ${target})`,
        requestOut: sql<boolean>`exists(select 1 from ${friendRequests} where ${friendRequests.senderId} = ${viewer} and ${friendRequests.recipientId} = ${target})`,
        requestIn: sql<boolean>`exists(select 1 from ${friendRequests} where ${friendRequests.senderId} = ${target} and ${friendRequests.recipientId} = ${viewer})`,
        isTracked: sql<boolean>`exists(select 1 from ${follows} where ${follows.followerId} = ${viewer} and ${follows.followedId} = ${target})`,
        isBlocked: sql<boolean>`exists(select 1 from ${blocks} where ${blocks.blockerId} = ${viewer} and ${blocks.blockedId} = ${target})`,
        blocksCurrentUser: sql<boolean>`exists(select 1 from ${blocks} where ${blocks.blockerId} = ${target} and ${blocks.blockedId} = ${viewer})`,
        isMuted: sql<boolean>`exists(select 1 from ${mutes} where ${mutes.muterId} = ${viewer} and ${mutes.mutedId} = ${target})`,
      })
      .from(sql`(select 1) as one`);
  }
  const relationshipOutside = relationshipQuery(db).prepare("social_relationship");

  async function relationship(viewerId: number, targetId: number, on: Database = db): Promise<Relationship> {
    const [row] = await (on === db ? relationshipOutside : relationshipQuery(on)).execute({ viewerId, targetId });
    if (!row) return noRelationship;
    return {
      areFriends: row.areFriends,
      isFriendRequestExists: row.requestOut,
      isFriendRequestFromUserExists: row.requestIn,
      isTracked: row.isTracked,
      isBlocked: row.isBlocked,
      blocksCurrentUser: row.blocksCurrentUser,
      isMuted: row.isMuted,
    };
  }

  /**
   * The member an action is about and the member-action policy's answer on
   * the current relationship: the one rule the card's conditions come from.
   * Read again inside a writing transaction (with `on`) once the pair is locked.
   */
  async function decide(actor: Actor, target: Target, action: SocialActionId, on: Database = db): Promise<Result<Relationship, SocialFailure>> {
    const current = await relationship(actor.id, target.id, on);
    const refusal = memberActionRefusal({ id: actor.id, level: actor.level }, action, subjectOf(target, current));
    return refusal ? fail(refusal) : ok(current);
  }

  /** Resolves the member and checks the action before anything is written. */
  async function resolve(actor: Actor, username: string, action: SocialActionId): Promise<Result<Target, SocialFailure>> {
    const found = await targetOf(username);
    if (!found.ok) return found;
    const decided = await decide(actor, found.value, action);
    return decided.ok ? found : decided;
  }

  /**
   * Mute and dismissing a suggestion are not among the card's §6.2 actions: the shared refusals only
   * (a guest acting, oneself, a closed account or a guest unless undoing).
   */
  async function resolveBeyondCard(actor: Actor, username: string, options: { undo: boolean }): Promise<Result<Target, SocialFailure>> {
    if (actor.level === 0) return fail("guest");
    const found = await targetOf(username);
    if (!found.ok) return found;
    const target = found.value;
    if (target.id === actor.id) return fail("self");
    if (!options.undo && isUnavailable(target)) return fail("account_closed");
    if (!options.undo && target.membershipLevel === 0) return fail("member_is_guest");
    return found;
  }

  /**
   * Locks both members' count rows (creating missing ones) in id order, so
   * that the checks and the writes of one action on this pair see no other
   * action on it in between, and two transactions never deadlock on the pair.
   */
  async function lockPair(tx: Database, a: number, b: number): Promise<void> {
    const ids = a < b ? [a, b] : [b, a];
    await tx.insert(socialCounts).values(ids.map((userId) => ({ userId }))).onConflictDoNothing();
    await tx.select({ userId: socialCounts.userId }).from(socialCounts).where(inArray(socialCounts.userId, ids)).orderBy(asc(socialCounts.userId)).for("update");
  }

  /** Adds to a member's counters (never below zero), in the transaction of the change counted. */
  async function addToCounts(tx: Database, userId: number, delta: { friends?: number; followers?: number; following?: number }): Promise<void> {
    const friends = delta.friends ?? 0;
    const followers = delta.followers ?? 0;
    const following = delta.following ?? 0;
    await tx
      .insert(socialCounts)
      .values({ userId, friends: Math.max(0, friends), followers: Math.max(0, followers), following: Math.max(0, following) })
      .onConflictDoUpdate({
        target: socialCounts.userId,
        set: {
          friends: sql`greatest(0, ${socialCounts.friends} + ${friends})`,
          followers: sql`greatest(0, ${socialCounts.followers} + ${followers})`,
          following: sql`greatest(0, ${socialCounts.following} + ${following})`,
        },
      });
  }

  async function befriend(tx: Database, a: number, b: number): Promise<void> {
    const added = await tx.insert(friendships).values([{ userId: a, friendId: b }, { userId: b, friendId: a }]).onConflictDoNothing().returning({ userId: friendships.userId });
    for (const row of added) await addToCounts(tx, row.userId, { friends: 1 });
    await tx.delete(friendRequests).where(or(and(eq(friendRequests.senderId, a), eq(friendRequests.recipientId, b)), and(eq(friendRequests.senderId, b), eq(friendRequests.recipientId, a))));
  }

  async function unfriend(tx: Database, a: number, b: number): Promise<number> {
    const removed = await tx
      .delete(friendships)
      .where(or(and(eq(friendships.userId, a), eq(friendships.friendId, b)), and(eq(friendships.userId, b), eq(friendships.friendId, a))))
      .returning({ userId: friendships.userId });
    for (const row of removed) await addToCounts(tx, row.userId, { friends: -1 });
    return removed.length;
  }

  async function follow(tx: Database, followerId: number, followedId: number): Promise<boolean> {
    const added = await tx.insert(follows).values({ followerId, followedId }).onConflictDoNothing().returning({ id: follows.followerId });
    if (added.length === 0) return false;
    await addToCounts(tx, followerId, { following: 1 });
    await addToCounts(tx, followedId, { followers: 1 });
    return true;
  }

  async function unfollow(tx: Database, followerId: number, followedId: number): Promise<boolean> {
    const removed = await tx.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId))).returning({ id: follows.followerId });
    if (removed.length === 0) return false;
    await addToCounts(tx, followerId, { following: -1 });
    await addToCounts(tx, followedId, { followers: -1 });
    return true;
  }

  return { db, directory, findTarget, targetOf, relationship, decide, resolve, resolveBeyondCard, lockPair, befriend, unfriend, follow, unfollow };
}

export type SocialGraph = ReturnType<typeof createSocialGraph>;
