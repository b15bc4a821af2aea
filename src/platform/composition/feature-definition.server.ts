/**
 * What a feature hands the process: one definition object per feature (and
 * one for the platform's own pieces), assembled into a list by the composition
 * root outside the platform (src/app/). The platform runs whatever the list
 * holds and never names a feature.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../db/client.server.ts";
import type { FeatureFlags } from "../flags/feature-flags.ts";
import type { CookiePolicy } from "../http/cookie-policy.ts";
import type { PageRequestIdentity, Services } from "../http/load-context.ts";
import type { PeriodicJobDefinition } from "../jobs/job-types.ts";
import type { NotificationTypeDefinition } from "../notifications/notification-types.ts";
import type { EventBus } from "../realtime/bus.server.ts";
import type { OutboxRelay } from "../realtime/outbox.server.ts";
import type { ConnectionListener } from "../realtime/hub.server.ts";
import type { RealtimeEventDefinition, RoomKindDefinition, SocketCommandDefinition } from "../realtime/registry.ts";

import type { DomainEventDispatcher } from "../domain-events/domain-event-dispatcher.server.ts";
import type { DomainEventSubscription, DomainEventType } from "../domain-events/domain-events.server.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { PortAccess, PortName, Ports } from "./ports.ts";
import type { FileStorage } from "../storage/file-storage.ts";

/** What the process gives every feature's service factory. */

export interface PlatformDeps {
  readonly db: Database;
  readonly bus: EventBus;
  /** Set when instances share Redis (presence stores, counters). */
  readonly redisUrl: string | undefined;
  readonly instanceId: string;
  readonly flags: FeatureFlags;
  readonly cookies: CookiePolicy;
  /** Signs the CSRF tokens; the same on every instance. */
  readonly csrfSecret: Buffer;
  readonly log: FastifyBaseLogger;
  /** Events written with enqueueEvent in a transaction: kick() after the commit publishes them. */
  readonly outbox: OutboxRelay;
  /** Domain events written with publishDomainEvent in a transaction: kick() after the commit hands them to their subscribers. */
  readonly domainEvents: DomainEventDispatcher;
  /** The one mailer (SMTP when SMTP_URL is set, else the local outbox of files). */
  readonly mailer: Mailer;
  /** The one store of uploaded files (local disk under the data directory by default). */
  readonly storage: FileStorage;
  /** Who asks, as the feature that owns sessions learnt it (the platform's own routes read the member from here, never from a body). */
  readonly identityOf: (request: FastifyRequest) => PageRequestIdentity;
  /** The application's clock, in ms: Date.now, unless a test moves time forward (presence's away times read it). */
  readonly clock: () => number;
  /** The site runs on demo data (seeded, never in production): a feature may keep the demo alive. */
  readonly demoData: boolean;
}

/** What a feature's service factory receives: the platform's pieces and the ports it declared it needs (read when serving). */
export interface FeatureDeps extends PlatformDeps {
  readonly ports: PortAccess;
}

/** What route and job registration receive: the platform's pieces and every feature's services, built once. */
export interface FeatureContext extends FeatureDeps {
  readonly services: Services;
}

/**
 * One feature. `Own` is the services object this feature adds to the
 * application's `Services` (the composition root merges them all);
 * `Command` the union of its socket commands' definitions, from which the
 * browser's typed command map is read (SocketCommandsOf, socket-commands.ts).
 */
