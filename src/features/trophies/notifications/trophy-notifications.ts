/**
 * How the trophy notifications render (zod-free, for the bell and the
 * notifications page): a trophy a member awarded you, and one the site
 * awarded for an achievement; both lead to your trophy cabinet.
 */
import { defineNotificationView } from "../../../platform/notifications/notification-types.ts";
import type { TrophyAwardedNotice, TrophyEarnedNotice } from "./trophy-notices.schema.ts";

export const trophyAwardedNotificationView = defineNotificationView<TrophyAwardedNotice>({
  type: "trophies.awarded",
  render: ({ from, recipient }, link) => ({
    messageId: "trophies.notification.awarded",
    values: { username: from },
    href: link("web_member_profile", { username: recipient.toLowerCase() }, { anchor: "trophies" }),
  }),
});

export const trophyEarnedNotificationView = defineNotificationView<TrophyEarnedNotice>({
  type: "trophies.earned",
  render: ({ recipient }, link) => ({
    messageId: "trophies.notification.earned",
    values: {},
    href: link("web_member_profile", { username: recipient.toLowerCase() }, { anchor: "trophies" }),
  }),
});

export const trophyNotificationViews = [trophyAwardedNotificationView, trophyEarnedNotificationView] as const;
