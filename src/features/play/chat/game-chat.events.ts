/**
 * Chat on the socket: one event type for both channels. Player lines go to
 * each player's own room (`user:{id}`), so a player who muted or blocked the
 * other never receives theirs; spectator lines go to the game's spectator
 * room (`game-chat:{id}`), which neither a player of a game in progress nor
 * an anonymous socket may join until it ends (game-chat.policy.ts).
 * Zod-free; the payload schema is in game-chat.events.schema.ts.
 */
import { realtimeEventType, roomName, type RoomName } from "../../../platform/realtime/protocol.ts";
import type { ChatLineEventPayload } from "./game-chat.events.schema.ts";

export const chatLineEvent = realtimeEventType<ChatLineEventPayload>("game.chat");

export const SPECTATOR_CHAT_ROOM_KIND = "game-chat";

export const spectatorChatRoom = (gameId: number): RoomName => roomName(SPECTATOR_CHAT_ROOM_KIND, gameId);
