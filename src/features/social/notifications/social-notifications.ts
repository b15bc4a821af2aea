/**
 * The social feature's notification types: a friend request received (with
 * Accept and Decline, calling the friend routes) and a request accepted.
 * Isomorphic: recorded by the social service, rendered by the bell and the
 * notifications page.
 */
import { z } from "zod";
import { defineNotificationType } from "../../../platform/notifications/notification-types.ts";

const username = z.string().min(1).max(64);

export const friendRequestNotification = defineNotificationType({
  type: "social.friend_request",
  payload: z.object({ from: username }),
  render: ({ from }, link) => ({
    messageId: "social.notification.friend_request",
    values: { username: from },
    href: link("web_member_profile", { username: from }),
    actions: [
      { id: "accept", labelId: "social.notification.accept", doneId: "social.notification.accepted_done", primary: true, call: { kind: "json", method: "PUT", url: `/callback/friend/${encodeURIComponent(from)}/accept` } },
      { id: "decline", labelId: "social.notification.decline", doneId: "social.notification.declined_done", call: { kind: "json", method: "DELETE", url: `/callback/friend/${encodeURIComponent(from)}/decline/request` } },
    ],
  }),
});

export const friendAcceptedNotification = defineNotificationType({
  type: "social.friend_accepted",
  payload: z.object({ by: username }),
  render: ({ by }, link) => ({ messageId: "social.notification.friend_accepted", values: { username: by }, href: link("web_member_profile", { username: by }) }),
});

export const socialNotificationTypes = [friendRequestNotification, friendAcceptedNotification] as const;
