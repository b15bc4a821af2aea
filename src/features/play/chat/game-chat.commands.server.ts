/**
 * Chat's socket commands and the spectator room kind. The socket protocol
 * already caps a frame at 4 KB and a socket's commands per second; the
 * service adds the per-member rate, the cleaning and the size limit.
 */
import { z } from "zod";
import { defineSocketCommand, type RoomKindDefinition } from "../../../platform/realtime/registry.ts";
import type { SocketIdentity } from "../../../platform/realtime/socket-identity.ts";
import type { PlayMember } from "../play-ports.server.ts";
import { SPECTATOR_CHAT_ROOM_KIND } from "./game-chat.events.ts";
import { chatChannels } from "./game-chat.schema.ts";
import type { GameChatService } from "./game-chat.service.server.ts";

const gameIdPattern = /^[1-9][0-9]{0,15}$/;

function memberOf(identity: SocketIdentity): PlayMember | null {
  return identity.memberId === null ? null : { id: identity.memberId, username: identity.username ?? "", level: identity.level };
}

/** The schema bounds the raw text generously (a frame is 4 KB anyway); the service counts the cleaned line. */
const chatInput = z.strictObject({ gameId: z.int().positive(), channel: z.enum(chatChannels) });

export function gameChatSocketCommands(chat: GameChatService) {
  return [
    defineSocketCommand({
      name: "game.chat.send",
      input: chatInput.extend({ text: z.string().max(2_000) }),
      access: (identity) => identity.memberId !== null,
      handle: (input, context) => {
        const member = memberOf(context.identity);
        if (!member) throw new Error("access rule let an anonymous socket through");
        return chat.send(member, input);
      },
    }),
    defineSocketCommand({
      name: "game.chat.history",
      input: chatInput,
      access: () => true,
      handle: ({ gameId, channel }, context) => chat.history(memberOf(context.identity), gameId, channel),
    }),
  ];
}

export type GameChatSocketCommand = ReturnType<typeof gameChatSocketCommands>[number];

/**
 * `game-chat:{id}`: the spectators' lines. While the game is in progress only
 * signed-in members who are not its players may listen; afterwards anyone
 * (game-chat.policy.ts, the same rule as the history's).
 */
export function spectatorChatRoomKind(chat: GameChatService): RoomKindDefinition {
  return {
    kind: SPECTATOR_CHAT_ROOM_KIND,
    access: (identity, id) => id !== null && gameIdPattern.test(id) && chat.mayJoinSpectatorRoom(identity.memberId, Number(id)),
  };
}
