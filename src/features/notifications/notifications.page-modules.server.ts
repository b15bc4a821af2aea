import type { RouteModule } from "../../platform/links/route-modules.server.ts";
import type { notificationsPages } from "./notifications.pages.ts";

export const notificationsPageModules: Readonly<Record<(typeof notificationsPages)[number]["name"], RouteModule>> = {
  web_notifications: { file: "features/notifications/pages/notifications-page.tsx" },
};
