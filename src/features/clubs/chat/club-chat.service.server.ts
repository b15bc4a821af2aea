/**
 * Club chat (issue 11 item 6, docs/decisions/0033): one live room per club
 * over the socket. Lines are stored in club_chat_lines and delivered through
 * the outbox after the commit to `club-chat:{clubId}`; presence is kept per
 * socket in club_chat_presence (the shared database, so every instance sees
 * the same room); moderators' actions change club_chat_restrictions, may hide
 * the member's lines, and are announced to the room and to the member.
 * Every refusal comes from club-chat.policy.ts.
 */
import { and, count, countDistinct, desc, eq, gt, inArray, isNull, lt, lte, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { memberRoom } from "../../../platform/realtime/member-room.ts";
import { enqueueEvent, type OutboxNotifier } from "../../../platform/realtime/outbox.server.ts";
import { recordRoomEviction } from "../../../platform/realtime/room-evictions.server.ts";
import { fail, ok, type Result } from "../../../shared/result.ts";
import { chatReadRefusal, chatWriteRefusal, moderationRefusal, moderationTypesFor, noRestriction, type ChatRestriction, type ChatStanding, type ChatViewer } from "./club-chat.policy.ts";
import {
  CLUB_CHAT_MAX_CHARACTERS,
  CLUB_CHAT_NOTE_MAX_CHARACTERS,
  CLUB_CHAT_PAGE_SIZE,
  CLUB_CHAT_PRESENCE_LIST_LIMIT,
  CLUB_CHAT_PRESENCE_TTL_MS,
  type ClubChatFailure,
  type ClubChatHistory,
  type ClubChatLine,
  type ClubChatModerationInput,
  type ClubChatModerationNotice,
  type ClubChatPresence,
  type ClubChatViewerState,
} from "./club-chat.schema.ts";
import { floodWindowStart, isFlooding, SILENCED_IDS_LIMIT, type ChatSilences } from "../../chat/chat-limits.ts";
import { chatLength, chatTextRefusal, cleanChatText } from "../../chat/chat-text.ts";
import { clubChatLineEvent, clubChatModerationEvent, clubChatPersonalNoticeEvent, clubChatPresenceEvent, clubChatRoom } from "./club-chat.events.ts";
import { clubChatLines, clubChatModerationLog, clubChatPresence, clubChatRestrictions } from "./club-chat.tables.server.ts";

/** What the chat needs of the clubs feature (its clubAccess service answers). */
export interface ClubChatClubs {
  findClub(urlOrId: string): Promise<{ readonly id: number; readonly url: string; readonly name: string } | null>;
  standingOf(clubId: number, memberId: number | null): Promise<ChatStanding>;
}

export interface ClubChatMembers {
  usernamesByIds(ids: readonly number[]): Promise<ReadonlyMap<number, string>>;
  /** Names with the flair each shows beside it (null: none). */
  namesWithFlairByIds(ids: readonly number[]): Promise<ReadonlyMap<number, { readonly username: string; readonly flairCode: string | null }>>;
}

/** A member who acts in the chat: the socket's identity (or the page's viewer). */
export interface ClubChatActor {
  readonly id: number;
  readonly username: string;
  readonly siteStaff: boolean;
}

export interface ClubChatDeps {
  readonly db: Database;
  readonly outbox: OutboxNotifier;
  readonly clubs: ClubChatClubs;
  /** Who a member muted or blocked (the social feature). */
  readonly silences: ChatSilences;
  readonly members: ClubChatMembers;
  readonly log: { warn(details: object, message: string): void };
  readonly now?: () => number;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export function createClubChatService(deps: ClubChatDeps) {
  const { db, outbox, clubs, silences, members } = deps;
  const now = deps.now ?? Date.now;
  /** Sockets of this instance that entered a room: only their close costs a query. */
  const socketsInRooms = new Set<string>();

  const viewerOf = (actor: ClubChatActor | null): ChatViewer => (actor ? { id: actor.id, siteStaff: actor.siteStaff } : null);

  async function restrictionOf(clubId: number, memberId: number | null): Promise<ChatRestriction> {
    if (memberId === null) return noRestriction;
    const [row] = await db
      .select({ muted: clubChatRestrictions.muted, removed: clubChatRestrictions.removed })
      .from(clubChatRestrictions)
      .where(and(eq(clubChatRestrictions.clubId, clubId), eq(clubChatRestrictions.memberId, memberId)));
    return row ?? noRestriction;
  }

  async function situation(clubId: number, actor: ClubChatActor | null) {
    const [standing, restriction] = await Promise.all([clubs.standingOf(clubId, actor?.id ?? null), restrictionOf(clubId, actor?.id ?? null)]);
    return { viewer: viewerOf(actor), standing, restriction };
  }

  async function recentLineCount(memberId: number, at: number): Promise<number> {
    const [row] = await db
      .select({ lines: count() })
      .from(clubChatLines)
      .where(and(eq(clubChatLines.authorId, memberId), gt(clubChatLines.createdAt, floodWindowStart(at))));
    return row?.lines ?? 0;
  }

  /**
   * After presence rows went away: announces those members who have no socket
   * left in the room. Usernames are read before (`names`), never inside the
   * transaction: on PGlite a query outside it would wait for it forever.
   */
  async function announceDepartures(tx: Tx, gone: ReadonlyArray<{ clubId: number; memberId: number }>, at: number, names: ReadonlyMap<number, string>): Promise<number> {
    const pairs = new Map<string, { clubId: number; memberId: number }>();
    for (const pair of gone) pairs.set(`${pair.clubId}:${pair.memberId}`, pair);
    let announced = 0;
    for (const { clubId, memberId } of pairs.values()) {
      const [still] = await tx
        .select({ one: sql<number>`1` })
        .from(clubChatPresence)
        .where(and(eq(clubChatPresence.clubId, clubId), eq(clubChatPresence.memberId, memberId), gt(clubChatPresence.expiresAt, new Date(at))))
        .limit(1);
      if (still) continue;
      await enqueueEvent(tx, clubChatRoom(clubId), clubChatPresenceEvent, { clubId, memberId, username: names.get(memberId) ?? "", present: false });
      announced += 1;
    }
    return announced;
  }

  /** Presence rows were deleted (one statement, so each row once): announce who left, after reading their names. */
  async function departed(gone: ReadonlyArray<{ clubId: number; memberId: number }>, at: number): Promise<number> {
    if (gone.length === 0) return 0;
    const names = await members.usernamesByIds([...new Set(gone.map((pair) => pair.memberId))]);
    const announced = await db.transaction((tx) => announceDepartures(tx, gone, at, names));
    if (announced > 0) outbox.kick();
    return announced;
  }

  const presenceKeys = { clubId: clubChatPresence.clubId, memberId: clubChatPresence.memberId };

  async function presenceOf(clubId: number, at: number): Promise<ClubChatPresence> {
    const live = and(eq(clubChatPresence.clubId, clubId), gt(clubChatPresence.expiresAt, new Date(at)));
    const [counted, rows] = await Promise.all([
      db.select({ members: countDistinct(clubChatPresence.memberId) }).from(clubChatPresence).where(live),
      db.selectDistinct({ memberId: clubChatPresence.memberId }).from(clubChatPresence).where(live).limit(CLUB_CHAT_PRESENCE_LIST_LIMIT),
    ]);
    const names = await members.usernamesByIds(rows.map((row) => row.memberId));
    const listed = rows.map((row) => ({ id: row.memberId, username: names.get(row.memberId) ?? "" })).sort((a, b) => a.username.localeCompare(b.username));
    return { clubId, count: counted[0]?.members ?? 0, members: listed };
  }

  function viewerState(viewer: ChatViewer, standing: ChatStanding, restriction: ChatRestriction): ClubChatViewerState {
    return { canWrite: chatWriteRefusal(viewer, standing, restriction) === null, muted: restriction.muted, moderation: moderationTypesFor(viewer, standing) };
  }

  return {
    /** The club a chat page or command names (url slug, or numeric id). */
    findClub: (urlOrId: string) => clubs.findClub(urlOrId),

    /** May this socket join the room? (The room kind's access rule; asked at every subscribe.) */
    async mayRead(actor: ClubChatActor | null, clubId: number): Promise<boolean> {
      const { viewer, standing, restriction } = await situation(clubId, actor);
      return chatReadRefusal(viewer, standing, restriction) === null;
    },

    /** A page of lines, oldest first: the newest, or those before `beforeId`; without hidden lines and those of members the viewer silenced. */
    async history(actor: ClubChatActor | null, clubId: number, beforeId?: number): Promise<Result<ClubChatHistory, ClubChatFailure>> {
      const { viewer, standing, restriction } = await situation(clubId, actor);
      const refusal = chatReadRefusal(viewer, standing, restriction);
      if (refusal) return fail(refusal);
      const silenced = actor ? await silences.silencedBy(actor.id, SILENCED_IDS_LIMIT) : [];
      const conditions = [eq(clubChatLines.clubId, clubId), isNull(clubChatLines.hiddenAt)];
      if (beforeId !== undefined) conditions.push(lt(clubChatLines.id, beforeId));
      if (silenced.length > 0) conditions.push(notInArray(clubChatLines.authorId, silenced));
      const rows = await db
        .select({ id: clubChatLines.id, authorId: clubChatLines.authorId, text: clubChatLines.text, createdAt: clubChatLines.createdAt })
        .from(clubChatLines)
        .where(and(...conditions))
        .orderBy(desc(clubChatLines.id))
        .limit(CLUB_CHAT_PAGE_SIZE + 1);
      const hasMore = rows.length > CLUB_CHAT_PAGE_SIZE;
      const shown = rows.slice(0, CLUB_CHAT_PAGE_SIZE).reverse();
      const names = await members.namesWithFlairByIds([...new Set(shown.map((row) => row.authorId))]);
      return ok({
        clubId,
        lines: shown.map((row) => ({ id: row.id, clubId, authorId: row.authorId, author: names.get(row.authorId)?.username ?? "", authorFlair: names.get(row.authorId)?.flairCode ?? null, text: row.text, at: row.createdAt.toISOString() })),
        hasMore,
        silencedIds: silenced,
        viewer: viewerState(viewer, standing, restriction),
      });
    },

    /** Stores a line and sends it to the room. */
    async send(actor: ClubChatActor, clubId: number, rawText: string): Promise<Result<ClubChatLine, ClubChatFailure>> {
      const text = cleanChatText(rawText);
      const unsaid = chatTextRefusal(text, CLUB_CHAT_MAX_CHARACTERS);
      if (unsaid) return fail(unsaid);
      const { viewer, standing, restriction } = await situation(clubId, actor);
      const refusal = chatWriteRefusal(viewer, standing, restriction);
      if (refusal) return fail(refusal);
      const at = now();
      if (isFlooding(await recentLineCount(actor.id, at))) return fail("flooding");
      const authorFlair = (await members.namesWithFlairByIds([actor.id])).get(actor.id)?.flairCode ?? null;
      const line = await db.transaction(async (tx) => {
        const [row] = await tx.insert(clubChatLines).values({ clubId, authorId: actor.id, text, createdAt: new Date(at) }).returning({ id: clubChatLines.id, createdAt: clubChatLines.createdAt });
        if (!row) throw new Error("club chat insert returned nothing");
        const stored: ClubChatLine = { id: row.id, clubId, authorId: actor.id, author: actor.username, authorFlair, text, at: row.createdAt.toISOString() };
        await enqueueEvent(tx, clubChatRoom(clubId), clubChatLineEvent, stored);
        return stored;
      });
      outbox.kick();
      return ok(line);
    },

    /** The moderator action of spec 001 §7.6: warn, mute, unmute, remove from the chat or readmit, optionally hiding the member's lines. */
    async moderate(actor: ClubChatActor, input: ClubChatModerationInput): Promise<Result<ClubChatModerationNotice, ClubChatFailure>> {
      const note = cleanChatText(input.message ?? "");
      if (chatLength(note) > CLUB_CHAT_NOTE_MAX_CHARACTERS) return fail("too_long");
      const clubId = input.chatId;
      const [{ viewer, standing }, targetStanding, names] = await Promise.all([situation(clubId, actor), clubs.standingOf(clubId, input.userId), members.usernamesByIds([input.userId])]);
      const refusal = moderationRefusal(viewer, standing, input.type, { id: input.userId, standing: targetStanding });
      if (refusal) return fail(refusal);
      const username = names.get(input.userId) ?? "";
      const at = now();
      const result = await db.transaction(async (tx): Promise<Result<ClubChatModerationNotice, ClubChatFailure>> => {
        const [current] = await tx
          .select({ muted: clubChatRestrictions.muted, removed: clubChatRestrictions.removed })
          .from(clubChatRestrictions)
          .where(and(eq(clubChatRestrictions.clubId, clubId), eq(clubChatRestrictions.memberId, input.userId)))
          .for("update");
        const before = current ?? noRestriction;
        const after: ChatRestriction =
          input.type === "mute" ? { ...before, muted: true }
          : input.type === "unmute" ? { ...before, muted: false }
          : input.type === "remove" ? { ...before, removed: true }
          : input.type === "readmit" ? { ...before, removed: false }
          : before;
        const stateChanged = after.muted !== before.muted || after.removed !== before.removed;
        if (input.type !== "warn" && !stateChanged && !input.hideMessages) return fail("no_change");
        if (stateChanged) {
          await tx
            .insert(clubChatRestrictions)
            .values({ clubId, memberId: input.userId, muted: after.muted, removed: after.removed, updatedAt: new Date(at) })
            .onConflictDoUpdate({ target: [clubChatRestrictions.clubId, clubChatRestrictions.memberId], set: { muted: after.muted, removed: after.removed, updatedAt: new Date(at) } });
        }
        if (input.hideMessages) {
          await tx
            .update(clubChatLines)
            .set({ hiddenAt: new Date(at) })
            .where(and(eq(clubChatLines.clubId, clubId), eq(clubChatLines.authorId, input.userId), isNull(clubChatLines.hiddenAt)));
        }
        await tx.insert(clubChatModerationLog).values({ clubId, moderatorId: actor.id, memberId: input.userId, type: input.type, hideMessages: input.hideMessages, message: note, createdAt: new Date(at) });
        const notice: ClubChatModerationNotice = { clubId, type: input.type, memberId: input.userId, username, hideMessages: input.hideMessages, at: new Date(at).toISOString() };
        await enqueueEvent(tx, clubChatRoom(clubId), clubChatModerationEvent, notice);
        await enqueueEvent(tx, memberRoom(input.userId), clubChatPersonalNoticeEvent, { ...notice, message: note });
        if (input.type === "remove") {
          // Sockets already in the room leave it on every instance (access rules are asked at subscribe only).
          await recordRoomEviction(tx, clubChatRoom(clubId), [input.userId]);
          const gone = await tx.delete(clubChatPresence).where(and(eq(clubChatPresence.clubId, clubId), eq(clubChatPresence.memberId, input.userId))).returning(presenceKeys);
          await announceDepartures(tx, gone, at, names);
        }
        return ok(notice);
      });
      if (result.ok) outbox.kick();
      return result;
    },

    /** The socket is in the room (also its heartbeat): answers who is there. */
    async enter(actor: ClubChatActor, clubId: number, socketId: string): Promise<Result<ClubChatPresence, ClubChatFailure>> {
      const { viewer, standing, restriction } = await situation(clubId, actor);
      const refusal = chatReadRefusal(viewer, standing, restriction);
      if (refusal) return fail(refusal);
      const at = now();
      const expiresAt = new Date(at + CLUB_CHAT_PRESENCE_TTL_MS);
      socketsInRooms.add(socketId);
      const announced = await db.transaction(async (tx) => {
        const [already] = await tx
          .select({ one: sql<number>`1` })
          .from(clubChatPresence)
          .where(and(eq(clubChatPresence.clubId, clubId), eq(clubChatPresence.memberId, actor.id), gt(clubChatPresence.expiresAt, new Date(at))))
          .limit(1);
        await tx
          .insert(clubChatPresence)
          .values({ clubId, socketId, memberId: actor.id, expiresAt })
          .onConflictDoUpdate({ target: [clubChatPresence.clubId, clubChatPresence.socketId], set: { expiresAt } });
        if (already) return false;
        await enqueueEvent(tx, clubChatRoom(clubId), clubChatPresenceEvent, { clubId, memberId: actor.id, username: actor.username, present: true });
        return true;
      });
      if (announced) outbox.kick();
      return ok(await presenceOf(clubId, at));
    },

    /** The page left the room (the socket may stay open for other pages' rooms). */
    async leave(actor: ClubChatActor, clubId: number, socketId: string): Promise<Result<true, ClubChatFailure>> {
      const gone = await db
        .delete(clubChatPresence)
        .where(and(eq(clubChatPresence.clubId, clubId), eq(clubChatPresence.socketId, socketId), eq(clubChatPresence.memberId, actor.id)))
        .returning(presenceKeys);
      await departed(gone, now());
      return ok(true);
    },

    /** Who is in the room now (the count exact, the names bounded). */
    async presence(actor: ClubChatActor | null, clubId: number): Promise<Result<ClubChatPresence, ClubChatFailure>> {
      const { viewer, standing, restriction } = await situation(clubId, actor);
      const refusal = chatReadRefusal(viewer, standing, restriction);
      if (refusal) return fail(refusal);
      return ok(await presenceOf(clubId, now()));
    },

    /** A socket closed: it leaves every room it was in (a failure is logged; the sweep clears the rows later). */
    async socketClosed(socketId: string): Promise<void> {
      if (!socketsInRooms.delete(socketId)) return;
      try {
        const gone = await db.delete(clubChatPresence).where(eq(clubChatPresence.socketId, socketId)).returning(presenceKeys);
        await departed(gone, now());
      } catch (error) {
        deps.log.warn({ err: error }, "club chat: presence cleanup failed");
      }
    },

    /** Removes sockets whose heartbeat stopped (their instance died); any instance may run it, each row goes once. */
    async sweepPresence(): Promise<number> {
      const at = now();
      const gone = await db.delete(clubChatPresence).where(lte(clubChatPresence.expiresAt, new Date(at))).returning(presenceKeys);
      return departed(gone, at);
    },

    /** Demo data: lines written as they were long ago (no events, no flood check). */
    async importLines(clubId: number, lines: ReadonlyArray<{ authorId: number; text: string; at: Date }>): Promise<void> {
      if (lines.length === 0) return;
      await db.insert(clubChatLines).values(lines.map((line) => ({ clubId, authorId: line.authorId, text: cleanChatText(line.text).slice(0, CLUB_CHAT_MAX_CHARACTERS), createdAt: line.at })));
    },

    /** Whether a club already has chat lines (the seed runs once). */
    async hasLines(clubIds: readonly number[]): Promise<boolean> {
      if (clubIds.length === 0) return false;
      const [row] = await db.select({ one: sql<number>`1` }).from(clubChatLines).where(inArray(clubChatLines.clubId, [...clubIds])).limit(1);
      return row !== undefined;
    },
  };
}

export type ClubChatService = ReturnType<typeof createClubChatService>;
