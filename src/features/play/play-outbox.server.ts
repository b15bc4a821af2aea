/**
 * Play's events into the platform outbox: each to its room (a member's
 * private room, the lobby, a game's stream with its version).
 */
import { memberRoom } from "../../platform/realtime/member-room.ts";
import { enqueueEvent, type OutboxNotifier } from "../../platform/realtime/outbox.server.ts";
import { noNotificationRecorder, type NotificationRecorder } from "../../platform/notifications/notification-recorder.ts";
import type { Database } from "../../platform/db/client.server.ts";
import { noDomainEventNotifier, publishDomainEvent, type DomainEventNotifier } from "../../platform/domain-events/domain-events.server.ts";
import type { PlayEvent, PlayEventSink } from "./play-ports.server.ts";
import * as events from "./play.events.ts";
import * as notices from "./notifications/play-notifications.schema.ts";

/**
 * The events a member is also told of later, as a notification recorded in the
 * same transaction: a challenge received, accepted or declined, and your move
 * in a daily game (the games service announces it only for daily games).
 */
async function recordNotice(notifications: NotificationRecorder, tx: Database, event: PlayEvent): Promise<void> {
  switch (event.type) {
    case "challenge.received":
      return notifications.sendIn(tx, event.permit, notices.challengeReceivedNotification, { challengeId: event.payload.id, from: event.payload.from });
    case "challenge.accepted":
      return notifications.recordIn(tx, event.memberId, notices.challengeAcceptedNotification, { challengeId: event.payload.id, by: event.payload.by, gameId: event.payload.gameId });
    case "challenge.declined":
      return notifications.recordIn(tx, event.memberId, notices.challengeDeclinedNotification, { challengeId: event.payload.id, by: event.payload.by });
    case "challenge.cancelled":
      // A withdrawn challenge leaves nothing on the challenged member's bell.
      return notifications.withdrawIn(tx, event.memberId, notices.challengeReceivedNotification, { challengeId: event.payload.id });
    case "challenge.answered":
      // An answered challenge no longer waits, with its Accept, on the challenged member's bell.
      return notifications.settleIn(tx, event.memberId, notices.challengeReceivedNotification, { challengeId: event.payload.id });
    case "game.your_move":
      // One unread "your move" per game: the newest replaces the one before.
      await notifications.settleIn(tx, event.memberId, notices.yourMoveNotification, { gameId: event.payload.gameId });
      return notifications.recordIn(tx, event.memberId, notices.yourMoveNotification, { gameId: event.payload.gameId, by: event.payload.by });
    default:
      return;
  }
}

/**
 * Play's events into the outbox, with their notifications in the same
 * transaction, and its domain events into the log; the dispatcher is kicked
 * only after a transaction that wrote one (noted per transaction handle), so
 * a plain move costs nothing more.
 */
export function playOutbox(outbox: OutboxNotifier, notifications: NotificationRecorder = noNotificationRecorder, domainEvents: DomainEventNotifier = noDomainEventNotifier): PlayEventSink {
  const wroteDomainEvents = new WeakSet<Database>();
  return {
    admitNotice: (tx, senderId, recipientId) => notifications.admitIn(tx, senderId, recipientId),
    async publishDomain(tx, eventType, payload) {
      await publishDomainEvent(tx, eventType, payload);
      wroteDomainEvents.add(tx);
    },
    async enqueue(tx, event) {
      await recordNotice(notifications, tx, event);
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
        case "challenge.answered":
          // The notification above is all: the member's own page already knows.
          return;
        case "game.started":
          return enqueueEvent(tx, memberRoom(event.memberId), events.gameStartedEvent, event.payload);
        case "game.ended":
          return enqueueEvent(tx, memberRoom(event.memberId), events.gameEndedEvent, event.payload);
        case "game.your_move":
          return enqueueEvent(tx, memberRoom(event.memberId), events.yourMoveEvent, event.payload);
      }
    },
    publishCommitted(committed) {
      outbox.publishCommitted(
        committed.map(({ outboxId, event }) => ({
          id: outboxId,
          room: events.gameRoom(event.gameId),
          type: event.type,
          payload: event.payload,
          version: event.payload.version,
        })),
      );
    },
    committed(tx) {
      outbox.kick();
      if (!tx || !wroteDomainEvents.has(tx)) return;
      wroteDomainEvents.delete(tx);
      domainEvents.kick();
    },
  };
}
