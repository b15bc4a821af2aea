import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import type { DestinationStream } from "pino";
import { Redis } from "ioredis";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { appRoot } from "../platform/app-root.server.ts";
import { openDatabase, type DatabaseHandle } from "../platform/db/client.server.ts";
import { composeFeatures } from "../platform/composition/compose-features.server.ts";
import type { FeatureDefinition } from "../platform/composition/feature-definition.server.ts";
import { messagesFor, serializedPageMessagesFor } from "../platform/i18n/messages.server.ts";
import { registerCompression } from "../platform/http/compression.server.ts";
import { registerJsonErrors } from "../platform/http/json-errors.server.ts";
import { registerRedirectGuard } from "../platform/http/redirect-guard.server.ts";
import { registerSiteOrigin } from "../platform/http/site-origin.server.ts";
import { registerSameOriginWrites } from "../platform/http/same-origin-writes.server.ts";
import { answerClientError, answerFrameworkError, registerRequestHygiene, requestLogFields } from "../platform/http/request-hygiene.server.ts";
import { createMailer } from "../platform/mail/create-mailer.server.ts";
import { createLocalDiskStorage } from "../platform/storage/local-disk-storage.server.ts";
import { registerUploads } from "../platform/storage/uploads.server.ts";
import { createEventBus, type EventBus } from "../platform/realtime/bus.server.ts";
import { registerRealtime } from "../platform/realtime/hub.server.ts";
import { createOutboxRelay } from "../platform/realtime/outbox.server.ts";
import { createDomainEventDispatcher } from "../platform/domain-events/domain-event-dispatcher.server.ts";
import { configureLinkErrors } from "../platform/links/links.ts";
import { sharedSecret } from "../platform/security/server-secrets.server.ts";
import { humanCheckCounterPruneJob, registerHumanCheck } from "../platform/security/human-check/human-check.server.ts";
import { createJobRunner, type JobRunner } from "../platform/jobs/job-runner.server.ts";
import { appFeatures, appPageIdentity, identifySocket } from "../app/features.server.ts";
import "../app/app-types.ts";
import { installAppPages } from "../app/pages.server.ts";
import type { Services } from "../platform/http/load-context.ts";
import { seedDemoDataIfEmpty } from "./seed/demo-data.server.ts";
import type { ServerConfig } from "./config.server.ts";
import { fastifyTrustProxy } from "./trust-proxy.ts";
import { registerHealthz } from "./plugins/healthz.server.ts";
import { registerHttpsGuard } from "./plugins/https-guard.server.ts";
import { registerPages } from "./plugins/pages.server.ts";
import { registerPrivateResponses, registerSecurityHeaders } from "./plugins/security-headers.server.ts";

export interface KingsideApp {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly bus: EventBus;
  /** The periodic jobs of every feature (tests run one with jobs.runNow(name)). */
  readonly jobs: JobRunner;
  /** Every feature's services (tests register what a later feature would, e.g. a club event source). */
  readonly services: Services;
  close(options?: CloseOptions): Promise<void>;
}

export interface CloseOptions {
  /**
   * How long responses still being written may take to finish before their
   * connections are cut (default 5 s). Idle keep-alive connections close at
   * once; a response its client stopped reading would otherwise hold close()
   * until the socket timed out, 72 s later.
   */
  readonly drainMs?: number;
}

const DEFAULT_DRAIN_MS = 5_000;

const buildDir = join(appRoot, "build");

export async function loadServerBuild(): Promise<ServerBuild> {
  // The build is written by `react-router build`; its module is the ServerBuild that the React Router listener expects.
  const module = (await import(pathToFileURL(`${buildDir}/server/index.js`).href)) as ServerBuild;
  return module;
}

/**
 * The whole process, minus listen(): config -> database (migrated, seeded when
 * asked) -> bus -> services -> Fastify with its plugins and the pages.
 */
