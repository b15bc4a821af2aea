import { and, asc, count, desc, eq, inArray, like, or, sql, type Placeholder } from "drizzle-orm";
import { queryRows, type Database } from "../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../platform/http/errors.ts";
import { users, type UserRow } from "../accounts/accounts.tables.server.ts";
import { defaultAvatarUrl } from "../accounts/current-user.ts";
import { STATUS_MAX_LENGTH } from "./social.constants.ts";
import { isClosedLevel } from "../accounts/levels.ts";
import {
  noRelationship,
  type FriendEntry,
  type Relationship,
  type ReportReason,
  type SocialCounts,
} from "./social.schema.ts";
import { memberRoom } from "../../platform/realtime/member-room.ts";
import { enqueueEvent, noOutboxNotifier, type OutboxNotifier, type OutboxWriter } from "../../platform/realtime/outbox.server.ts";
import { friendEvents } from "./social.events.ts";
import { noNotificationRecorder, type NotificationLimitRefusal, type NotificationRecorder } from "../../platform/notifications/notification-recorder.ts";
import { friendAcceptedNotification, friendRequestNotification } from "./notifications/social-notifications.schema.ts";
import { memberActionRefusal, type MemberActionRefusal, type MemberActionSubject, type SocialActionId } from "./member-actions.policy.ts";
import { blocks, dismissedSuggestions, follows, friendRequests, friendships, memberReports, mutes, socialCounts } from "./social.tables.server.ts";

/** The policy's refusals (member-actions.policy.ts) and the service's own. */
export type SocialFailure = MemberActionRefusal | NotificationLimitRefusal | "not_found" | "already_muted" | "not_muted" | "status_too_long";

/** The acting member: who they are and their level (guests may not act socially). */
export interface Actor {
  readonly id: number;
  readonly username: string;
  readonly level: number;
}

/** Events of a change, written into the outbox in its transaction and relayed after the commit (to `user:{id}` rooms). */
export type SocialEvent =
  | { readonly type: "friend.request"; readonly recipientId: number; readonly from: string }
  | { readonly type: "friend.accepted"; readonly recipientId: number; readonly from: string }
  | { readonly type: "friend.removed"; readonly recipientId: number; readonly from: string };

/** Writes the event into the outbox for the other member's private room, inside the change's transaction. */
function enqueueSocialEvent(tx: OutboxWriter, event: SocialEvent): Promise<void> {
  return enqueueEvent(tx, memberRoom(event.recipientId), friendEvents[event.type], { from: event.from });
}

/** A pending friend request as the member's own profile lists it: the other member and when it was sent. */
export interface PendingFriendRequest {
  readonly username: string;
  readonly avatarUrl: string;
  readonly countryCode: string;
  readonly chessTitle: string | null;
  readonly createdAt: string;
}

const PENDING_REQUESTS_SHOWN = 100;

/** A member the viewer blocked or muted, as /settings lists them (the same shape as a pending request; `createdAt` is when). */
export type QuietedMember = PendingFriendRequest;
/** How many of each list /settings shows, newest first. */
const QUIETED_SHOWN = 200;

type Target = Pick<UserRow, "id" | "username" | "membershipLevel" | "isEnabled" | "allowFriendRequests">;

const targetColumns = {
  id: users.id,
  username: users.username,
  membershipLevel: users.membershipLevel,
  isEnabled: users.isEnabled,
  allowFriendRequests: users.allowFriendRequests,
};

function isUnavailable(target: Target): boolean {
  return !target.isEnabled || isClosedLevel(target.membershipLevel);
}

function subjectOf(target: Target, current: Relationship): MemberActionSubject {
  return { ...current, id: target.id, level: target.membershipLevel, isEnabled: target.isEnabled, allowFriendRequests: target.allowFriendRequests };
}

/**
 * `outbox` is told after each commit that wrote events, so they leave at once
 * (the relay retries otherwise); `notifications` records the member's notices
 * in the same transactions as the changes they announce.
 */
