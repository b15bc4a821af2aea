/**
 * Play's events into the platform outbox: each to its room (a member's
 * private room, the lobby, a game's stream with its version).
 */
import { memberRoom } from "../../platform/realtime/member-room.ts";
import { enqueueEvent, type OutboxNotifier } from "../../platform/realtime/outbox.server.ts";
import type { PlayEventSink } from "./play-ports.server.ts";
import * as events from "./play.events.ts";

export function playOutbox(outbox: OutboxNotifier): PlayEventSink {
  return {
    async enqueue(tx, event) {
      switch (event.type) {
        case "game.move":
          return enqueueEvent(tx, events.gameRoom(event.gameId), events.gameMoveEvent, event.payload, { version: event.payload.version });
        case "game.state":
          return enqueueEvent(tx, events.gameRoom(event.gameId), events.gameStateEvent, event.payload, { version: event.payload.version });
        case "seek.added":
          return enqueueEvent(tx, events.lobbyRoom(), events.seekAddedEvent, event.payload);
        case "seek.removed":
          return enqueueEvent(tx, events.lobbyRoom(), events.seekRemovedEvent, event.payload);
        case "seek.paired":
          return enqueueEvent(tx, memberRoom(event.memberId), events.seekPairedEvent, event.payload);
        case "challenge.received":
          return enqueueEvent(tx, memberRoom(event.memberId), events.challengeReceivedEvent, event.payload);
        case "challenge.accepted":
          return enqueueEvent(tx, memberRoom(event.memberId), events.challengeAcceptedEvent, event.payload);
        case "challenge.declined":
          return enqueueEvent(tx, memberRoom(event.memberId), events.challengeDeclinedEvent, event.payload);
        case "challenge.cancelled":
          return enqueueEvent(tx, memberRoom(event.memberId), events.challengeCancelledEvent, event.payload);
        case "game.started":
          return enqueueEvent(tx, memberRoom(event.memberId), events.gameStartedEvent, event.payload);
        case "game.your_move":
          return enqueueEvent(tx, memberRoom(event.memberId), events.yourMoveEvent, event.payload);
        case "game.ended":
          return enqueueEvent(tx, memberRoom(event.memberId), events.gameEndedEvent, event.payload);
      }
    },
    committed: () => outbox.kick(),
  };
}
