/**
 * What every chat on the site holds its writers and readers to, besides its
 * own line length: the flood limit (counted per member across the member's
 * rooms of one chat and every instance, by each chat's own table) and the
 * silences (members the reader muted or blocked, whose lines are left out).
 */

/** At most this many lines per member in any window of CHAT_FLOOD_WINDOW_MS. */
export const CHAT_FLOOD_LINES = 5;
export const CHAT_FLOOD_WINDOW_MS = 10_000;

/** Whether a member who wrote `recentLines` in the window may write one more. */
export function isFlooding(recentLines: number): boolean {
  return recentLines >= CHAT_FLOOD_LINES;
}

/** The start of the flood window for a line written at `at` (ms). */
export function floodWindowStart(at: number): Date {
  return new Date(at - CHAT_FLOOD_WINDOW_MS);
}

/** The most silenced ids a history answer carries (the panel filters live lines with them). */
export const SILENCED_IDS_LIMIT = 1_000;

/** Who a member silenced (muted or blocked): the social feature answers, through the chat's composition. */
export interface ChatSilences {
  /** Ids the member muted or blocked (at most `limit`). */
  silencedBy(memberId: number, limit: number): Promise<number[]>;
}
