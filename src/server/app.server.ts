import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import type { DestinationStream } from "pino";
import { Redis } from "ioredis";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { openDatabase, type DatabaseHandle } from "../platform/db/client.server.ts";
import { messagesFor } from "../platform/i18n/messages.server.ts";
import { registerClientReports } from "../platform/http/client-reports.routes.server.ts";
import { registerPublicPlayerApi } from "../features/members/public-api/public-api.routes.server.ts";
import { registerJsonErrors } from "../platform/http/json-errors.server.ts";
import { registerRedirectGuard } from "../platform/http/redirect-guard.server.ts";
import { registerSiteOrigin } from "../platform/http/site-origin.server.ts";
import { answerClientError, answerFrameworkError, registerRequestHygiene, requestLogFields } from "../platform/http/request-hygiene.server.ts";
import { createEventBus, type EventBus } from "../platform/realtime/bus.server.ts";
import { registerRealtime } from "../platform/realtime/hub.server.ts";
import { createPresence, presenceSocketOptions } from "../features/presence/presence.server.ts";
import { registerPresenceRoutes } from "../features/presence/presence.routes.server.ts";
import { configureLinkErrors } from "../platform/links/links.ts";
import { seedDemoDataIfEmpty } from "../features/members/demo-data.server.ts";
import type { ServerConfig } from "./config.server.ts";
import { fastifyTrustProxy } from "./trust-proxy.ts";
import { registerHealthz } from "./plugins/healthz.server.ts";
import { registerHttpsGuard } from "./plugins/https-guard.server.ts";
import { registerPages } from "./plugins/pages.server.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.server.ts";
import { createServices } from "./services.server.ts";
import { registerSocialRoutes } from "../features/social/social.routes.server.ts";
import { inviterFromToken } from "../features/social/invite-link.server.ts";
import { registerMemberCallbackRoutes } from "../features/social/member-callbacks.routes.server.ts";
import { createSessionsService } from "../features/accounts/sessions.service.server.ts";
import { registerViewer } from "../features/accounts/viewer.server.ts";
import { registerSignInRoutes } from "../features/accounts/sign-in.routes.server.ts";
import { registerAccountActions } from "../features/accounts/account-actions.server.ts";
import { createSignInService } from "../features/accounts/sign-in.service.server.ts";
import { registerRegistrationRoutes } from "../features/accounts/registration/registration.routes.server.ts";
import { createRegistrationService } from "../features/accounts/registration/registration.service.server.ts";
import { sharedSecret } from "../platform/security/server-secrets.server.ts";
import { registerHumanCheck } from "../platform/security/human-check/human-check.server.ts";
import { registerTwoFactorRoutes } from "../features/accounts/two-factor/two-factor.routes.server.ts";
import { createTwoFactorService } from "../features/accounts/two-factor/two-factor.service.server.ts";
import { recoveryCodesKey } from "../features/accounts/two-factor/recovery-codes-flash.server.ts";
import { registerAccountSettingsRoutes } from "../features/accounts/settings/settings.routes.server.ts";
import { createAccountSettingsService } from "../features/accounts/settings/settings.service.server.ts";

export interface KingsideApp {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly bus: EventBus;
  close(): Promise<void>;
}

const buildDir = fileURLToPath(new URL("../../build", import.meta.url));

export async function loadServerBuild(): Promise<ServerBuild> {
  const module: ServerBuild = await import(pathToFileURL(`${buildDir}/server/index.js`).href);
  return module;
}

/**
 * The whole process, minus listen(): config -> database (migrated, seeded when
 * asked) -> bus -> services -> Fastify with its plugins and the pages.
 */
export async function createKingsideApp(config: ServerConfig, options: { build?: ServerBuild; logStream?: DestinationStream } = {}): Promise<KingsideApp> {
  configureLinkErrors("report", (error) => console.error(`Couldn't find missing route: ${error.message}`));
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  if (config.seedDemoData) await seedDemoDataIfEmpty(database.db);
  const bus = await createEventBus(config.redisUrl, { name: `kingside-${config.instanceId}` });
  const rateLimitRedis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false }) : null;

  const app = Fastify({
    logger: { level: config.logLevel, serializers: { req: requestLogFields }, ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 256 * 1024,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  registerJsonErrors(app);
  registerRequestHygiene(app);
  registerRedirectGuard(app);
  registerSiteOrigin(app, config.siteUrl);
  registerHttpsGuard(app, { httpsOnly: config.httpsOnly });
  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyRateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: "ks-rate:" } : {}),
  });

  const sessions = createSessionsService(database.db);
  const csrfSecret = await sharedSecret(database.db, "csrf", process.env.CSRF_SECRET);
  registerViewer(app, { db: database.db, sessions, features: config.features, csrfSecret, cookies: { secure: config.httpsOnly } });

  const cookies = { secure: config.httpsOnly };
  // After the viewer (its CSRF check runs first) and before the routes whose config names a humanCheck action.
  registerHumanCheck(app, { db: database.db, secret: await sharedSecret(database.db, "human-check", process.env.HUMAN_CHECK_SECRET), cookies, actions: config.humanCheckLimits, siteHost: config.siteUrl?.host ?? null });
  registerSignInRoutes(app, { signIn: createSignInService(database.db), sessions, csrfSecret, cookies });
  const membershipExpiry = registerAccountActions(app, { db: database.db, sessions });
  registerTwoFactorRoutes(app, { twoFactor: createTwoFactorService(database.db), sessions, cookies, recoveryCodesKey: recoveryCodesKey(database.db) });
  registerAccountSettingsRoutes(app, { settings: createAccountSettingsService(database.db), csrfSecret, cookies });
  const services = createServices(database.db, bus);
  const inviteSecret = await sharedSecret(database.db, "invite");
  registerRegistrationRoutes(app, {
    signIn: createSignInService(database.db),
    registration: createRegistrationService(database.db),
    sessions,
    csrfSecret,
    cookies,
    acceptInvite: async (newMemberId, token) => {
      const inviterId = inviterFromToken(inviteSecret, token);
      if (inviterId !== null) await services.social.befriendByInvite(inviterId, newMemberId);
    },
  });

  registerHealthz(app, { database, bus, instanceId: config.instanceId });
  registerClientReports(app, { db: database.db, features: config.features });
  await registerPublicPlayerApi(app, { db: database.db });
  const presence = await createPresence({ db: database.db, bus, redisUrl: config.redisUrl, name: `kingside-${config.instanceId}`, log: app.log });
  await registerRealtime(app, { bus, instanceId: config.instanceId, ...presenceSocketOptions(presence.service) });
  registerPresenceRoutes(app, { presence: presence.service });

  registerSocialRoutes(app, { social: services.social, features: config.features });
  registerMemberCallbackRoutes(app, { social: services.social, items: services.memberItems, cards: services.userCards, features: config.features, inviteSecret });
  await registerPages(app, {
    build: options.build ?? (await loadServerBuild()),
    clientDir: `${buildDir}/client`,
    production: config.production,
    context: { services, features: config.features, messagesFor, production: config.production, siteHost: config.siteUrl?.host ?? null },
  });

  return {
    app,
    database,
    bus,
    async close() {
      await membershipExpiry.stop();
      await app.close();
      // Records the last-seen times of this instance's members, so before the bus and the database.
      await presence.close();
      await bus.close();
      rateLimitRedis?.disconnect();
      await database.close();
    },
  };
}
