/**
 * How the lobby and the play layer explain a refusal of one of play's socket
 * commands (called through the platform's typed useSocketCommand).
 */

/** Refusals the page explains in its own words; anything else reads as a generic failure. */
const explained = new Set([
  "guest",
  "guest_rated",
  "too_many_seeks",
  "seek_gone",
  "own_seek",
  "out_of_range",
  "blocked",
  "not_found",
  "self",
  "account_closed",
  "challenge_exists",
  "too_many_challenges",
  "sent_too_many",
  "challenge_gone",
  "forbidden",
  "timeout",
  "closed",
]);

export function refusalMessageId(code: string): string {
  return `play.lobby.refusal.${explained.has(code) ? code : "other"}`;
}
