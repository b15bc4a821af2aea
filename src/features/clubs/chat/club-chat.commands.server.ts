/**
 * Club chat's socket commands and its room kind. The hub already caps a frame
 * at 4 KB and a socket's commands per second; the service adds the per-member
 * flood limit across instances, the cleaning and the size limit.
 *
 * Commands (each answered by an ack or a refusal):
 * - club.chat.history { clubId, beforeId? } → ClubChatHistory
 * - club.chat.send { clubId, text } → ClubChatLine
 * - club.chat.enter { clubId } → ClubChatPresence (also the page's heartbeat)
 * - club.chat.leave { clubId } → true
 * - club.chat.presence { clubId } → ClubChatPresence
 * - club.chat.moderate { chatId, type, userId, hideMessages, message? } → ClubChatModerationNotice (spec 001 §7.6)
 */
import { z } from "zod";
import { defineSocketCommand, type RoomKindDefinition } from "../../../platform/realtime/registry.ts";
import type { SocketIdentity } from "../../../platform/realtime/socket-identity.ts";
import { levels } from "../../accounts/levels.ts";
import { CLUB_CHAT_ROOM_KIND } from "./club-chat.events.ts";
import { clubChatModerationTypes } from "./club-chat.schema.ts";
import type { ClubChatActor, ClubChatService } from "./club-chat.service.server.ts";

const clubIdPattern = /^[1-9][0-9]{0,9}$/;
const clubId = z.int().positive().max(2_147_483_647);

/** Site staff: the site's moderator and staff levels (spec 000 §6). */
export function isSiteStaffLevel(level: number): boolean {
  return level >= levels.moderator;
}

export function chatActorOf(identity: Pick<SocketIdentity, "memberId" | "username" | "level">): ClubChatActor | null {
  return identity.memberId === null ? null : { id: identity.memberId, username: identity.username ?? "", siteStaff: isSiteStaffLevel(identity.level) };
}

function requireActor(identity: SocketIdentity): ClubChatActor {
  const actor = chatActorOf(identity);
  if (!actor) throw new Error("access rule let an anonymous socket through");
  return actor;
}

/** Signed in and not a guest (guests are never club members). */
const signedInMember = (identity: SocketIdentity) => identity.memberId !== null && identity.level > levels.guest;

export function clubChatSocketCommands(chat: ClubChatService) {
  return [
    defineSocketCommand({
      name: "club.chat.history",
      input: z.strictObject({ clubId, beforeId: z.int().positive().optional() }),
      access: signedInMember,
      handle: ({ clubId: id, beforeId }, context) => chat.history(requireActor(context.identity), id, beforeId),
    }),
    defineSocketCommand({
      name: "club.chat.send",
      // The schema bounds the raw text generously (a frame is 4 KB anyway); the service counts the cleaned line.
      input: z.strictObject({ clubId, text: z.string().max(2_000) }),
      access: signedInMember,
      handle: ({ clubId: id, text }, context) => chat.send(requireActor(context.identity), id, text),
    }),
    defineSocketCommand({
      name: "club.chat.enter",
      input: z.strictObject({ clubId }),
      access: signedInMember,
      handle: ({ clubId: id }, context) => chat.enter(requireActor(context.identity), id, context.identity.socketId),
    }),
    defineSocketCommand({
      name: "club.chat.leave",
      input: z.strictObject({ clubId }),
      access: signedInMember,
      handle: ({ clubId: id }, context) => chat.leave(requireActor(context.identity), id, context.identity.socketId),
    }),
    defineSocketCommand({
      name: "club.chat.presence",
      input: z.strictObject({ clubId }),
      access: signedInMember,
      handle: ({ clubId: id }, context) => chat.presence(requireActor(context.identity), id),
    }),
    defineSocketCommand({
      name: "club.chat.moderate",
      input: z.strictObject({
        chatId: clubId,
        type: z.enum(clubChatModerationTypes),
        userId: z.int().positive(),
        hideMessages: z.boolean(),
        message: z.string().max(1_000).optional(),
      }),
      access: signedInMember,
      handle: (input, context) => chat.moderate(requireActor(context.identity), input),
    }),
  ];
}

export type ClubChatSocketCommand = ReturnType<typeof clubChatSocketCommands>[number];

/** `club-chat:{clubId}`: the club's members (not removed from the chat) and site staff. */
export function clubChatRoomKind(chat: ClubChatService): RoomKindDefinition {
  return {
    kind: CLUB_CHAT_ROOM_KIND,
    access: (identity, id) => id !== null && clubIdPattern.test(id) && signedInMember(identity) && chat.mayRead(chatActorOf(identity), Number(id)),
  };
}
