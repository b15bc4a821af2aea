import type { SanitisedHtml } from "../../../ui/sanitised-html.tsx";
import { and, asc, count, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../../platform/http/errors.ts";
import type { NotificationRecorder } from "../../../platform/notifications/notification-recorder.ts";
import type { OutboxRelay } from "../../../platform/realtime/outbox.server.ts";
import type { MemberDirectory } from "../../accounts/member-directory.service.server.ts";
import type { ContactGuard } from "../../social/contact-guard.server.ts";
import type { ClubAccess, ClubRef } from "../club-access.service.server.ts";
import { MENTIONS_NOTIFIED_PER_TEXT, renderClubText } from "./club-markdown.server.ts";
import { clubForumRefusal, type ForumRefusal, type ForumViewer, type PostFacts } from "./club-forum.policy.ts";
import { POST_BODY_MAX, POSTS_PAGE_SIZE, TOPIC_TITLE_MAX, TOPIC_TITLE_MIN, TOPICS_PAGE_SIZE, topicPath } from "./club-forum.constants.ts";
import { clubForumPosts, clubForumReads, clubForumTopics } from "./club-forum.tables.server.ts";
import { clubForumMentionNotification } from "./notifications/club-forum-notifications.schema.ts";

export type ForumFailure = ForumRefusal | "not_found" | "title_length" | "body_length";

/** The acting member (the route's club viewer, with the username the notices name). */
export type ForumActor = NonNullable<ForumViewer> & { readonly username: string };

export interface TopicSummary {
  readonly id: number;
  readonly title: string;
  readonly path: string;
  readonly pinned: boolean;
  readonly locked: boolean;
  readonly replyCount: number;
  readonly author: string | null;
  readonly lastPoster: string | null;
  readonly lastPostAt: Date;
  readonly createdAt: Date;
  /** For a signed-in member of the club: whether the topic has posts they were not shown yet; null for anyone else. */
  readonly unread: boolean | null;
}

export interface TopicPage {
  readonly topics: readonly TopicSummary[];
  readonly page: number;
  readonly totalPages: number;
  readonly total: number;
}

export interface TopicRef {
  readonly id: number;
  readonly clubId: number;
  readonly title: string;
  readonly pinned: boolean;
  readonly locked: boolean;
  readonly authorId: number | null;
  readonly replyCount: number;
  readonly createdAt: Date;
}

export interface PostView {
  readonly id: number;
  readonly authorId: number | null;
  readonly author: string | null;
  readonly opening: boolean;
  readonly html: SanitisedHtml;
  readonly source: string;
  readonly createdAt: Date;
  readonly editedAt: Date | null;
}

export interface PostPage {
  readonly posts: readonly PostView[];
  readonly page: number;
  readonly totalPages: number;
}

const topicRefColumns = {
  id: clubForumTopics.id,
  clubId: clubForumTopics.clubId,
  title: clubForumTopics.title,
  pinned: clubForumTopics.pinned,
  locked: clubForumTopics.locked,
  authorId: clubForumTopics.authorId,
  replyCount: clubForumTopics.replyCount,
  createdAt: clubForumTopics.createdAt,
};

/** A title as stored: one line, spaces collapsed, trimmed. */
export function cleanTitle(title: string): string {
  return title.replace(/\s+/g, " ").trim();
}

function checkTitle(title: string): "title_length" | null {
  const length = [...title].length;
  return length < TOPIC_TITLE_MIN || length > TOPIC_TITLE_MAX ? "title_length" : null;
}

function checkBody(body: string, max = POST_BODY_MAX): "body_length" | null {
  return body.trim().length === 0 || body.length > max ? "body_length" : null;
}

const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

export interface ClubForumDeps {
  readonly db: Database;
  readonly outbox: Pick<OutboxRelay, "kick">;
  readonly notifications: NotificationRecorder;
  readonly directory: MemberDirectory;
  readonly contactGuard: ContactGuard;
  readonly clubAccess: ClubAccess;
  readonly now?: () => Date;
}

/**
 * A club's forum: topics (pinned first, then by last reply), their posts,
 * unread markers per member, and every write checked by the forum policy
 * against the actor's standing in the club before anything changes.
 */
export function createClubForumService(deps: ClubForumDeps) {
  const { db, clubAccess } = deps;
  const now = deps.now ?? (() => new Date());

  async function usernames(ids: readonly (number | null)[]): Promise<ReadonlyMap<number, string>> {
    const members = await deps.directory.membersByIds(ids.filter((id): id is number => id !== null));
    return new Map([...members].map(([id, member]) => [id, member.username]));
  }

  async function topicRef(topicId: number, on: Database = db, lock = false): Promise<TopicRef | null> {
    const query = on.select(topicRefColumns).from(clubForumTopics).where(eq(clubForumTopics.id, topicId)).limit(1);
    const [row] = lock ? await query.for("update") : await query;
    return row ?? null;
  }

  /**
   * The members a text mentions who may be told (at most
   * MENTIONS_NOTIFIED_PER_TEXT): not the author, not a closed, disabled or
   * guest account. Read before the writing transaction (PGlite has one
   * connection: nothing outside the transaction may wait on it).
   */
  async function mentionedMembers(actor: ForumActor, mentions: readonly string[], alreadyTold: ReadonlySet<string> = new Set()): Promise<{ id: number }[]> {
    const found: { id: number }[] = [];
    for (const username of mentions) {
      if (found.length >= MENTIONS_NOTIFIED_PER_TEXT) break;
      if (username === actor.username.toLowerCase() || alreadyTold.has(username)) continue;
      const member = await deps.directory.memberByUsername(username);
      if (!member?.isEnabled || member.membershipLevel < 10 || member.id === actor.id) continue;
      found.push({ id: member.id });
    }
    return found;
  }

  /**
   * Tells them, inside the writing transaction; nobody on either side of a
   * block with the author, and nobody the author has already sent as many
   * notices as the limits allow (decision 0042): the post stands, only that
   * mention's notice is not sent.
   */
  async function notifyMentions(tx: Database, actor: ForumActor, members: readonly { id: number }[], notice: { clubName: string; topicTitle: string; topicPath: string; postId: number; page?: number }) {
    for (const member of members) {
      if (await deps.contactGuard.refusal(actor.id, member.id, tx)) continue;
      const permit = await deps.notifications.admitIn(tx, actor.id, member.id);
      if (!permit.ok) continue;
      await deps.notifications.sendIn(tx, permit.value, clubForumMentionNotification, { by: actor.username, ...notice });
    }
  }

  async function postFacts(postId: number, on: Database = db): Promise<(PostFacts & { id: number; topicId: number; clubId: number; source: string }) | null> {
    const [row] = await on
      .select({ id: clubForumPosts.id, topicId: clubForumPosts.topicId, clubId: clubForumPosts.clubId, authorId: clubForumPosts.authorId, postedAt: clubForumPosts.createdAt, opening: clubForumPosts.opening, topicLocked: clubForumTopics.locked, source: clubForumPosts.bodySource })
      .from(clubForumPosts)
      .innerJoin(clubForumTopics, eq(clubForumTopics.id, clubForumPosts.topicId))
      .where(eq(clubForumPosts.id, postId))
      .limit(1);
    return row ?? null;
  }

  /** Puts the topic's last post (id, time, poster) and reply count back in step after a post went. */
  async function refreshTopicTail(tx: Database, topicId: number): Promise<void> {
    const [last] = await tx.select({ id: clubForumPosts.id, createdAt: clubForumPosts.createdAt, authorId: clubForumPosts.authorId }).from(clubForumPosts).where(eq(clubForumPosts.topicId, topicId)).orderBy(desc(clubForumPosts.id)).limit(1);
    const [replies] = await tx.select({ n: count() }).from(clubForumPosts).where(and(eq(clubForumPosts.topicId, topicId), eq(clubForumPosts.opening, false)));
    if (!last) return;
    await tx.update(clubForumTopics).set({ lastPostId: last.id, lastPostAt: last.createdAt, lastPosterId: last.authorId, replyCount: replies?.n ?? 0 }).where(eq(clubForumTopics.id, topicId));
  }

  /** Which page of its topic a post is on (a reply's redirect, a notice's link). */
  async function pageOfPost(topicId: number, postId: number): Promise<number> {
    const [before] = await db.select({ n: count() }).from(clubForumPosts).where(and(eq(clubForumPosts.topicId, topicId), lt(clubForumPosts.id, postId)));
    return Math.floor((before?.n ?? 0) / POSTS_PAGE_SIZE) + 1;
  }

  async function refusalFor(actor: ForumActor, clubId: number, action: Parameters<typeof clubForumRefusal>[1]): Promise<ForumRefusal | null> {
    const standing = await clubAccess.standingOf(clubId, actor.id);
    return clubForumRefusal(actor, action, standing);
  }

  return {
    topicRef: (topicId: number) => topicRef(topicId),

    /** One page of the club's topics: pinned first, then by last reply; unread markers for the club's members. */
    async listTopics(clubId: number, viewerId: number | null, page: number): Promise<TopicPage> {
      const [totalRow] = await db.select({ n: count() }).from(clubForumTopics).where(eq(clubForumTopics.clubId, clubId));
      const total = totalRow?.n ?? 0;
      const totalPages = pageCount(total, TOPICS_PAGE_SIZE);
      const current = Math.min(Math.max(1, page), totalPages);
      const standing = viewerId === null ? null : await clubAccess.standingOf(clubId, viewerId);
      const markers = standing?.member === true && viewerId !== null;
      const rows = await db
        .select({
          ...topicRefColumns,
          lastPostAt: clubForumTopics.lastPostAt,
          lastPostId: clubForumTopics.lastPostId,
          lastPosterId: clubForumTopics.lastPosterId,
          lastReadPostId: markers ? clubForumReads.lastReadPostId : sql<number | null>`null`,
        })
        .from(clubForumTopics)
        .leftJoin(clubForumReads, and(eq(clubForumReads.topicId, clubForumTopics.id), eq(clubForumReads.userId, viewerId ?? 0)))
        .where(eq(clubForumTopics.clubId, clubId))
        .orderBy(desc(clubForumTopics.pinned), desc(clubForumTopics.lastPostAt), desc(clubForumTopics.id))
        .limit(TOPICS_PAGE_SIZE)
        .offset((current - 1) * TOPICS_PAGE_SIZE);
      const clubs = await clubAccess.clubsByIds([clubId]);
      const clubUrl = clubs.get(clubId)?.url ?? String(clubId);
      const names = await usernames(rows.flatMap((row) => [row.authorId, row.lastPosterId]));
      return {
        topics: rows.map((row) => ({
          id: row.id,
          title: row.title,
          path: topicPath(clubUrl, row.id, row.title),
          pinned: row.pinned,
          locked: row.locked,
          replyCount: row.replyCount,
          author: row.authorId === null ? null : (names.get(row.authorId) ?? null),
          lastPoster: row.lastPosterId === null ? null : (names.get(row.lastPosterId) ?? null),
          lastPostAt: row.lastPostAt,
          createdAt: row.createdAt,
          unread: markers ? row.lastReadPostId === null || row.lastReadPostId < row.lastPostId : null,
        })),
        page: current,
        totalPages,
        total,
      };
    },

    /** The newest topics by last reply (the club page's list), pinned or not. */
    async latestTopics(club: ClubRef, limit: number): Promise<TopicSummary[]> {
      const rows = await db
        .select({ ...topicRefColumns, lastPostAt: clubForumTopics.lastPostAt, lastPosterId: clubForumTopics.lastPosterId })
        .from(clubForumTopics)
        .where(eq(clubForumTopics.clubId, club.id))
        .orderBy(desc(clubForumTopics.lastPostAt), desc(clubForumTopics.id))
        .limit(Math.min(Math.max(1, limit), 50));
      const names = await usernames(rows.flatMap((row) => [row.authorId, row.lastPosterId]));
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        path: topicPath(club.url, row.id, row.title),
        pinned: row.pinned,
        locked: row.locked,
        replyCount: row.replyCount,
        author: row.authorId === null ? null : (names.get(row.authorId) ?? null),
        lastPoster: row.lastPosterId === null ? null : (names.get(row.lastPosterId) ?? null),
        lastPostAt: row.lastPostAt,
        createdAt: row.createdAt,
        unread: null,
      }));
    },

    /**
     * One page of a topic's posts, oldest first. A member of the club who is
     * shown them has read the topic up to the last post on the page.
     */
    async posts(topic: TopicRef, viewerId: number | null, page: number): Promise<PostPage> {
      const total = topic.replyCount + 1;
      const totalPages = pageCount(total, POSTS_PAGE_SIZE);
      const current = Math.min(Math.max(1, page), totalPages);
      const rows = await db
        .select({ id: clubForumPosts.id, authorId: clubForumPosts.authorId, opening: clubForumPosts.opening, html: clubForumPosts.bodyHtml, source: clubForumPosts.bodySource, createdAt: clubForumPosts.createdAt, editedAt: clubForumPosts.editedAt })
        .from(clubForumPosts)
        .where(eq(clubForumPosts.topicId, topic.id))
        .orderBy(asc(clubForumPosts.id))
        .limit(POSTS_PAGE_SIZE)
        .offset((current - 1) * POSTS_PAGE_SIZE);
      const names = await usernames(rows.map((row) => row.authorId));
      const lastShown = rows.at(-1)?.id;
      if (viewerId !== null && lastShown !== undefined && (await clubAccess.standingOf(topic.clubId, viewerId)).member) {
        await db
          .insert(clubForumReads)
          .values({ userId: viewerId, topicId: topic.id, lastReadPostId: lastShown })
          .onConflictDoUpdate({ target: [clubForumReads.userId, clubForumReads.topicId], set: { lastReadPostId: sql`greatest(${clubForumReads.lastReadPostId}, excluded.last_read_post_id)`, readAt: sql`now()` } });
      }
      return { posts: rows.map((row) => ({ ...row, author: row.authorId === null ? null : (names.get(row.authorId) ?? null) })), page: current, totalPages };
    },

    pageOfPost,

    async startTopic(actor: ForumActor, club: ClubRef, input: { title: string; body: string }): Promise<Result<{ topicId: number; postId: number; path: string }, ForumFailure>> {
      const title = cleanTitle(input.title);
      const refusal = (await refusalFor(actor, club.id, { kind: "start_topic" })) ?? checkTitle(title) ?? checkBody(input.body);
      if (refusal) return fail(refusal);
      const rendered = renderClubText(input.body);
      const told = await mentionedMembers(actor, rendered.mentions);
      const created = await db.transaction(async (tx) => {
        const at = now();
        const [topic] = await tx.insert(clubForumTopics).values({ clubId: club.id, authorId: actor.id, title, lastPostAt: at, lastPosterId: actor.id, createdAt: at }).returning({ id: clubForumTopics.id });
        if (!topic) throw new Error("the topic was not created");
        const [post] = await tx.insert(clubForumPosts).values({ topicId: topic.id, clubId: club.id, authorId: actor.id, opening: true, bodySource: input.body, bodyHtml: rendered.html, createdAt: at }).returning({ id: clubForumPosts.id });
        if (!post) throw new Error("the opening post was not created");
        await tx.update(clubForumTopics).set({ lastPostId: post.id }).where(eq(clubForumTopics.id, topic.id));
        // The author has read their own topic.
        await tx.insert(clubForumReads).values({ userId: actor.id, topicId: topic.id, lastReadPostId: post.id }).onConflictDoNothing();
        const path = topicPath(club.url, topic.id, title);
        await notifyMentions(tx, actor, told, { clubName: club.name, topicTitle: title, topicPath: path, postId: post.id });
        return { topicId: topic.id, postId: post.id, path };
      });
      deps.outbox.kick();
      return ok(created);
    },

    async reply(actor: ForumActor, topicId: number, body: string): Promise<Result<{ postId: number; path: string; page: number }, ForumFailure>> {
      const topic = await topicRef(topicId);
      if (!topic) return fail("not_found");
      const standing = await clubAccess.standingOf(topic.clubId, actor.id);
      const early = clubForumRefusal(actor, { kind: "reply", topicLocked: topic.locked }, standing) ?? checkBody(body);
      if (early) return fail(early);
      const club = (await clubAccess.clubsByIds([topic.clubId])).get(topic.clubId);
      if (!club) return fail("not_found");
      const rendered = renderClubText(body);
      const told = await mentionedMembers(actor, rendered.mentions);
      const outcome = await db.transaction(async (tx): Promise<Result<{ postId: number; path: string }, ForumFailure>> => {
        // Locked or deleted meanwhile? The row lock orders this reply after a moderator's change.
        const current = await topicRef(topicId, tx, true);
        if (!current) return fail("not_found");
        const refusal = clubForumRefusal(actor, { kind: "reply", topicLocked: current.locked }, standing);
        if (refusal) return fail(refusal);
        const at = now();
        const [post] = await tx.insert(clubForumPosts).values({ topicId, clubId: current.clubId, authorId: actor.id, bodySource: body, bodyHtml: rendered.html, createdAt: at }).returning({ id: clubForumPosts.id });
        if (!post) throw new Error("the reply was not created");
        await tx
          .update(clubForumTopics)
          .set({ lastPostId: post.id, lastPostAt: at, lastPosterId: actor.id, replyCount: sql`${clubForumTopics.replyCount} + 1` })
          .where(eq(clubForumTopics.id, topicId));
        await tx
          .insert(clubForumReads)
          .values({ userId: actor.id, topicId, lastReadPostId: post.id })
          .onConflictDoUpdate({ target: [clubForumReads.userId, clubForumReads.topicId], set: { lastReadPostId: sql`greatest(${clubForumReads.lastReadPostId}, excluded.last_read_post_id)`, readAt: sql`now()` } });
        const path = topicPath(club.url, topicId, current.title);
        // The opening post is the first of the topic; this reply follows the replies before it.
        const page = Math.floor((current.replyCount + 1) / POSTS_PAGE_SIZE) + 1;
        await notifyMentions(tx, actor, told, { clubName: club.name, topicTitle: current.title, topicPath: path, postId: post.id, ...(page > 1 ? { page } : {}) });
        return ok({ postId: post.id, path });
      });
      if (!outcome.ok) return outcome;
      deps.outbox.kick();
      return ok({ ...outcome.value, page: await pageOfPost(topicId, outcome.value.postId) });
    },

    /**
     * The author rewrites a post within the edit window (the opening post may
     * change the topic's title too). Members newly mentioned are told; those
     * the old text mentioned were told already.
     */
    async editPost(actor: ForumActor, postId: number, input: { body: string; title?: string }): Promise<Result<{ topicId: number; path: string; page: number }, ForumFailure>> {
      const post = await postFacts(postId);
      if (!post) return fail("not_found");
      const title = input.title === undefined ? undefined : cleanTitle(input.title);
      const standing = await clubAccess.standingOf(post.clubId, actor.id);
      const early = clubForumRefusal(actor, { kind: "edit_post", post, now: now() }, standing) ?? (title !== undefined && post.opening ? checkTitle(title) : null) ?? checkBody(input.body);
      if (early) return fail(early);
      const club = (await clubAccess.clubsByIds([post.clubId])).get(post.clubId);
      if (!club) return fail("not_found");
      const rendered = renderClubText(input.body);
      // Members the old text mentioned were told already.
      const told = await mentionedMembers(actor, rendered.mentions, new Set(renderClubText(post.source).mentions));
      const outcome = await db.transaction(async (tx): Promise<Result<{ topicId: number; path: string }, ForumFailure>> => {
        await topicRef(post.topicId, tx, true);
        const current = await postFacts(postId, tx);
        if (!current) return fail("not_found");
        const refusal = clubForumRefusal(actor, { kind: "edit_post", post: current, now: now() }, standing);
        if (refusal) return fail(refusal);
        await tx.update(clubForumPosts).set({ bodySource: input.body, bodyHtml: rendered.html, editedAt: now() }).where(eq(clubForumPosts.id, postId));
        if (current.opening && title !== undefined) await tx.update(clubForumTopics).set({ title }).where(eq(clubForumTopics.id, current.topicId));
        const topic = await topicRef(current.topicId, tx);
        const path = topicPath(club.url, current.topicId, topic?.title ?? "");
        await notifyMentions(tx, actor, told, { clubName: club.name, topicTitle: topic?.title ?? "", topicPath: path, postId });
        return ok({ topicId: current.topicId, path });
      });
      if (!outcome.ok) return outcome;
      deps.outbox.kick();
      return ok({ ...outcome.value, page: await pageOfPost(outcome.value.topicId, postId) });
    },

    /** Deletes a reply (DELETE /callback/comment/{id}); the opening post goes only with its topic. */
    async deletePost(actor: ForumActor, postId: number): Promise<Result<{ topicId: number; clubId: number; path: string }, ForumFailure>> {
      const post = await postFacts(postId);
      if (!post) return fail("not_found");
      const standing = await clubAccess.standingOf(post.clubId, actor.id);
      const early = clubForumRefusal(actor, { kind: "delete_post", post, now: now() }, standing);
      if (early) return fail(early);
      const club = (await clubAccess.clubsByIds([post.clubId])).get(post.clubId);
      return db.transaction(async (tx) => {
        const topic = await topicRef(post.topicId, tx, true);
        const current = await postFacts(postId, tx);
        if (!current || !topic) return fail("not_found");
        const refusal = clubForumRefusal(actor, { kind: "delete_post", post: current, now: now() }, standing);
        if (refusal) return fail(refusal);
        await tx.delete(clubForumPosts).where(eq(clubForumPosts.id, postId));
        await refreshTopicTail(tx, current.topicId);
        return ok({ topicId: current.topicId, clubId: current.clubId, path: topicPath(club?.url ?? String(current.clubId), current.topicId, topic.title) });
      });
    },

    /** Pins or unpins, locks or unlocks a topic (owner, admins, staff). */
    async setTopicFlag(actor: ForumActor, topicId: number, flag: "pinned" | "locked", value: boolean): Promise<Result<{ clubId: number }, ForumFailure>> {
      const topic = await topicRef(topicId);
      if (!topic) return fail("not_found");
      const refusal = await refusalFor(actor, topic.clubId, { kind: flag === "pinned" ? "pin_topic" : "lock_topic" });
      if (refusal) return fail(refusal);
      await db.update(clubForumTopics).set(flag === "pinned" ? { pinned: value } : { locked: value }).where(eq(clubForumTopics.id, topicId));
      return ok({ clubId: topic.clubId });
    },

    /** Deletes a topic with its posts and read marks (owner, admins, staff). */
    async deleteTopic(actor: ForumActor, topicId: number): Promise<Result<{ clubId: number }, ForumFailure>> {
      const topic = await topicRef(topicId);
      if (!topic) return fail("not_found");
      const refusal = await refusalFor(actor, topic.clubId, { kind: "delete_topic" });
      if (refusal) return fail(refusal);
      await db.delete(clubForumTopics).where(eq(clubForumTopics.id, topicId));
      return ok({ clubId: topic.clubId });
    },

    /** Whether the viewer has unread topics in the club (a marker beside the forum link). */
    async hasUnread(clubId: number, viewerId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: clubForumTopics.id })
        .from(clubForumTopics)
        .leftJoin(clubForumReads, and(eq(clubForumReads.topicId, clubForumTopics.id), eq(clubForumReads.userId, viewerId)))
        .where(and(eq(clubForumTopics.clubId, clubId), sql`(${clubForumReads.lastReadPostId} is null or ${clubForumReads.lastReadPostId} < ${clubForumTopics.lastPostId})`, gt(clubForumTopics.lastPostId, 0)))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type ClubForumService = ReturnType<typeof createClubForumService>;
