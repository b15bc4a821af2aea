import type { ReactNode } from "react";
import type { ShellSlots } from "../platform/shell/shell-slots.ts";
import { SocialLayer } from "../features/social/card/social-layer.tsx";
import { AccountModalLayer } from "../features/accounts/components/account-modal.tsx";
import { CurrentGamesItem } from "../features/play/lobby/current-games-item.tsx";
import { PlayLayer } from "../features/play/lobby/play-layer.tsx";
import { NotificationBell } from "../features/notifications/components/notification-bell.tsx";
import { NotificationsProvider } from "../features/notifications/components/notifications-context.tsx";
import { MemberSearchBox } from "../features/members/search/member-search-box.tsx";
import { appNotificationTypes } from "./notification-types.ts";

/** The member's notifications for the bell and the page, rendered through every feature's types. */
function NotificationsLayer({ children }: { children: ReactNode }) {
  return <NotificationsProvider types={appNotificationTypes}>{children}</NotificationsProvider>;
}

/** The features' UI in the shell: the composition root's counterpart of the feature list, for the browser. */
export const appShellSlots: ShellSlots = {
  layers: [AccountModalLayer, SocialLayer, NotificationsLayer, PlayLayer],
  headerItems: [NotificationBell, CurrentGamesItem],
  headerTools: [MemberSearchBox],
};
