/**
 * How the clubs feature's notifications render (zod-free, for the bell and the
 * notifications page): an invitation into a club, with Join calling the join
 * route, and a join request answered.
 */
import { defineNotificationView } from "../../../platform/notifications/notification-types.ts";
import type { ClubInvitationNotice, ClubRequestAnsweredNotice } from "./club-notices.schema.ts";

export const clubInvitationNotificationView = defineNotificationView<ClubInvitationNotice>({
  type: "clubs.invitation",
  render: ({ from, clubUrl, clubName }, link) => ({
    messageId: "clubs.notification.invitation",
    values: { username: from, club: clubName },
    href: link("web_club", { url: clubUrl }),
    actions: [{ id: "join", labelId: "clubs.notification.join", doneId: "clubs.notification.joined", primary: true, call: { kind: "json", method: "POST", url: `/callback/club/join/${encodeURIComponent(clubUrl)}` } }],
  }),
});

export const clubRequestAnsweredNotificationView = defineNotificationView<ClubRequestAnsweredNotice>({
  type: "clubs.request_answered",
  render: ({ clubUrl, clubName, approved }, link) => ({
    messageId: approved ? "clubs.notification.request_approved" : "clubs.notification.request_denied",
    values: { club: clubName },
    href: link("web_club", { url: clubUrl }),
  }),
});

export const clubNotificationViews = [clubInvitationNotificationView, clubRequestAnsweredNotificationView] as const;
