import type { PeriodicJobDefinition } from "../../platform/jobs/job-types.ts";
import type { NotificationsService } from "./notifications.service.server.ts";

/**
 * Old notices, and the sending limits' closed counters, are pruned hourly by
 * one leased leader (the batches are claimed, so a second runner would only
 * find less).
 */
export function notificationsJobs(notifications: NotificationsService): PeriodicJobDefinition[] {
  return [
    { name: "notifications.prune", everyMs: 3_600_000, runOn: "leader", run: async ({ now, signal }) => void (await notifications.prune(now, signal)) },
    { name: "notifications.prune-limits", everyMs: 3_600_000, runOn: "leader", run: async ({ now, signal }) => void (await notifications.pruneLimits(now, signal)) },
  ];
}
