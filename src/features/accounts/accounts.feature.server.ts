import type { PeriodicJobDefinition } from "../../platform/jobs/job-types.ts";
import { accountDomainEvents } from "./accounts.domain-events.server.ts";
import type { FastifyRequest } from "fastify";
import { defineFeature, serviceFrom, type FeatureContext, type PlatformDeps, type FeatureDefinition } from "../../platform/composition/feature-definition.server.ts";
import type { PageRequestIdentity } from "../../platform/http/load-context.ts";
import type { ClubRoleSource } from "./club-role-source.ts";
import * as accountsTables from "./accounts.tables.server.ts";
import { createBuiltinMembershipProvider, createMembershipService } from "./membership/membership.service.server.ts";
import { createAccountMail } from "./account-mail/account-mail.server.ts";
import { accountsJobs } from "./accounts.jobs.server.ts";
import { registerMembershipRoutes } from "./membership/membership.routes.server.ts";
import { createPreferencesService } from "./preferences/preferences.service.server.ts";
import { createBoardOptionsService } from "./board-options/board-options.service.server.ts";
import { registerBoardOptionsRoutes } from "./board-options/board-options.routes.server.ts";
import { createFlairService } from "./flair/flair.service.server.ts";
import { registerFlairRoutes } from "./flair/flair.routes.server.ts";
import { registerPreferencesRoutes } from "./preferences/preferences.routes.server.ts";
import { createRegistrationService } from "./registration/registration.service.server.ts";
import { registerRegistrationRoutes } from "./registration/registration.routes.server.ts";
import { registerRolesRoutes } from "./roles.routes.server.ts";
import { createSessionsEndedNotice } from "../../platform/realtime/sessions-ended.server.ts";
import { createMemberDirectory } from "./member-directory.service.server.ts";
import { createListedMembers } from "./listed-members.service.server.ts";
import { createSessionsService } from "./sessions.service.server.ts";
import { sessionCookieName } from "./session-cookie.server.ts";
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
import { createAccountTokens } from "./email-links/account-tokens.server.ts";
import { createPasswordResetService } from "./password-reset/password-reset.service.server.ts";
import { registerPasswordResetRoutes } from "./password-reset/password-reset.routes.server.ts";
import { createCredentialsService } from "./settings/credentials.service.server.ts";
import { createProfileService } from "./profile/profile.service.server.ts";
import { registerProfileRoutes } from "./profile/profile.routes.server.ts";

function createAccountsServices({ db, outbox, mailer, storage, log, cookies, domainEvents }: PlatformDeps, clubRoles: ClubRoleSource) {
  // Every way a session ends closes its sockets, on every instance.
  const sessionsEnded = createSessionsEndedNotice(outbox);
  // Club roles come with the session in its one query; the clubs feature, listed before accounts, owns them.
  const sessions = createSessionsService(db, undefined, sessionsEnded, clubRoles);
  const accountMail = createAccountMail(mailer, log);
  const accountTokens = createAccountTokens(db);
  return {
    sessions,
    /** The session cookie's name under this server's cookie policy (pages read it from the raw Cookie header). */
    sessionCookieName: sessionCookieName(cookies),
    sessionsEnded,
    /** Notices to members by email (sign-in attempts, registration). */
    accountMail,
    // The member hears by mail when wrong passwords start slowing sign-ins to their account.
    signIn: createSignInService(db, { notice: (user, siteOrigin) => accountMail.send("sign_in_attempts", user, siteOrigin) }),
    registration: createRegistrationService(db, undefined, domainEvents),
    twoFactor: createTwoFactorService(db),
    /** Seals recovery codes on their way to the next page. */
    recoveryCodesKey: recoveryCodesKey(db),
    accountSettings: createAccountSettingsService(db, undefined, sessionsEnded, domainEvents),
    /** "Forgot password?": single-use links by email. */
    passwordReset: createPasswordResetService(db, { tokens: accountTokens, sessions, mail: accountMail }),
    /** The member's password and email address (/settings). */
    credentials: createCredentialsService(db, { tokens: accountTokens, sessions, mail: accountMail }),
    /** The member's profile fields and avatar, and staff's profile-editing switch. */
    profile: createProfileService(db, storage),
    preferences: createPreferencesService(db),
    /** The member's board options and site theme (the settings service's users/me). */
    boardOptions: createBoardOptionsService(db),
    /** The flair beside a member's name: choosing it, hiding it, the moderators' reset. */
    flair: createFlairService(db),
    membership: createMembershipService(db, createBuiltinMembershipProvider(db)),
    staff: createStaffService(db, sessions, undefined, domainEvents),
    /** How other features read members (batched by ids), instead of joining the members table. */
    memberDirectory: createMemberDirectory(db),
    /** The site's member lists and counts (the home page's). */
    listedMembers: createListedMembers(db),
  };
}

