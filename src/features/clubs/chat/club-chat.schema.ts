/**
 * Club chat (issue 11 item 6), shared by the server and the chat page: the
 * limits, the moderator action of spec 001 §7.6 and the DTOs. Isomorphic and
 * zod-free (decision 0028); the socket schemas are in club-chat.commands.server.ts.
 * Line cleaning, counting and the flood limit are every chat's (features/chat/).
 */

/** A club line may be longer than a game line (a club talks about more than the move): 500 code points after cleaning. */
export const CLUB_CHAT_MAX_CHARACTERS = 500;

/** Lines per page of history (the newest when the room opens; older pages on request). */
export const CLUB_CHAT_PAGE_SIZE = 50;

/** A moderator's note to the member (warn, mute, remove). */
export const CLUB_CHAT_NOTE_MAX_CHARACTERS = 300;

/** How long a socket counts as in the room without a heartbeat (the page sends one every CLUB_CHAT_HEARTBEAT_MS). */
export const CLUB_CHAT_HEARTBEAT_MS = 25_000;
export const CLUB_CHAT_PRESENCE_TTL_MS = 70_000;

/** The most members a presence answer names (the count is always exact). */
export const CLUB_CHAT_PRESENCE_LIST_LIMIT = 200;

/**
 * The moderator action's `type` (spec 001 §7.6: chatId, type, userId,
 * hideMessages, message). `remove` takes the member out of the room (they can
 * neither read nor write until `readmit`); it does not end their club
 * membership, which is the clubs feature's "remove member".
 */
export const clubChatModerationTypes = ["warn", "mute", "unmute", "remove", "readmit"] as const;
export type ClubChatModerationType = (typeof clubChatModerationTypes)[number];

export interface ClubChatModerationInput {
  /** The chat's id: the club's numeric id (one room per club). */
  readonly chatId: number;
  readonly type: ClubChatModerationType;
  readonly userId: number;
  /** Also hide every line the member wrote in this club's chat (for everyone, live and in the history). */
  readonly hideMessages: boolean;
  /** A note to the member (shown to them only); empty for none. */
  readonly message?: string | undefined;
}

export interface ClubChatLine {
  readonly id: number;
  readonly clubId: number;
  readonly authorId: number;
  readonly author: string;
  /** The flair beside the author's name, as the server decided it (null: none). */
  readonly authorFlair: string | null;
  readonly text: string;
  /** ISO time. */
  readonly at: string;
}

export interface ClubChatPresentMember {
  readonly id: number;
  readonly username: string;
}

/** What the viewer may do in the room, as the server decides it (the page shows controls from this). */
export interface ClubChatViewerState {
  readonly canWrite: boolean;
  readonly muted: boolean;
  /** The moderation types the viewer may use on ordinary members. */
  readonly moderation: readonly ClubChatModerationType[];
}

export interface ClubChatHistory {
  readonly clubId: number;
  /** Oldest first. */
  readonly lines: readonly ClubChatLine[];
  /** True when older lines exist before the first one (ask again with beforeId = lines[0].id). */
  readonly hasMore: boolean;
  /**
   * Members the viewer muted or blocked: their lines are left out of `lines`
   * on the server; live lines are checked against this in the page (a room
   * event goes to every member alike, decision 0017).
   */
  readonly silencedIds: readonly number[];
  readonly viewer: ClubChatViewerState;
}

export interface ClubChatPresence {
  readonly clubId: number;
  readonly count: number;
  /** At most CLUB_CHAT_PRESENCE_LIST_LIMIT, by username. */
  readonly members: readonly ClubChatPresentMember[];
}

/** What everyone in the room learns of a moderator's action (the note goes to the member only). */
export interface ClubChatModerationNotice {
  readonly clubId: number;
  readonly type: ClubChatModerationType;
  readonly memberId: number;
  readonly username: string;
  readonly hideMessages: boolean;
  readonly at: string;
}

/** What the member themself receives in their own room: the action and the moderator's note. */
export interface ClubChatPersonalNotice extends ClubChatModerationNotice {
  readonly message: string;
}

export interface ClubChatPresenceChange {
  readonly clubId: number;
  readonly memberId: number;
  readonly username: string;
  readonly present: boolean;
}

/** Refusals of the chat commands (besides the hub's forbidden / invalid_input / rate_limited). */
export const clubChatFailures = [
  "not_found",
  "not_a_member",
  "removed_from_chat",
  "muted",
  "empty",
  "too_long",
  "flooding",
  "not_allowed",
  "not_a_target",
  "no_change",
] as const;
export type ClubChatFailure = (typeof clubChatFailures)[number];
