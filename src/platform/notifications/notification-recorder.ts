/**
 * The port other features record notifications through (the notifications
 * feature implements it; the composition root hands it over). It writes into
 * the caller's open transaction, so that a friend request and its
 * notification commit together or not at all; the realtime push goes through
 * the outbox in the same transaction, and the caller's outbox kick after the
 * commit sends it.
 */
import type { Database } from "../db/client.server.ts";
import type { NotificationTypeDefinition } from "./notification-types.ts";

export interface NotificationRecorder {
  recordIn<Payload>(tx: Database, memberId: number, definition: NotificationTypeDefinition<Payload>, payload: NoInfer<Payload>): Promise<void>;
  /**
   * Marks the member's unread notices of this type whose payload contains
   * `match` as read, in the caller's transaction: the request they offered
   * to answer was answered (elsewhere too), so their actions go away.
   */
  settleIn<Payload>(tx: Database, memberId: number, definition: NotificationTypeDefinition<Payload>, match: Partial<NoInfer<Payload>>): Promise<void>;
}

/** Records nothing: for services built without the notifications feature (unit tests). */
export const noNotificationRecorder: NotificationRecorder = { recordIn: async () => undefined, settleIn: async () => undefined };