export async function createKingsideApp(
  config: ServerConfig,
  /** `clock`: the application's clock (tests move it forward); Date.now by default. `extraFeatures`: appended to the list (a test's subscriber). */
  options: { build?: ServerBuild; logStream?: DestinationStream; clock?: () => number; extraFeatures?: readonly FeatureDefinition[] } = {},
): Promise<KingsideApp> {
  configureLinkErrors("report", (error) => console.error(`Couldn't find missing route: ${error.message}`));
  installAppPages();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  if (config.seedDemoData) await seedDemoDataIfEmpty(database.db, { finishedGames: config.demoGames });
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
  registerRedirectGuard(app, config.siteUrl?.host ?? null);
  registerSiteOrigin(app, config.siteUrl);
  registerSameOriginWrites(app, config.siteUrl?.host ?? null);
  registerHttpsGuard(app, { httpsOnly: config.httpsOnly, siteUrl: config.siteUrl });
  registerSecurityHeaders(app);
  await registerCompression(app);
  await app.register(fastifyCookie);
  registerPrivateResponses(app);
  await app.register(fastifyFormbody);
  await app.register(fastifyRateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: "ks-rate:" } : {}),
  });

  const cookies = { secure: config.httpsOnly };
  // Events that follow a write leave through the outbox; its retry is the platform's job.
  const outbox = createOutboxRelay({ db: database.db, bus, log: app.log });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.mailOutboxDir, from: config.mailFrom }, app.log);
  const storage = createLocalDiskStorage(config.uploadsDir);
  const domainEvents = createDomainEventDispatcher({ db: database.db, log: app.log });
  const features = await composeFeatures([...appFeatures, ...(options.extraFeatures ?? [])], {
    db: database.db,
    bus,
    outbox,
    domainEvents,
    mailer,
    storage,
    identityOf: appPageIdentity,
    redisUrl: config.redisUrl,
    instanceId: config.instanceId,
    flags: config.features,
    cookies,
    csrfSecret: await sharedSecret(database.db, "csrf", process.env.CSRF_SECRET),
    log: app.log,
    clock: options.clock ?? Date.now,
    demoData: config.seedDemoData && !config.production,
  });
  await features.registerRequestHooks(app);
  // After the viewer (its CSRF check runs first) and before the routes whose config names a humanCheck action.
  registerHumanCheck(app, { db: database.db, secret: await sharedSecret(database.db, "human-check", process.env.HUMAN_CHECK_SECRET), cookies, actions: config.humanCheckLimits, siteHost: config.siteUrl?.host ?? null });
  registerHealthz(app, { database, bus, instanceId: config.instanceId });
  registerUploads(app, storage);
  await features.registerRoutes(app);
  await registerRealtime(app, {
    bus,
    instanceId: config.instanceId,
    identify: identifySocket,
    roomKinds: features.roomKinds,
    events: features.realtimeEvents,
    commands: features.socketCommands,
    onConnection: features.onSocketConnection,
    verifyUpgrade: features.verifyUpgrade,
  });
  await registerPages(app, {
    build: options.build ?? (await loadServerBuild()),
    clientDir: `${buildDir}/client`,
    production: config.production,
    context: { services: features.services, features: config.features, messagesFor, serializedPageMessagesFor, production: config.production, siteHost: config.siteUrl?.host ?? null },
    identityOf: appPageIdentity,
  });
  const jobs = createJobRunner({
    db: database.db,
    instanceId: config.instanceId,
    jobs: [...features.jobs, humanCheckCounterPruneJob(database.db, config.humanCheckLimits)],
    log: app.log,
  });
  jobs.start();

  return {
    app,
    database,
    bus,
    jobs,
    services: features.services,
    async close({ drainMs = DEFAULT_DRAIN_MS }: CloseOptions = {}) {
      // First: a job may use the database, the bus or presence.
      await jobs.stop();
      const cut = setTimeout(() => app.server.closeAllConnections(), drainMs);
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
      // Features let go of their stores (presence records its members' last-seen times) before the bus and the database.
      await features.close();
      await bus.close();
      rateLimitRedis?.disconnect();
      await database.close();
    },
  };
}
