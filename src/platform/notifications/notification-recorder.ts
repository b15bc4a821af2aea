/**
 * The port other features record notifications through (the notifications
 * feature implements it; the composition root hands it over). It writes into
 * the caller's open transaction, so that a friend request and its
 * notification commit together or not at all; the realtime push goes through
 * the outbox in the same transaction, and the caller's outbox kick after the
 * commit sends it.
 *
 * A notice one member sends another unasked (a request, a challenge, an
 * invitation, a mention) needs a permit: `admitIn` counts it against the
 * sender's limits, per recipient and overall (decision 0042), in the same
 * transaction and before the change writes anything, so a refused action
 * changes nothing and a rolled-back one spends no count.
 */
import type { Database } from "../db/client.server.ts";
import { declareFailures } from "../http/failure-statuses.ts";
import type { Result } from "../../shared/result.ts";
import type { NotificationTypeDefinition, OwnAffairsNotificationType, UnsolicitedNotificationType } from "./notification-types.ts";

/** Leave to send one unsolicited notice from `senderId` to `recipientId`; spent by `sendIn`, once. */
export interface NotificationPermit {
  readonly senderId: number;
  readonly recipientId: number;
}

/** The sender has sent this recipient, or everyone together, as many unsolicited notices as the window allows. */
export type NotificationLimitRefusal = "sent_too_many";

declareFailures<NotificationLimitRefusal>({ sent_too_many: "too_many" });

export interface NotificationRecorder {
  /**
   * Counts one unsolicited notice from `senderId` to `recipientId` in the
   * caller's transaction; past a limit it is refused, and the caller returns
   * the refusal before writing anything of its own.
   */
  admitIn(tx: Database, senderId: number, recipientId: number): Promise<Result<NotificationPermit, NotificationLimitRefusal>>;
  /** Records an unsolicited notice for the permit's recipient. A permit this recorder did not issue, or one already spent, throws. */
  sendIn<Payload>(tx: Database, permit: NotificationPermit, definition: UnsolicitedNotificationType<Payload>, payload: NoInfer<Payload>): Promise<void>;
  /** Records a notice of the member's own affairs (an answer to their request, their move). */
  recordIn<Payload>(tx: Database, memberId: number, definition: OwnAffairsNotificationType<Payload>, payload: NoInfer<Payload>): Promise<void>;
  /**
   * Marks the member's unread notices of this type whose payload contains
   * `match` as read, in the caller's transaction: the request they offered
   * to answer was answered (elsewhere too), so their actions go away.
   */
  settleIn<Payload>(tx: Database, memberId: number, definition: NotificationTypeDefinition<Payload>, match: Partial<NoInfer<Payload>>): Promise<void>;
  /**
   * Deletes the member's notices of this type whose payload contains `match`,
   * read or not, in the caller's transaction: what they told of was withdrawn
   * by its sender (a challenge, a friend request), so nothing of it stays.
   */
  withdrawIn<Payload>(tx: Database, memberId: number, definition: NotificationTypeDefinition<Payload>, match: Partial<NoInfer<Payload>>): Promise<void>;
}

/** Records nothing and admits everything: for services built without the notifications feature (unit tests). */
export const noNotificationRecorder: NotificationRecorder = {
  admitIn: async (_tx, senderId, recipientId) => ({ ok: true, value: { senderId, recipientId } }),
  sendIn: async () => undefined,
  recordIn: async () => undefined,
  settleIn: async () => undefined,
  withdrawIn: async () => undefined,
};
