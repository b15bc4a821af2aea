import type { FastifyInstance } from "fastify";
import type { Database } from "../../platform/db/client.server.ts";
import { createBuiltinMembershipProvider, createMembershipService } from "./membership/membership.service.server.ts";
import { registerMembershipRoutes } from "./membership/membership.routes.server.ts";
import { createPreferencesService } from "./preferences/preferences.service.server.ts";
import { registerPreferencesRoutes } from "./preferences/preferences.routes.server.ts";
import { registerRolesRoutes } from "./roles.routes.server.ts";
import type { SessionsService } from "./sessions.service.server.ts";
import { createStaffService } from "./staff/staff.service.server.ts";
import { registerStaffRoutes } from "./staff/staff.routes.server.ts";

/**
 * The member's own account actions and the staff ones: the roles endpoint,
 * display preferences, memberships (grant, gift, checkout) and disabling or
 * enabling accounts. (The membership expiry runs as a job: accounts.jobs.server.ts.)
 */
export function registerAccountActions(app: FastifyInstance, deps: { db: Database; sessions: SessionsService }): void {
  registerRolesRoutes(app);
  registerPreferencesRoutes(app, { preferences: createPreferencesService(deps.db) });
  registerMembershipRoutes(app, { membership: createMembershipService(deps.db, createBuiltinMembershipProvider(deps.db)) });
  registerStaffRoutes(app, { staff: createStaffService(deps.db, deps.sessions) });
}
