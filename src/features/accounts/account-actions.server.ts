import type { FastifyInstance } from "fastify";
import type { Database } from "../../platform/db/client.server.ts";
import { createBuiltinMembershipProvider, createMembershipService, startMembershipExpiryJob, type MembershipExpiryJob } from "./membership/membership.service.server.ts";
import { registerMembershipRoutes } from "./membership/membership.routes.server.ts";
import { createPreferencesService } from "./preferences/preferences.service.server.ts";
import { registerPreferencesRoutes } from "./preferences/preferences.routes.server.ts";
import { registerRolesRoutes } from "./roles.routes.server.ts";
import type { SessionsService } from "./sessions.service.server.ts";
import { createStaffService } from "./staff/staff.service.server.ts";
import { registerStaffRoutes } from "./staff/staff.routes.server.ts";

/** How often expired memberships are lowered back to basic. */
export const MEMBERSHIP_EXPIRY_INTERVAL_MS = 60_000;

/**
 * The member's own account actions and the staff ones: the roles endpoint,
 * display preferences, memberships (grant, gift, checkout) and disabling or
 * enabling accounts; plus the membership expiry job, which the returned
 * handle stops (the server's close() calls it).
 */
export function registerAccountActions(app: FastifyInstance, deps: { db: Database; sessions: SessionsService; expiryIntervalMs?: number }): MembershipExpiryJob {
  registerRolesRoutes(app);
  registerPreferencesRoutes(app, { preferences: createPreferencesService(deps.db) });
  registerMembershipRoutes(app, { membership: createMembershipService(deps.db, createBuiltinMembershipProvider(deps.db)) });
  registerStaffRoutes(app, { staff: createStaffService(deps.db, deps.sessions) });
  return startMembershipExpiryJob(deps.db, {
    intervalMs: deps.expiryIntervalMs ?? MEMBERSHIP_EXPIRY_INTERVAL_MS,
    onError: (error) => app.log.error({ err: error }, "membership expiry failed"),
  });
}
