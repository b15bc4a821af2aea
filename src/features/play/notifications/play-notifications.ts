/**
 * How online play's notifications render: a challenge received (Accept and
 * Decline through the play socket commands), accepted (to the game),
 * declined, and your move in a daily game. Zod-free, for the bell and the
 * notifications page; the payload schemas, recorded with play's events in
 * the same transaction, are in play-notices.schema.ts.
 */
import { defineNotificationView } from "../../../platform/notifications/notification-types.ts";
import type { ChallengeAcceptedNotice, ChallengeDeclinedNotice, ChallengeReceivedNotice, YourMoveNotice } from "./play-notices.schema.ts";

export const challengeReceivedNotificationView = defineNotificationView<ChallengeReceivedNotice>({
  type: "play.challenge_received",
  render: ({ challengeId, from }, link) => ({
    messageId: "play.notification.challenge_received",
    values: { username: from },
    href: link("web_member_profile", { username: from }),
    actions: [
      { id: "accept", labelId: "play.notification.accept", doneId: "play.notification.accepted_done", primary: true, call: { kind: "socket", command: "challenge.accept", input: { id: challengeId } } },
      { id: "decline", labelId: "play.notification.decline", doneId: "play.notification.declined_done", call: { kind: "socket", command: "challenge.decline", input: { id: challengeId } } },
    ],
  }),
});

export const challengeAcceptedNotificationView = defineNotificationView<ChallengeAcceptedNotice>({
  type: "play.challenge_accepted",
  render: ({ by, gameId }, link) => ({ messageId: "play.notification.challenge_accepted", values: { username: by }, href: link("web_game", { id: gameId }) }),
});

export const challengeDeclinedNotificationView = defineNotificationView<ChallengeDeclinedNotice>({
  type: "play.challenge_declined",
  render: ({ by }, link) => ({ messageId: "play.notification.challenge_declined", values: { username: by }, href: link("web_member_profile", { username: by }) }),
});

export const yourMoveNotificationView = defineNotificationView<YourMoveNotice>({
  type: "play.your_move",
  render: ({ by, gameId }, link) => ({ messageId: "play.notification.your_move", values: { username: by }, href: link("web_game", { id: gameId }) }),
});

export const playNotificationViews = [challengeReceivedNotificationView, challengeAcceptedNotificationView, challengeDeclinedNotificationView, yourMoveNotificationView] as const;
