/**
 * Every realtime event the application publishes, for the browser and the
 * hub alike (isomorphic: the feature definitions are server modules, so this
 * list names the same isomorphic event modules they carry; a test keeps the two equal).
 */
import { demoRealtime } from "../platform/realtime/demo-room.ts";
import { presenceRealtime } from "../features/presence/presence.realtime.ts";
import { friendEvents } from "../features/social/social.events.ts";
import { playRealtimeEvents } from "../features/play/play.events.ts";
import { notificationEvents } from "../features/notifications/notifications.events.ts";

export const appRealtimeEvents = [...demoRealtime.events, ...notificationEvents, ...friendEvents, ...presenceRealtime.events, ...playRealtimeEvents] as const;
