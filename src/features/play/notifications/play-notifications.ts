/**
 * Online play's notification types: a challenge received (Accept and Decline
 * through the play socket commands), accepted (to the game), declined, and
 * your move in a daily game. Isomorphic: recorded with play's events in the
 * same transaction, rendered by the bell and the notifications page.
 */
import { z } from "zod";
import { defineNotificationType } from "../../../platform/notifications/notification-types.ts";

const username = z.string().min(1).max(64);
const id = z.number().int().positive();

export const challengeReceivedNotification = defineNotificationType({
  type: "play.challenge_received",
  payload: z.object({ challengeId: id, from: username }),
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

export const challengeAcceptedNotification = defineNotificationType({
  type: "play.challenge_accepted",
  payload: z.object({ challengeId: id, by: username, gameId: id }),
  render: ({ by, gameId }, link) => ({ messageId: "play.notification.challenge_accepted", values: { username: by }, href: link("web_game", { id: gameId }) }),
});

export const challengeDeclinedNotification = defineNotificationType({
  type: "play.challenge_declined",
  payload: z.object({ challengeId: id, by: username }),
  render: ({ by }, link) => ({ messageId: "play.notification.challenge_declined", values: { username: by }, href: link("web_member_profile", { username: by }) }),
});

export const yourMoveNotification = defineNotificationType({
  type: "play.your_move",
  payload: z.object({ gameId: id, by: username }),
  render: ({ by, gameId }, link) => ({ messageId: "play.notification.your_move", values: { username: by }, href: link("web_game", { id: gameId }) }),
});

export const playNotificationTypes = [challengeReceivedNotification, challengeAcceptedNotification, challengeDeclinedNotification, yourMoveNotification] as const;
