/**
 * Chat on the socket: one event type for both channels. Player lines go to
 * each player's own room (`user:{id}`), so a player who muted or blocked the
 * other never receives theirs; spectator lines go to the game's spectator
 * room (`game-chat:{id}`), which a player of a game in progress may not join.
 */
import { z } from "zod";
import { defineRealtimeEvent } from "../../../platform/realtime/registry.ts";
import { roomName, type RoomName } from "../../../platform/realtime/protocol.ts";
import { chatChannels } from "./game-chat.schema.ts";

export const chatLineEvent = defineRealtimeEvent(
  "game.chat",
  z.object({ id: z.number(), gameId: z.number(), channel: z.enum(chatChannels), authorId: z.number(), author: z.string(), text: z.string(), at: z.string() }),
);

export const SPECTATOR_CHAT_ROOM_KIND = "game-chat";

export const spectatorChatRoom = (gameId: number): RoomName => roomName(SPECTATOR_CHAT_ROOM_KIND, gameId);
