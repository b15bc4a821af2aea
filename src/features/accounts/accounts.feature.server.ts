import type { FastifyRequest } from "fastify";
import { defineFeature, type FeatureContext, type PlatformDeps } from "../../platform/features/feature-definition.server.ts";
import type { PageRequestIdentity } from "../../platform/http/load-context.ts";
import * as accountsTables from "./accounts.tables.server.ts";
import { createBuiltinMembershipProvider, createMembershipService, expireMemberships } from "./membership/membership.service.server.ts";
import { registerMembershipRoutes } from "./membership/membership.routes.server.ts";
import { createPreferencesService } from "./preferences/preferences.service.server.ts";
import { registerPreferencesRoutes } from "./preferences/preferences.routes.server.ts";
import { createRegistrationService } from "./registration/registration.service.server.ts";
import { registerRegistrationRoutes } from "./registration/registration.routes.server.ts";
import { registerRolesRoutes } from "./roles.routes.server.ts";
import { createSessionsEndedNotice } from "../../platform/realtime/sessions-ended.server.ts";
import { createSessionsService } from "./sessions.service.server.ts";
import { createAccountSettingsService } from "./settings/settings.service.server.ts";
import { registerAccountSettingsRoutes } from "./settings/settings.routes.server.ts";
import { createSignInService } from "./sign-in.service.server.ts";
import { registerSignInRoutes } from "./sign-in.routes.server.ts";
import { createStaffService } from "./staff/staff.service.server.ts";
import { registerStaffRoutes } from "./staff/staff.routes.server.ts";
import { recoveryCodesKey } from "./two-factor/recovery-codes-flash.server.ts";
import { createTwoFactorService } from "./two-factor/two-factor.service.server.ts";
import { registerTwoFactorRoutes } from "./two-factor/two-factor.routes.server.ts";
import { registerViewer } from "./viewer.server.ts";

/** How often expired memberships are lowered back to basic. */
export const MEMBERSHIP_EXPIRY_INTERVAL_MS = 60_000;

function createAccountsServices({ db, outbox }: PlatformDeps) {
  // Every way a session ends closes its sockets, on every instance.
  const sessionsEnded = createSessionsEndedNotice(outbox);
  const sessions = createSessionsService(db, undefined, sessionsEnded);
  return {
    sessions,
    signIn: createSignInService(db),
    registration: createRegistrationService(db),
    twoFactor: createTwoFactorService(db),
    /** Seals recovery codes on their way to the next page. */
    recoveryCodesKey: recoveryCodesKey(db),
    accountSettings: createAccountSettingsService(db, undefined, sessionsEnded),
    preferences: createPreferencesService(db),
    membership: createMembershipService(db, createBuiltinMembershipProvider(db)),
    staff: createStaffService(db, sessions),
  };
}

export type AccountsServices = ReturnType<typeof createAccountsServices>;

/**
 * Accounts: members, sessions and the viewer of every request, sign-in with
 * two-factor, registration, settings, preferences, memberships and the staff
 * tools. Its request hooks (who is asking, the CSRF check) run before every
 * other feature's routes.
 */
export const accountsFeature = defineFeature<AccountsServices>({
  name: "accounts",
  tables: accountsTables,
  messageCatalogs: ["features/accounts/messages", "features/accounts/membership/messages", "features/accounts/preferences/messages", "features/accounts/registration/messages", "features/accounts/settings/messages", "features/accounts/staff/messages", "features/accounts/two-factor/messages"],
  createServices: createAccountsServices,

  registerRequestHooks(app, { db, services, flags, csrfSecret, cookies }) {
    registerViewer(app, { db, sessions: services.sessions, features: flags, csrfSecret, cookies });
  },

  registerRoutes(app, context: FeatureContext) {
    const { services, csrfSecret, cookies } = context;
    const signInDeps = { signIn: services.signIn, sessions: services.sessions, csrfSecret, cookies };
    registerSignInRoutes(app, signInDeps);
    registerRolesRoutes(app);
    registerPreferencesRoutes(app, { preferences: services.preferences });
    registerMembershipRoutes(app, { membership: services.membership });
    registerStaffRoutes(app, { staff: services.staff });
    registerTwoFactorRoutes(app, { twoFactor: services.twoFactor, sessions: services.sessions, cookies, recoveryCodesKey: services.recoveryCodesKey });
    registerAccountSettingsRoutes(app, { settings: services.accountSettings, csrfSecret, cookies });
    registerRegistrationRoutes(app, {
      ...signInDeps,
      registration: services.registration,
      // Registering through a member's invite link befriends them (the social feature's rule).
      acceptInvite: (newMemberId, token) => services.socialInvites.accept(newMemberId, token),
    });
  },

  jobs: ({ db, log }) => [
    {
      name: "accounts.membership-expiry",
      everyMs: MEMBERSHIP_EXPIRY_INTERVAL_MS,
      runOn: "leader",
      async run({ now }) {
        const lowered = await expireMemberships(db, now);
        if (lowered > 0) log.info({ lowered }, "expired memberships lowered to basic");
      },
    },
  ],
});

/** Who asks for a page, as the viewer hook learnt it: what the pages plugin hands the loaders. */
export function pageIdentityOf(request: FastifyRequest): PageRequestIdentity {
  return { viewer: request.viewer.user, csrfToken: request.viewer.csrfToken };
}
