import { defineFeature, type FeatureDefinition, type PlatformDeps } from "../../platform/composition/feature-definition.server.ts";
import type { PeriodicJobDefinition } from "../../platform/jobs/job-types.ts";
import { notificationEvents } from "./notifications.realtime-events.server.ts";
import { notificationsJobs } from "./notifications.jobs.server.ts";
import { registerNotificationRoutes } from "./notifications.routes.server.ts";
import { createNotificationsService } from "./notifications.service.server.ts";
import * as notificationsTables from "./notifications.tables.server.ts";

function createNotificationsServices({ db, outbox, clock }: PlatformDeps) {
  return { notifications: createNotificationsService(db, outbox, () => new Date(clock())) };
}

export type NotificationsServices = ReturnType<typeof createNotificationsServices>;

/**
 * Notifications: what a member was told while away, the bell's unread count
 * and the notifications page. Other features record into it through
 * `services.notifications.recorder` (in their own transactions) and list their
 * types in their definitions' `notificationTypes`; it owns no type itself.
 */
export const notificationsFeature: FeatureDefinition<NotificationsServices> = defineFeature<NotificationsServices>({
  name: "notifications",
  tables: notificationsTables,
  messageCatalogs: ["features/notifications/messages"],
  createServices: createNotificationsServices,
  realtimeEvents: notificationEvents,
  registerRoutes(app, { services }) {
    registerNotificationRoutes(app, services.notifications);
  },
  jobs: ({ services }): readonly PeriodicJobDefinition[] => notificationsJobs(services.notifications),
});
