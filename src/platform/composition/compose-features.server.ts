import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Services } from "../http/load-context.ts";
import type { PeriodicJobDefinition } from "../jobs/job-types.ts";
import type { NotificationTypeDefinition } from "../notifications/notification-types.ts";
import type { ConnectionListener } from "../realtime/hub.server.ts";
import type { RealtimeEventDefinition, RoomKindDefinition, SocketCommandDefinition } from "../realtime/registry.ts";
import type { FeatureContext, FeatureDefinition, PlatformDeps } from "./feature-definition.server.ts";
import { createPortAccess, resolvePorts } from "./ports.ts";

/** The feature list, built: services once, and everything the process registers. */
export interface ComposedFeatures {
  readonly services: Services;
  readonly context: FeatureContext;
  readonly realtimeEvents: readonly RealtimeEventDefinition[];
  readonly roomKinds: readonly RoomKindDefinition[];
  readonly socketCommands: readonly SocketCommandDefinition[];
  readonly jobs: readonly PeriodicJobDefinition[];
  readonly notificationTypes: readonly NotificationTypeDefinition[];
  /** Every feature's connection listener, in list order; the closers they return run in reverse order. */
  readonly onSocketConnection: ConnectionListener;
  /** Every feature's upgrade check: an upgrade passes when all of them pass. */
  readonly verifyUpgrade: (request: FastifyRequest) => boolean;
  /** Every feature's request hooks, in list order. */
  registerRequestHooks(app: FastifyInstance): Promise<void>;
  /** Every feature's routes, in list order. */
  registerRoutes(app: FastifyInstance): Promise<void>;
  /** Closes the features in reverse list order. */
  close(): Promise<void>;
}

/**
 * Builds every feature's services once, in list order, and collects what the
 * features register. Two features naming the same service, or two of
 * anything keyed by name, is a programming error found at start-up.
 */
export async function composeFeatures(list: readonly FeatureDefinition[], deps: PlatformDeps): Promise<ComposedFeatures> {
  assertUnique("feature", list.map((feature) => feature.name));
  const merged: Record<string, unknown> = {};
  const owners = new Map<string, string>();
  const built: { feature: FeatureDefinition; own: object }[] = [];
  const ports = createPortAccess();
  for (const feature of list) {
    const own = await feature.createServices({ ...deps, ports }, asPartialServices(merged));
    for (const [key, value] of Object.entries(own)) {
      const owner = owners.get(key);
      if (owner !== undefined) throw new Error(`features "${owner}" and "${feature.name}" both define the service "${key}"`);
      owners.set(key, feature.name);
      merged[key] = value;
    }
    built.push({ feature, own });
  }
  const services = asServices(merged);
  const context: FeatureContext = { ...deps, ports, services };
  const provided = list.map((feature) => ({ by: feature.name, ports: feature.provides?.(context) ?? {} }));
  resolvePorts(list, provided);
  ports.fill(provided.map((entry) => entry.ports));
  deps.domainEvents.attach(domainEventSubscriptions(list, context));

  const realtimeEvents = list.flatMap((feature) => feature.realtimeEvents ?? []);
  const roomKinds = list.flatMap((feature) => feature.roomKinds?.(context) ?? []);
  const socketCommands = list.flatMap((feature) => feature.socketCommands?.(context) ?? []);
  const jobs = list.flatMap((feature) => feature.jobs?.(context) ?? []);
  const notificationTypes = list.flatMap((feature) => feature.notificationTypes ?? []);
  assertUnique("realtime event", realtimeEvents.map((event) => event.type));
  assertUnique("room kind", roomKinds.map((room) => room.kind));
  assertUnique("socket command", socketCommands.map((command) => command.name));
  assertUnique("job", jobs.map((job) => job.name));
  assertUnique("notification type", notificationTypes.map((type) => type.type));
  const connectionListeners = list.flatMap((feature) => (feature.socketConnected ? [{ feature: feature.name, listener: feature.socketConnected(context) }] : []));
  const upgradeChecks = list.flatMap((feature) => (feature.verifyUpgrade ? [feature.verifyUpgrade] : []));

  return {
    services,
    context,
    realtimeEvents,
    roomKinds,
    socketCommands,
    jobs,
    notificationTypes,
    onSocketConnection: (identity) => {
      // One feature's failing listener neither keeps the others from the socket nor loses their closers.
      const closers = connectionListeners.flatMap(({ feature, listener }) => {
        try {
          const closer = listener(identity);
          return closer ? [closer] : [];
        } catch (error) {
          deps.log.error({ err: error, feature }, "realtime: a feature's connection listener failed");
          return [];
        }
      });
      if (closers.length === 0) return undefined;
      return () => {
        for (const closer of [...closers].reverse()) closer();
      };
    },
    verifyUpgrade: (request) => upgradeChecks.every((check) => check(request)),
    async registerRequestHooks(app) {
      for (const feature of list) await feature.registerRequestHooks?.(app, context);
    },
    async registerRoutes(app) {
      for (const feature of list) await feature.registerRoutes?.(app, context);
    },
    async close() {
      for (const { feature, own } of [...built].reverse()) await feature.close?.(own);
    },
  };
}

/** Every feature's subscriptions, keyed `feature/name`; each subscribed type must be one a feature declares it publishes. */
function domainEventSubscriptions(list: readonly FeatureDefinition[], context: FeatureContext) {
  const published = new Map<string, string>();
  for (const feature of list) {
    for (const eventType of feature.domainEvents ?? []) {
      const publisher = published.get(eventType.type);
      if (publisher !== undefined) throw new Error(`features "${publisher}" and "${feature.name}" both publish the domain event "${eventType.type}"`);
      published.set(eventType.type, feature.name);
    }
  }
  return list.flatMap((feature) =>
    (feature.subscriptions?.(context) ?? []).map((subscription) => {
      if (!published.has(subscription.eventType)) throw new Error(`the ${feature.name} feature subscribes to the domain event "${subscription.eventType}", which no feature in the list publishes`);
      return { key: `${feature.name}/${subscription.name}`, subscription };
    }),
  );
}

function assertUnique(what: string, names: readonly string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new Error(`two of the features define the ${what} "${name}"`);
    seen.add(name);
  }
}

/**
 * The merged services are the union of what each factory returned, with no
 * name defined twice (checked above). `Services` is declared as exactly that
 * union by the composition root (ServicesOf<the same list>), which the type
 * system cannot follow through a loop: hence this one narrowing.
 */
function asServices(merged: Record<string, unknown>): Services {
  return merged as Services;
}

/** While the list is being built: the services of the features built so far, each as its owner made it. */
function asPartialServices(merged: Record<string, unknown>): Partial<Services> {
  return merged;
}
