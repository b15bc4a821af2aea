/**
 * Friendships and friend requests: asking, answering, withdrawing, ending,
 * befriending through an invite link, and the lists of a member's friends and
 * pending requests. Events leave through the outbox and notices through the
 * notifications recorder, in the change's transaction.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../platform/http/errors.ts";
import type { NotificationRecorder } from "../../platform/notifications/notification-recorder.ts";
import type { OutboxNotifier } from "../../platform/realtime/outbox.server.ts";
import { defaultAvatarUrl } from "../accounts/current-user.ts";
import type { PreferencesService } from "../accounts/preferences/preferences.service.server.ts";
import { memberActionRefusal } from "./member-actions.policy.ts";
import { friendAcceptedNotification, friendRequestNotification } from "./notifications/social-notifications.schema.ts";
import { enqueueSocialEvent, isUnavailable, subjectOf, type Actor, type SocialEvent, type SocialFailure, type SocialGraph } from "./social-graph.server.ts";
import type { FriendEntry, Relationship } from "./social.schema.ts";
import { friendRequests, friendships } from "./social.tables.server.ts";

/** A pending friend request as the member's own profile lists it: the other member and when it was sent. */
export interface PendingFriendRequest {
  readonly username: string;
  readonly avatarUrl: string;
  readonly countryCode: string;
  readonly chessTitle: string | null;
  readonly createdAt: string;
}

const PENDING_REQUESTS_SHOWN = 100;

/** The other member of a request or a quiet, with when it was made, as the member's own lists show them. */
export async function listedWithDates(graph: SocialGraph, rows: readonly { readonly id: number; readonly createdAt: Date }[]): Promise<PendingFriendRequest[]> {
  const members = await graph.directory.membersByIds(rows.map((row) => row.id));
  return rows.flatMap((row) => {
    const member = members.get(row.id);
    return member ? [{ username: member.username, avatarUrl: member.avatarUrl ?? defaultAvatarUrl, countryCode: member.countryCode, chessTitle: member.chessTitle, createdAt: row.createdAt.toISOString() }] : [];
  });
}

export function createFriendshipsService(graph: SocialGraph, outbox: OutboxNotifier, notifications: NotificationRecorder, settings: Pick<PreferencesService, "setAllowFriendRequests">) {
  const { db, relationship, targetOf, resolve, decide, lockPair, befriend, unfriend } = graph;
  // Prepared once: the profile and the friends list read them on every view.
  const friendIdsOf = db.select({ id: friendships.friendId }).from(friendships).where(eq(friendships.userId, sql.placeholder("userId"))).prepare("social_friend_ids_of");

  return {
    /** The ids of a member's friends (one index range): the leaderboards' friends filter, the home's friends online. */
    async friendIds(userId: number): Promise<number[]> {
      return (await friendIdsOf.execute({ userId })).map((row) => row.id);
    },

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
      const inviter = (await graph.directory.membersByIds([inviterId])).get(inviterId);
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

    /**
     * A member's friends; the viewer's own friends first when asked. The ids
     * are this feature's; the page (names, order, prefix) is read through the
     * accounts feature's directory.
     */
    async friendsOf(userId: number, viewerId: number | null, options: { orderByFriendsFirst: boolean; query?: string; limit: number; offset: number }): Promise<{ friends: FriendEntry[]; total: number }> {
      const friendsFirst = options.orderByFriendsFirst && viewerId !== null;
      const [ids, viewerFriends] = await Promise.all([
        friendIdsOf.execute({ userId }).then((rows) => rows.map((row) => row.id)),
        viewerId === null ? Promise.resolve<number[]>([]) : friendIdsOf.execute({ userId: viewerId }).then((rows) => rows.map((row) => row.id)),
      ]);
      const viewerFriendSet = new Set(viewerFriends);
      const page = await graph.directory.membersPage(ids, { first: friendsFirst ? ids.filter((id) => viewerFriendSet.has(id)) : [], prefix: options.query, limit: options.limit, offset: options.offset });
      return {
        friends: page.members.map((member) => ({ username: member.username, avatarUrl: member.avatarUrl ?? defaultAvatarUrl, countryCode: member.countryCode, chessTitle: member.chessTitle, isViewerFriend: viewerFriendSet.has(member.id) })),
        total: page.total,
      };
    },

    /** The member's pending friend requests both ways, newest first (bounded: the profile shows them all, and pending requests are few). */
    async pendingFriendRequests(memberId: number): Promise<{ incoming: PendingFriendRequest[]; outgoing: PendingFriendRequest[] }> {
      const [incoming, outgoing] = await Promise.all([
        db.select({ id: friendRequests.senderId, createdAt: friendRequests.createdAt }).from(friendRequests).where(eq(friendRequests.recipientId, memberId)).orderBy(desc(friendRequests.createdAt)).limit(PENDING_REQUESTS_SHOWN),
        db.select({ id: friendRequests.recipientId, createdAt: friendRequests.createdAt }).from(friendRequests).where(eq(friendRequests.senderId, memberId)).orderBy(desc(friendRequests.createdAt)).limit(PENDING_REQUESTS_SHOWN),
      ]);
      const [incomingListed, outgoingListed] = await Promise.all([listedWithDates(graph, incoming), listedWithDates(graph, outgoing)]);
      return { incoming: incomingListed, outgoing: outgoingListed };
    },

    /** Whether other members may send this member friend requests (stored with the member by the accounts feature). */
    async setAllowFriendRequests(actor: Actor, allow: boolean): Promise<Result<boolean, SocialFailure>> {
      if (actor.level === 0) return fail("guest");
      return ok(await settings.setAllowFriendRequests(actor.id, allow));
    },
  };
}

export type FriendshipsService = ReturnType<typeof createFriendshipsService>;
