/** Online play's events with their payload schemas, registered with the hub by the feature definition. */
import { defineRealtimeEvent } from "../../platform/realtime/registry.ts";
import { chatLineEvent } from "./chat/game-chat.events.ts";
import { chatLineEventSchema } from "./chat/game-chat.events.schema.ts";
import * as events from "./play.events.ts";
import * as schemas from "./play.events.schema.ts";

export const playRealtimeEvents = [
  defineRealtimeEvent(events.gameMoveEvent, schemas.gameMoveSchema),
  defineRealtimeEvent(events.gameStateEvent, schemas.gameStateSchema),
  defineRealtimeEvent(events.seekAddedEvent, schemas.seekAddedSchema),
  defineRealtimeEvent(events.seekRemovedEvent, schemas.seekRemovedSchema),
  defineRealtimeEvent(events.challengeReceivedEvent, schemas.challengeReceivedSchema),
  defineRealtimeEvent(events.challengeAcceptedEvent, schemas.challengeAcceptedSchema),
  defineRealtimeEvent(events.challengeDeclinedEvent, schemas.challengeAnsweredSchema),
  defineRealtimeEvent(events.challengeCancelledEvent, schemas.challengeAnsweredSchema),
  defineRealtimeEvent(events.seekPairedEvent, schemas.seekPairedSchema),
  defineRealtimeEvent(events.gameStartedEvent, schemas.gameIdSchema),
  defineRealtimeEvent(events.gameEndedEvent, schemas.gameIdSchema),
  defineRealtimeEvent(events.yourMoveEvent, schemas.yourMoveSchema),
  defineRealtimeEvent(chatLineEvent, chatLineEventSchema),
] as const;