export type AccountsServices = ReturnType<typeof createAccountsServices>;

/**
 * Accounts: members, sessions and the viewer of every request, sign-in with
 * two-factor, registration, settings, preferences, memberships and the staff
 * tools. Its request hooks (who is asking, the CSRF check) run before every
 * other feature's routes.
 */
export const accountsFeature: FeatureDefinition<AccountsServices> = defineFeature<AccountsServices>({
  name: "accounts",
  tables: accountsTables,
  messageCatalogs: ["features/accounts/messages", "features/accounts/board-options/messages", "features/accounts/flair/messages", "features/accounts/account-mail/messages", "features/accounts/membership/messages", "features/accounts/password-reset/messages", "features/accounts/preferences/messages", "features/accounts/profile/messages", "features/accounts/registration/messages", "features/accounts/settings/messages", "features/accounts/staff/messages", "features/accounts/two-factor/messages"],
  createServices: (deps, earlier) => createAccountsServices(deps, serviceFrom(earlier, "clubRoles", "accounts")),
  domainEvents: accountDomainEvents,

  registerRequestHooks(app, { db, services, flags, csrfSecret, cookies }) {
    registerViewer(app, { db, sessions: services.sessions, features: flags, csrfSecret, cookies });
  },

  async registerRoutes(app, context: FeatureContext) {
    const { services, csrfSecret, cookies } = context;
    const signInDeps = { signIn: services.signIn, sessions: services.sessions, csrfSecret, cookies };
    registerSignInRoutes(app, signInDeps);
    registerRolesRoutes(app);
    registerPreferencesRoutes(app, { preferences: services.preferences });
    registerBoardOptionsRoutes(app, { boardOptions: services.boardOptions });
    registerFlairRoutes(app, { flair: services.flair });
    // A gift never reaches a member who blocked the giver (the social feature's one contact rule).
    registerMembershipRoutes(app, { membership: services.membership, contacts: (giverId, targetId) => services.contactGuard.refusal(giverId, targetId) });
    registerStaffRoutes(app, { staff: services.staff });
    registerTwoFactorRoutes(app, { twoFactor: services.twoFactor, sessions: services.sessions, cookies, csrfSecret, recoveryCodesKey: services.recoveryCodesKey, accountMail: services.accountMail });
    registerAccountSettingsRoutes(app, { settings: services.accountSettings, credentials: services.credentials, csrfSecret, cookies });
    registerPasswordResetRoutes(app, { passwordReset: services.passwordReset });
    await registerProfileRoutes(app, { profile: services.profile });
    registerRegistrationRoutes(app, {
      ...signInDeps,
      registration: services.registration,
      accountMail: services.accountMail,
      // Registering through a member's invite link befriends them (the social feature's rule).
      acceptInvite: (newMemberId, token) => services.socialInvites.accept(newMemberId, token),
    });
  },

  jobs: ({ db, services }): readonly PeriodicJobDefinition[] => accountsJobs(db, services.sessionsEnded),
});

/** Who asks for a page, as the viewer hook learnt it: what the pages plugin hands the loaders. */
export function pageIdentityOf(request: FastifyRequest): PageRequestIdentity {
  return { viewer: request.viewer.user, csrfToken: request.viewer.csrfToken };
}
