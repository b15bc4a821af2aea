/**
 * In-game chat, shared by the server and the chat panel: the two channels,
 * the size limit, how a line is cleaned before it is counted and stored, and
 * the DTOs. Isomorphic; no zod here so the panel stays light.
 */

/** `players`: the two players only. `spectators`: everyone watching (while the game is on, signed-in non-players only: game-chat.policy.ts). */
export const chatChannels = ["players", "spectators"] as const;
export type ChatChannel = (typeof chatChannels)[number];

/** The spec gives no limit; lichess's 140 characters (code points) keeps lines short and the table's varchar(200) safe. */
export const CHAT_MAX_CHARACTERS = 140;

/** How many lines a page loads when it opens (the newest). */
export const CHAT_HISTORY_LIMIT = 100;

/**
 * Controls (C0, C1, DEL), bidirectional overrides and isolates (which would
 * let a line reorder the text around it, "Trojan source"), and the
 * line/paragraph separators. Zero-width joiners stay: emoji need them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const unsafeCharacters = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/g;

/** The line as it is stored and shown: NFC, unsafe characters dropped, runs of spaces collapsed, trimmed. */
export function cleanChatText(text: string): string {
  return text.normalize("NFC").replace(unsafeCharacters, " ").replace(/\s+/g, " ").trim();
}

/** Length as a person counts it: code points, so an emoji is one. */
export function chatLength(text: string): number {
  return [...text].length;
}

export interface ChatLine {
  readonly id: number;
  readonly gameId: number;
  readonly channel: ChatChannel;
  readonly authorId: number;
  readonly author: string;
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
