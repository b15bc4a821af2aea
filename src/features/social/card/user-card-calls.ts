/**
 * The user card's calls: their paths and the score shown when there is none.
 * Zod-free, for the card in the browser; the answers' types and schemas are
 * in user-card.schema.ts.
 */
import type { CardLifetimeScore } from "./user-card.schema.ts";

export const noLifetimeScore: CardLifetimeScore = Object.freeze({ win: 0, lose: 0, draw: 0 });

/** Path pieces: usernames travel lower-cased and encoded. */
export function usernamePath(username: string): string {
  return encodeURIComponent(username.toLowerCase());
}

export const cardPaths = {
  popup: (username: string) => `/callback/user/popup/${usernamePath(username)}`,
  lifetimeScore: (viewer: string, username: string) => `/callback/user/lifetime-score/${usernamePath(viewer)}/${usernamePath(username)}`,
  reportReasons: "/callback/report-user/reasons",
  report: "/callback/report-user",
  setStatus: "/callback/user/set-status",
} as const;
