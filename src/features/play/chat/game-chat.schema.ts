/**
 * In-game chat, shared by the server and the chat panel: the two channels,
 * the size limit and the DTOs (how a line is cleaned and counted is every
 * chat's: features/chat/chat-text.ts). Isomorphic; no zod here so the panel stays light.
 */

/** `players`: the two players only. `spectators`: everyone watching (while the game is on, signed-in non-players only: game-chat.policy.ts). */
export const chatChannels = ["players", "spectators"] as const;
export type ChatChannel = (typeof chatChannels)[number];

/** The spec gives no limit; lichess's 140 characters (code points) keeps lines short and the table's varchar(200) safe. */
export const CHAT_MAX_CHARACTERS = 140;

/** How many lines a page loads when it opens (the newest). */
export const CHAT_HISTORY_LIMIT = 100;

export interface ChatLine {
  readonly id: number;
  readonly gameId: number;
  readonly channel: ChatChannel;
  readonly authorId: number;
  readonly author: string;
  /** The flair beside the author's name, as the server decided it (null: none). */
  readonly authorFlair: string | null;
  readonly text: string;
  /** ISO time. */
  readonly at: string;
}

export interface ChatHistory {
  readonly lines: readonly ChatLine[];
  /**
   * Members the viewer muted or blocked. Lines already left out of `lines`
   * on the server; live spectator lines are checked against it in the panel
   * (a room event goes to every watcher alike).
   */
  readonly silencedIds: readonly number[];
}
