/**
 * How the social feature's notifications render: a friend request received
 * (with Accept and Decline, calling the friend routes) and a request
 * accepted. Zod-free, for the bell and the notifications page; the payload
 * schemas are in social-notices.schema.ts.
 */
import { defineNotificationView } from "../../../platform/notifications/notification-types.ts";
import type { FriendAcceptedNotice, FriendRequestNotice } from "./social-notices.schema.ts";

export const friendRequestNotificationView = defineNotificationView<FriendRequestNotice>({
  type: "social.friend_request",
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

export const friendAcceptedNotificationView = defineNotificationView<FriendAcceptedNotice>({
  type: "social.friend_accepted",
  render: ({ by }, link) => ({ messageId: "social.notification.friend_accepted", values: { username: by }, href: link("web_member_profile", { username: by }) }),
});

export const socialNotificationViews = [friendRequestNotificationView, friendAcceptedNotificationView] as const;
