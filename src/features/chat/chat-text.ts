/**
 * How every chat on the site reads a line (game chat, club chat): cleaned the
 * same way before it is counted, stored and shown, counted as a person
 * counts, and refused when empty or over the chat's own limit. Isomorphic
 * and zod-free: the servers apply it, the panels show the counter with it.
 */

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

/** Why a cleaned line cannot be said in a chat of `maxCharacters`, or null when it can. */
export function chatTextRefusal(cleaned: string, maxCharacters: number): "empty" | "too_long" | null {
  if (cleaned.length === 0) return "empty";
  return chatLength(cleaned) > maxCharacters ? "too_long" : null;
}
