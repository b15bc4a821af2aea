/**
 * Every notification type the application records, for the browser (the
 * bell and the notifications page render through it). Isomorphic: the
 * feature definitions are server modules, so this list names the same type
 * modules they carry; features.test.ts keeps the two equal.
 */
import { clubNotificationViews } from "../features/clubs/notifications/club-notifications.ts";
import { clubForumNotificationViews } from "../features/clubs/forum/notifications/club-forum-notifications.ts";
import { playNotificationViews } from "../features/play/notifications/play-notifications.ts";
import { socialNotificationViews } from "../features/social/notifications/social-notifications.ts";
import { trophyNotificationViews } from "../features/trophies/notifications/trophy-notifications.ts";

export const appNotificationTypes = [...socialNotificationViews, ...clubNotificationViews, ...clubForumNotificationViews, ...playNotificationViews, ...trophyNotificationViews] as const;