export interface FeatureDefinition<Own extends object = object, Command extends SocketCommandDefinition = SocketCommandDefinition> {
  /** Unique in the list; names the feature in errors and logs. */
  readonly name: string;
  /**
   * The drizzle tables the feature owns (its *.tables.server.ts module). No
   * other feature imports them; drizzle-kit finds the same modules by name.
   */
  readonly tables: Readonly<Record<string, unknown>>;
  /** Folders of message catalogs (relative to src/) with the feature's strings. */
  readonly messageCatalogs: readonly string[];
  /**
   * Builds the feature's services once per process. `earlier` holds the
   * services of the features before this one in the list; take one with
   * serviceFrom(), which fails at start-up when the list is in the wrong order.
   */
  createServices(deps: FeatureDeps, earlier: Partial<Services>): Own | Promise<Own>;
  /** The ports the feature reads (deps.ports.get); the start fails when one has no provider. */
  readonly needs?: readonly PortName[];
  /** The ports the feature provides to others, built from the composed services. */
  provides?(context: FeatureContext): Partial<Ports>;
  /** The domain events the feature publishes (publishDomainEvent); only these may be subscribed to. */
  readonly domainEvents?: readonly Pick<DomainEventType<unknown>, "type">[];
  /** The feature's handlers of other features' domain events, each run once per event across all instances. */
  subscriptions?(context: FeatureContext): readonly DomainEventSubscription[];
  /**
   * Request hooks that every later route relies on (the accounts feature's
   * viewer and CSRF check). Run for every feature before the platform's human
   * check and before any route.
   */
  registerRequestHooks?(app: FastifyInstance, context: FeatureContext): void | Promise<void>;
  /** The feature's JSON routes (/callback/*, /pub/*, form posts): thin, calling its services. */
  registerRoutes?(app: FastifyInstance, context: FeatureContext): void | Promise<void>;
  /** The realtime events the feature publishes; the hub and the browser validate payloads against them. */
  readonly realtimeEvents?: readonly RealtimeEventDefinition[];
  /** Room kinds the feature owns, each with its access rule. */
  roomKinds?(context: FeatureContext): readonly RoomKindDefinition[];
  /** Socket commands the feature answers. */
  socketCommands?(context: FeatureContext): readonly Command[];
  /**
   * Told of each socket once it is open (presence counts it), and, through
   * the function it returns, when that socket closes (club chat leaves its rooms).
   */
  socketConnected?(context: FeatureContext): ConnectionListener;
  /** A check of each WebSocket upgrade request (presence's same-origin check): false refuses it with 403. */
  readonly verifyUpgrade?: (request: FastifyRequest) => boolean;
  /**
   * The kinds of notification the feature leaves members (type id, payload
   * schema, how it renders). The browser renders them through the same
   * isomorphic definitions, listed by the composition root.
   */
  readonly notificationTypes?: readonly NotificationTypeDefinition[];
  /** Scheduled work: periodic jobs and sweepers. */
  jobs?(context: FeatureContext): readonly PeriodicJobDefinition[];
  /** Lets go of what createServices opened (stores, connections). Called before the bus and the database close. */
  close?(services: Own): Promise<void>;
}

/** A service of a feature earlier in the list, or a start-up error naming who needed it. */
export function serviceFrom<Name extends keyof Services>(earlier: Partial<Services>, name: Name, neededBy: string): NonNullable<Partial<Services>[Name]> {
  const service = earlier[name];
  if (service === undefined || service === null) throw new Error(`the ${neededBy} feature needs the service "${String(name)}" from a feature before it in the list`);
  return service;
}

/** Typed helper: infers the services type from the factory. */
export function defineFeature<Own extends object, Command extends SocketCommandDefinition = never>(definition: FeatureDefinition<Own, Command>): FeatureDefinition<Own, Command> {
  return definition;
}

/** The services type a list of definitions adds up to. */
export type ServicesOf<List extends readonly FeatureDefinition<object>[]> = UnionToIntersection<
  { [I in keyof List]: List[I] extends FeatureDefinition<infer Own> ? Own : never }[number]
>;

/**
 * The union of the socket command definitions a list of definitions answers
 * (each feature's `Command`). A definition that left `Command` at its wide
 * default declares no command type and adds none (a feature with commands
 * names them: `FeatureDefinition<Own, ItsCommand>`; src/app/socket-commands.test.ts
 * holds the map to the registered list).
 */
export type SocketCommandsOf<List extends readonly FeatureDefinition<object>[]> = {
  [I in keyof List]: List[I] extends FeatureDefinition<object, infer Command> ? (string extends Command["name"] ? never : Command) : never;
}[number];

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;
