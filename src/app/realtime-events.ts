/**
 * Every realtime event the application publishes, for the browser and the
 * hub alike (isomorphic: the feature definitions are server modules, so this
 * list names the same isomorphic event modules they carry; a test keeps the two equal).
 */
import { platformRealtimeEvents } from "../platform/realtime/platform-events.ts";
import { presenceRealtimeEvents } from "../features/presence/presence.events.ts";
import { socialRealtimeEvents } from "../features/social/social.events.ts";

export const appRealtimeEvents = [...platformRealtimeEvents, ...socialRealtimeEvents, ...presenceRealtimeEvents] as const;