export function createSocialService(db: Database, outbox: OutboxNotifier = noOutboxNotifier, notifications: NotificationRecorder = noNotificationRecorder) {
  // Prepared once: every card and profile view reads the counters.
  const countsOf = db
    .select({ friends: socialCounts.friends, followers: socialCounts.followers, following: socialCounts.following })
    .from(socialCounts)
    .where(eq(socialCounts.userId, sql.placeholder("userId")))
    .prepare("social_counts_of_user");

  /** A member's friends, or those whose name starts with a prefix (LIKE's wildcards escaped). */
  function friendsFilter(userId: number | Placeholder, prefix: string | Placeholder | null) {
    return prefix === null ? eq(friendships.userId, userId) : and(eq(friendships.userId, userId), like(users.usernameKey, prefix));
  }

  /**
   * A page of a member's friends with the total of the list (a window count: the sort reads every match
   * anyway), prepared once per shape: with or without a name prefix, the viewer's friends first or not.
   * The viewer's id may be null (nobody's friend).
   */
  function prepareFriendsPage(withPrefix: boolean, viewerFriendsFirst: boolean) {
    const viewerFriend = sql<boolean>`exists(select 1 from ${friendships} as vf where vf.user_id = ${sql.placeholder("viewerId")} and vf.friend_id = ${users.id})`;
    return db
      .select({ username: users.username, avatarUrl: users.avatarUrl, countryCode: users.countryCode, chessTitle: users.chessTitle, isViewerFriend: viewerFriend, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(friendships)
      .innerJoin(users, eq(users.id, friendships.friendId))
      .where(friendsFilter(sql.placeholder("userId"), withPrefix ? sql.placeholder("prefix") : null))
      .orderBy(...(viewerFriendsFirst ? [desc(viewerFriend)] : []), asc(users.usernameKey))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(`social_friends_page_${withPrefix ? "prefix" : "all"}_${viewerFriendsFirst ? "friends_first" : "by_name"}`);
  }

  const friendsPages = {
    all: { byName: prepareFriendsPage(false, false), friendsFirst: prepareFriendsPage(false, true) },
    prefix: { byName: prepareFriendsPage(true, false), friendsFirst: prepareFriendsPage(true, true) },
  };

  async function findTarget(username: string): Promise<Target | null> {
    const [row] = await db.select(targetColumns).from(users).where(eq(users.usernameKey, username.toLowerCase())).limit(1);
    return row ?? null;
  }

  async function targetOf(username: string): Promise<Result<Target, SocialFailure>> {
    const target = await findTarget(username);
    return target ? ok(target) : fail("not_found");
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

  return {
    findTarget,
    relationship,

    /**
     * Checks and writes in one transaction with the pair locked: two members
     * asking each other at the same moment become friends once (the second
     * sees the first's request and accepts it), never two crossing requests.
     */
    async sendFriendRequest(actor: Actor, username: string, fromRecommendation: boolean): Promise<Result<Relationship, SocialFailure>> {
      const found = await targetOf(username);
      if (!found.ok) return found;
      const target = found.value;
      // They already asked: asking back makes the friendship (the card shows Accept; a crossing request lands here).
      const decideRequest = async (on: Database) => {
        const current = await relationship(actor.id, target.id, on);
        const crossing = current.isFriendRequestFromUserExists && !current.areFriends;
        const refusal = memberActionRefusal({ id: actor.id, level: actor.level }, crossing ? "acceptRequest" : "addFriend", subjectOf(target, current));
        return { crossing, refusal };
      };
      // Refused before the pair is locked (the lock writes count rows): a refusal changes nothing.
      const early = await decideRequest(db);
      if (early.refusal) return fail(early.refusal);
      const outcome = await db.transaction(async (tx): Promise<Result<SocialEvent["type"], SocialFailure>> => {
        await lockPair(tx, actor.id, target.id);
        const { crossing, refusal } = await decideRequest(tx);
        if (refusal) return fail(refusal);
        if (crossing) {
          await befriend(tx, actor.id, target.id);
          await enqueueSocialEvent(tx, { type: "friend.accepted", recipientId: target.id, from: actor.username });
          await notifications.recordIn(tx, target.id, friendAcceptedNotification, { by: actor.username });
          await notifications.settleIn(tx, actor.id, friendRequestNotification, { from: target.username });
          return ok("friend.accepted");
        }
        // Counted before anything is written: past the sender's limits the request is refused whole.
        const permit = await notifications.admitIn(tx, actor.id, target.id);
        if (!permit.ok) return permit;
        await tx.insert(friendRequests).values({ senderId: actor.id, recipientId: target.id, fromRecommendation }).onConflictDoNothing();
        await enqueueSocialEvent(tx, { type: "friend.request", recipientId: target.id, from: actor.username });
        await notifications.sendIn(tx, permit.value, friendRequestNotification, { from: actor.username });
        return ok("friend.request");
      });
      if (!outcome.ok) return outcome;
      outbox.kick();
      return ok(await relationship(actor.id, target.id));
    },

    /** A member who registered through an invite link becomes the inviter's friend. */
    async befriendByInvite(inviterId: number, newMemberId: number): Promise<boolean> {
      const [inviter] = await db.select(targetColumns).from(users).where(eq(users.id, inviterId)).limit(1);
      if (!inviter || inviter.id === newMemberId || isUnavailable(inviter) || inviter.membershipLevel === 0) return false;
      await db.transaction((tx) => befriend(tx, inviterId, newMemberId));
      return true;
    },

    async cancelFriendRequest(actor: Actor, username: string): Promise<Result<Relationship, SocialFailure>> {
      const resolved = await resolve(actor, username, "cancelRequest");
      if (!resolved.ok) return resolved;
      const recipient = resolved.value;
      const cancelled = await db.transaction(async (tx) => {
        const removed = await tx.delete(friendRequests).where(and(eq(friendRequests.senderId, actor.id), eq(friendRequests.recipientId, recipient.id))).returning({ id: friendRequests.senderId });
        if (removed.length === 0) return false;
        // A withdrawn request leaves nothing on the recipient's bell.
        await notifications.withdrawIn(tx, recipient.id, friendRequestNotification, { from: actor.username });
        return true;
      });
      if (!cancelled) return fail("no_request");
      outbox.kick();
      return ok(await relationship(actor.id, recipient.id));
    },

    async acceptFriendRequest(actor: Actor, username: string): Promise<Result<Relationship, SocialFailure>> {
      const resolved = await resolve(actor, username, "acceptRequest");
      if (!resolved.ok) return resolved;
      const target = resolved.value;
      const accepted = await db.transaction(async (tx) => {
        await lockPair(tx, actor.id, target.id);
        if (!(await decide(actor, target, "acceptRequest", tx)).ok) return false;
        await befriend(tx, actor.id, target.id);
        await enqueueSocialEvent(tx, { type: "friend.accepted", recipientId: target.id, from: actor.username });
        await notifications.recordIn(tx, target.id, friendAcceptedNotification, { by: actor.username });
        await notifications.settleIn(tx, actor.id, friendRequestNotification, { from: target.username });
        return true;
      });
      if (!accepted) return fail("no_request");
      outbox.kick();
      return ok(await relationship(actor.id, target.id));
    },

    async declineFriendRequest(actor: Actor, username: string): Promise<Result<Relationship, SocialFailure>> {
      const resolved = await resolve(actor, username, "declineRequest");
      if (!resolved.ok) return resolved;
      const sender = resolved.value;
      const declined = await db.transaction(async (tx) => {
        const removed = await tx.delete(friendRequests).where(and(eq(friendRequests.senderId, sender.id), eq(friendRequests.recipientId, actor.id))).returning({ id: friendRequests.senderId });
        if (removed.length === 0) return false;
        await notifications.settleIn(tx, actor.id, friendRequestNotification, { from: sender.username });
        return true;
      });
      if (!declined) return fail("no_request");
      outbox.kick();
      return ok(await relationship(actor.id, sender.id));
    },

    async removeFriend(actor: Actor, username: string): Promise<Result<Relationship, SocialFailure>> {
      const resolved = await resolve(actor, username, "removeFriend");
      if (!resolved.ok) return resolved;
      const removed = await db.transaction(async (tx) => {
        const count = await unfriend(tx, actor.id, resolved.value.id);
        if (count > 0) await enqueueSocialEvent(tx, { type: "friend.removed", recipientId: resolved.value.id, from: actor.username });
        return count;
      });
      if (removed === 0) return fail("not_friends");
      outbox.kick();
      return ok(await relationship(actor.id, resolved.value.id));
    },

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

    /**
     * A report goes to the moderators' queue. With the abuse-report-stopping
     * flag on, nothing is stored and the member is only blocked when asked.
     */
    async report(actor: Actor, input: { abuserUsername: string; reason: ReportReason; details: string | null; blockUser: boolean }, stopReports: boolean): Promise<Result<{ reported: boolean; blocked: boolean }, SocialFailure>> {
      const resolved = await resolve(actor, input.abuserUsername, "report");
      if (!resolved.ok) return resolved;
      const target = resolved.value;
      if (!stopReports) {
        await db.insert(memberReports).values({ reporterId: actor.id, abuserId: target.id, reason: input.reason, details: input.details });
      }
      let blocked = false;
      if (input.blockUser) {
        // The block that goes with a report follows the block rule (no moderators, no guests).
        const decided = await decide(actor, target, "block");
        if (decided.ok) await db.insert(blocks).values({ blockerId: actor.id, blockedId: target.id }).onConflictDoNothing();
        blocked = decided.ok || decided.error === "already_blocked";
      }
      return ok({ reported: !stopReports, blocked });
    },

    /** One primary-key read: the counters kept with each change. */
    async counts(userId: number): Promise<SocialCounts> {
      const [row] = await countsOf.execute({ userId });
      return row ?? { friends: 0, followers: 0, following: 0 };
    },

    /** A member's friends; the viewer's own friends first when asked. */
    async friendsOf(userId: number, viewerId: number | null, options: { orderByFriendsFirst: boolean; query?: string; limit: number; offset: number }): Promise<{ friends: FriendEntry[]; total: number }> {
      const prefix = options.query ? `${options.query.toLowerCase().replace(/[%_\\]/g, "\\$&")}%` : null;
      const page = friendsPages[prefix === null ? "all" : "prefix"][options.orderByFriendsFirst && viewerId !== null ? "friendsFirst" : "byName"];
      const rows = await page.execute({ userId, viewerId, prefix, limit: options.limit, offset: options.offset });
      // The total rides on the page's rows; a page past the end asks apart.
      const total =
        rows[0]?.total ??
        (options.offset === 0
          ? 0
          : ((await db.select({ n: count() }).from(friendships).innerJoin(users, eq(users.id, friendships.friendId)).where(friendsFilter(userId, prefix)))[0]?.n ?? 0));
      return {
        friends: rows.map(({ total: _total, ...row }) => ({ ...row, avatarUrl: row.avatarUrl ?? defaultAvatarUrl })),
        total,
      };
    },

    /**
     * Whom to follow: friends of friends and members the viewer's follows
     * follow, most connected first; then the most-followed members (read from
     * the counters' index, a bounded pool, never by aggregating all follows).
     * Never oneself, members already followed, dismissed, blocked either way,
     * guests or closed accounts.
     */
    async followSuggestions(viewerId: number, limit: number): Promise<string[]> {
      const excluded = sql`select ${follows.followedId} from ${follows} where ${follows.followerId} = ${viewerId}
        union select ${dismissedSuggestions.dismissedId} from ${dismissedSuggestions} where ${dismissedSuggestions.userId} = ${viewerId}
        union select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewerId}
        union select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId}`;
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
        select u.username from candidates c join ${users} u on u.id = c.id
        where c.id <> ${viewerId} and c.id not in (${excluded})
          and u.is_enabled and u.membership_level >= 10 and u.membership_level not between 5 and 8
        group by u.id, u.username
        order by sum(c.weight) desc, count(*) filter (where c.weight > 0) desc, max(c.followers) desc, u.username_key
        limit ${limit}`);
      return rows.flatMap((row) => (typeof row.username === "string" ? [row.username] : []));
    },

    async dismissSuggestion(actor: Actor, username: string): Promise<Result<true, SocialFailure>> {
      const resolved = await resolveBeyondCard(actor, username, { undo: true });
      if (!resolved.ok) return resolved;
      await db.insert(dismissedSuggestions).values({ userId: actor.id, dismissedId: resolved.value.id }).onConflictDoNothing();
      return ok(true);
    },

    /** Whether other members may send this member friend requests. */
    async setAllowFriendRequests(actor: Actor, allow: boolean): Promise<Result<boolean, SocialFailure>> {
      if (actor.level === 0) return fail("guest");
      await db.update(users).set({ allowFriendRequests: allow }).where(eq(users.id, actor.id));
      return ok(allow);
    },

    async setStatus(actor: Actor, text: string): Promise<Result<string | null, SocialFailure>> {
      const trimmed = text.trim();
      if ([...trimmed].length > STATUS_MAX_LENGTH) return fail("status_too_long", { len: STATUS_MAX_LENGTH });
      await db.update(users).set({ statusText: trimmed || null }).where(eq(users.id, actor.id));
      return ok(trimmed || null);
    },

    /** Members this member muted or blocked (at most `limit`): whose chat they never see. */
    async silencedBy(memberId: number, limit: number): Promise<number[]> {
      const [muted, blocked] = await Promise.all([
        db.select({ id: mutes.mutedId }).from(mutes).where(eq(mutes.muterId, memberId)).limit(limit),
        db.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, memberId)).limit(limit),
      ]);
      return [...new Set([...muted, ...blocked].map((row) => row.id))].slice(0, limit);
    },

    /** The member's pending friend requests both ways, newest first (bounded: the profile shows them all, and pending requests are few). */
    async pendingFriendRequests(memberId: number): Promise<{ incoming: PendingFriendRequest[]; outgoing: PendingFriendRequest[] }> {
      const columns = { username: users.username, avatarUrl: users.avatarUrl, countryCode: users.countryCode, chessTitle: users.chessTitle, createdAt: friendRequests.createdAt };
      const [incoming, outgoing] = await Promise.all([
        db.select(columns).from(friendRequests).innerJoin(users, eq(users.id, friendRequests.senderId)).where(eq(friendRequests.recipientId, memberId)).orderBy(desc(friendRequests.createdAt)).limit(PENDING_REQUESTS_SHOWN),
        db.select(columns).from(friendRequests).innerJoin(users, eq(users.id, friendRequests.recipientId)).where(eq(friendRequests.senderId, memberId)).orderBy(desc(friendRequests.createdAt)).limit(PENDING_REQUESTS_SHOWN),
      ]);
      const present = (row: (typeof incoming)[number]): PendingFriendRequest => ({ ...row, avatarUrl: row.avatarUrl ?? defaultAvatarUrl, createdAt: row.createdAt.toISOString() });
      return { incoming: incoming.map(present), outgoing: outgoing.map(present) };
    },

    /** The members `memberId` blocked and muted, newest first (Unblock and Unmute in /settings). */
    async blockedAndMutedBy(memberId: number): Promise<{ blocked: QuietedMember[]; muted: QuietedMember[] }> {
      const member = { username: users.username, avatarUrl: users.avatarUrl, countryCode: users.countryCode, chessTitle: users.chessTitle };
      const [blocked, muted] = await Promise.all([
        db.select({ ...member, createdAt: blocks.createdAt }).from(blocks).innerJoin(users, eq(users.id, blocks.blockedId)).where(eq(blocks.blockerId, memberId)).orderBy(desc(blocks.createdAt)).limit(QUIETED_SHOWN),
        db.select({ ...member, createdAt: mutes.createdAt }).from(mutes).innerJoin(users, eq(users.id, mutes.mutedId)).where(eq(mutes.muterId, memberId)).orderBy(desc(mutes.createdAt)).limit(QUIETED_SHOWN),
      ]);
      const present = (row: (typeof blocked)[number]): QuietedMember => ({ ...row, avatarUrl: row.avatarUrl ?? defaultAvatarUrl, createdAt: row.createdAt.toISOString() });
      return { blocked: blocked.map(present), muted: muted.map(present) };
    },

    async usernamesByIds(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.username]));
    },
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
