/**
 * In-game chat (issue 9 item 6): a players' channel and a spectators'
 * channel per game, stored in game_chat and delivered through the outbox
 * after the commit. Who may read and write which channel is game-chat.policy.ts,
 * asked here for every read and write and by the spectators' room (as on
 * lichess, players do not see what the audience says during the game).
 * A member never receives lines from someone they muted or blocked: player
 * lines are delivered per recipient and skip them; spectator history is
 * filtered here and live spectator lines in the panel (docs/decisions/0017).
 */
import { and, count, desc, eq, gt } from "drizzle-orm";
import type { Database } from "../../../platform/db/client.server.ts";
import { memberRoom } from "../../../platform/realtime/member-room.ts";
import { enqueueEvent, type OutboxNotifier } from "../../../platform/realtime/outbox.server.ts";
import { fail, ok, type Result } from "../../../shared/result.ts";
import type { PlayMember, PlayMembers } from "../play-ports.server.ts";
import { gameChat, games } from "../play.tables.server.ts";
import { chatLineEvent, spectatorChatRoom } from "./game-chat.events.ts";
import { chatReadRefusal, chatWriteRefusal, type ChatAccessRefusal, type ChatViewerRole } from "./game-chat.policy.ts";
import { CHAT_HISTORY_LIMIT, CHAT_MAX_CHARACTERS, type ChatChannel, type ChatHistory, type ChatLine } from "./game-chat.schema.ts";
import { floodWindowStart, isFlooding, SILENCED_IDS_LIMIT, type ChatSilences } from "../../chat/chat-limits.ts";
import { chatTextRefusal, cleanChatText } from "../../chat/chat-text.ts";

export type ChatFailure = "not_found" | ChatAccessRefusal | "chat.empty" | "chat.too_long" | "chat.rate_limited";

/** Who a member silenced; a player's own channel also asks about one author. */
export interface GameChatSilences extends ChatSilences {
  /** Has `memberId` muted or blocked `authorId`? */
  silences(memberId: number, authorId: number): Promise<boolean>;
}

interface GamePlayers {
  readonly whiteId: number;
  readonly blackId: number;
  readonly playing: boolean;
}

export interface GameChatDeps {
  readonly db: Database;
  readonly outbox: OutboxNotifier;
  readonly members: Pick<PlayMembers, "namesWithFlairByIds">;
  readonly silences: GameChatSilences;
  readonly now?: () => number;
}

export function createGameChatService(deps: GameChatDeps) {
  const { db, outbox, members, silences } = deps;
  const now = deps.now ?? Date.now;

  async function playersOf(gameId: number): Promise<GamePlayers | null> {
    const [row] = await db.select({ whiteId: games.whiteId, blackId: games.blackId, status: games.status }).from(games).where(eq(games.id, gameId));
    return row ? { whiteId: row.whiteId, blackId: row.blackId, playing: row.status === "playing" } : null;
  }

  /** Who the viewer (null: an anonymous socket) is to this game. */
  const roleIn = (game: GamePlayers, memberId: number | null): ChatViewerRole =>
    memberId === null ? "visitor" : game.whiteId === memberId || game.blackId === memberId ? "player" : "member";

  async function recentLineCount(memberId: number, at: number): Promise<number> {
    const [row] = await db
      .select({ lines: count() })
      .from(gameChat)
      .where(and(eq(gameChat.authorId, memberId), gt(gameChat.createdAt, floodWindowStart(at))));
    return row?.lines ?? 0;
  }

  return {
    /** Stores a line and sends it to its channel's readers. */
    async send(member: PlayMember, input: { gameId: number; channel: ChatChannel; text: string }): Promise<Result<ChatLine, ChatFailure>> {
      const text = cleanChatText(input.text);
      const unsaid = chatTextRefusal(text, CHAT_MAX_CHARACTERS);
      if (unsaid) return fail(`chat.${unsaid}`);
      const game = await playersOf(input.gameId);
      if (!game) return fail("not_found");
      const refusal = chatWriteRefusal(roleIn(game, member.id), input.channel, game.playing);
      if (refusal) return fail(refusal);
      const at = now();
      if (isFlooding(await recentLineCount(member.id, at))) return fail("chat.rate_limited");
      // Read before the transaction (another feature's service): who of the players receives the line.
      const authorFlair = (await members.namesWithFlairByIds([member.id])).get(member.id)?.flairCode ?? null;
      const recipients: number[] = [];
      if (input.channel === "players") {
        for (const playerId of [game.whiteId, game.blackId]) {
          if (playerId === member.id || !(await silences.silences(playerId, member.id))) recipients.push(playerId);
        }
      }
      const line = await db.transaction(async (tx) => {
        const [row] = await tx.insert(gameChat).values({ gameId: input.gameId, channel: input.channel, authorId: member.id, text, createdAt: new Date(at) }).returning();
        if (!row) throw new Error("chat insert returned nothing");
        const stored: ChatLine = { id: row.id, gameId: row.gameId, channel: input.channel, authorId: member.id, author: member.username, authorFlair, text: row.text, at: row.createdAt.toISOString() };
        if (input.channel === "spectators") await enqueueEvent(tx, spectatorChatRoom(input.gameId), chatLineEvent, stored);
        else for (const recipient of recipients) await enqueueEvent(tx, memberRoom(recipient), chatLineEvent, stored);
        return stored;
      });
      outbox.kick();
      return ok(line);
    },

    /** The newest lines of a channel, oldest first, without those of members the viewer silenced. */
    async history(viewer: PlayMember | null, gameId: number, channel: ChatChannel): Promise<Result<ChatHistory, ChatFailure>> {
      const game = await playersOf(gameId);
      if (!game) return fail("not_found");
      const refusal = chatReadRefusal(roleIn(game, viewer?.id ?? null), channel, game.playing);
      if (refusal) return fail(refusal);
      const silenced = viewer ? await silences.silencedBy(viewer.id, SILENCED_IDS_LIMIT) : [];
      const rows = await db
        .select({ id: gameChat.id, authorId: gameChat.authorId, text: gameChat.text, createdAt: gameChat.createdAt })
        .from(gameChat)
        .where(and(eq(gameChat.gameId, gameId), eq(gameChat.channel, channel)))
        .orderBy(desc(gameChat.id))
        .limit(CHAT_HISTORY_LIMIT);
      const hidden = new Set(silenced);
      const shown = rows.filter((row) => !hidden.has(row.authorId)).reverse();
      const names = await members.namesWithFlairByIds([...new Set(shown.map((row) => row.authorId))]);
      return ok({
        lines: shown.map((row) => ({ id: row.id, gameId, channel, authorId: row.authorId, author: names.get(row.authorId)?.username ?? "", authorFlair: names.get(row.authorId)?.flairCode ?? null, text: row.text, at: row.createdAt.toISOString() })),
        silencedIds: silenced,
      });
    },

    /** The spectators' room's rule: whoever may read the spectators' channel (the policy's answer, as for the history). */
    async mayJoinSpectatorRoom(memberId: number | null, gameId: number): Promise<boolean> {
      const game = await playersOf(gameId);
      return game !== null && chatReadRefusal(roleIn(game, memberId), "spectators", game.playing) === null;
    },
  };
}

export type GameChatService = ReturnType<typeof createGameChatService>;
