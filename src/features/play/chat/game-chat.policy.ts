/**
 * Who may read and write which channel of a game's chat: one rule for every
 * way in (the spectators' room, the history command, the send command, and
 * the panel, which asks before it subscribes). Isomorphic and pure.
 *
 * - players' channel: the game's two players, during and after the game;
 * - spectators' channel: while the game is in progress, signed-in members
 *   who are not its players. An anonymous socket is refused too: it cannot
 *   be told apart from a player who opened one without cookies (decision
 *   0041). Once the game ended, anyone may read it and any member write.
 */
import type { ChatChannel } from "./game-chat.schema.ts";

/** Who the viewer is to this game: one of its players, another signed-in member, or an anonymous visitor. */
export type ChatViewerRole = "player" | "member" | "visitor";

export type ChatAccessRefusal = "not_a_player" | "not_a_spectator" | "sign_in_required";

/** Why this viewer may not read the channel (nor join its room), or null. */
export function chatReadRefusal(viewer: ChatViewerRole, channel: ChatChannel, gameInProgress: boolean): ChatAccessRefusal | null {
  if (channel === "players") return viewer === "player" ? null : "not_a_player";
  if (!gameInProgress) return null;
  if (viewer === "player") return "not_a_spectator";
  return viewer === "visitor" ? "sign_in_required" : null;
}

/** Why this viewer may not write on the channel, or null: reading it and being signed in. */
export function chatWriteRefusal(viewer: ChatViewerRole, channel: ChatChannel, gameInProgress: boolean): ChatAccessRefusal | null {
  return chatReadRefusal(viewer, channel, gameInProgress) ?? (viewer === "visitor" ? "sign_in_required" : null);
}
