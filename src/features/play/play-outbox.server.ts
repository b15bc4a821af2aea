/**
 * Play's events into the platform outbox: each to its room (a member's
 * private room, the lobby, a game's stream with its version).
 */
import { memberRoom } from "../../platform/realtime/member-room.ts";
import { enqueueEvent, type OutboxNotifier } from "../../platform/realtime/outbox.server.ts";
import type { Database } from "../../platform/db/client.server.ts";
import type { PlayActivityListener, PlayEventSink } from "./play-ports.server.ts";
import * as events from "./play.events.ts";

/**
 * `activity` hears, after each commit, whose games started or ended in that
 * transaction (collected per transaction handle, so a transaction still
 * open elsewhere is never announced early).
 */
export function playOutbox(outbox: OutboxNotifier, activity?: () => PlayActivityListener | null): PlayEventSink {
  const playersChanged = new WeakMap<Database, Set<number>>();
  function note(tx: Database, memberId: number): void {
    const members = playersChanged.get(tx) ?? new Set<number>();
    members.add(memberId);
    playersChanged.set(tx, members);
  }
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
          note(tx, event.memberId);
          return enqueueEvent(tx, memberRoom(event.memberId), events.gameStartedEvent, event.payload);
        case "game.ended":
          note(tx, event.memberId);
          return enqueueEvent(tx, memberRoom(event.memberId), events.gameEndedEvent, event.payload);
        case "game.your_move":
          return enqueueEvent(tx, memberRoom(event.memberId), events.yourMoveEvent, event.payload);
      }
    },
    committed(tx) {
      outbox.kick();
      const members = tx ? playersChanged.get(tx) : undefined;
      if (!tx || !members) return;
      playersChanged.delete(tx);
      activity?.()?.playersChanged([...members]);
    },
  };
}
