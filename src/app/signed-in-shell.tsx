import type { ReactNode } from "react";
import type { SignedInSlots } from "../platform/shell/shell-slots.ts";
import { FriendEventsLayer } from "../features/social/card/friend-events.tsx";
import { CurrentGamesItem } from "../features/play/lobby/current-games-item.tsx";
import { PlayNoticesLayer } from "../features/play/lobby/play-layer.tsx";
import { NotificationBell } from "../features/notifications/components/notification-bell.tsx";
import { NotificationsProvider } from "../features/notifications/components/notifications-context.tsx";
import { appNotificationTypes } from "./notification-types.ts";

/** The member's notifications for the bell and the page, rendered through every feature's types. */
function NotificationsLayer({ children }: { children: ReactNode }) {
  return <NotificationsProvider types={appNotificationTypes}>{children}</NotificationsProvider>;
}

/**
 * The features' UI that only a signed-in visitor has: a chunk of its own,
 * loaded by src/app/app-shell-slots.tsx only for them (decision 0035). Tagged
 * @signedInOnly: an anonymous page is not sent its messages.
 */
export const signedInSlots: SignedInSlots = {
  layers: [FriendEventsLayer, NotificationsLayer, PlayNoticesLayer],
  headerItems: [NotificationBell, CurrentGamesItem],
};
