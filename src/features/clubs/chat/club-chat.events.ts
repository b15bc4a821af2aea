/**
 * Club chat on the socket. One room per club, `club-chat:{clubId}`, joined by
 * those who may read it (the room kind's access rule); lines, presence
 * changes and moderation notices go to it. A moderator's note to a member
 * goes to that member's own room (`user:{id}`) only. Zod-free; the payload
 * schemas are in club-chat.events.schema.ts.
 */
import { realtimeEventType, roomName, type RoomName } from "../../../platform/realtime/protocol.ts";
import type { ClubChatLine, ClubChatModerationNotice, ClubChatPersonalNotice, ClubChatPresenceChange } from "./club-chat.schema.ts";

export const CLUB_CHAT_ROOM_KIND = "club-chat";

export const clubChatRoom = (clubId: number): RoomName => roomName(CLUB_CHAT_ROOM_KIND, clubId);

export const clubChatLineEvent = realtimeEventType<ClubChatLine>("club.chat.line");
export const clubChatPresenceEvent = realtimeEventType<ClubChatPresenceChange>("club.chat.presence");
export const clubChatModerationEvent = realtimeEventType<ClubChatModerationNotice>("club.chat.moderation");
export const clubChatPersonalNoticeEvent = realtimeEventType<ClubChatPersonalNotice>("club.chat.notice");
