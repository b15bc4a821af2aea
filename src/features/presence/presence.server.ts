/**
 * Presence wiring for the process: the store (Redis when REDIS_URL is set,
 * in-process otherwise), the service, and what the socket hub needs.
 */
import type { Database } from "../../platform/db/client.server.ts";
import type { EventBus } from "../../platform/realtime/bus.server.ts";
import type { PeriodicJobDefinition } from "../../platform/jobs/job-types.ts";
import { createPresenceService, defaultPresenceTimings, type PresenceLogger, type PresenceServiceDeps, type PresenceService, type PresenceTimings } from "./presence.service.server.ts";
import { createMemoryPresenceStore } from "./presence.store.memory.server.ts";
import { createRedisPresenceStore } from "./presence.store.redis.server.ts";
import type { PresenceStore } from "./presence.store.server.ts";

export interface Presence {
  readonly service: PresenceService;
  readonly store: PresenceStore;
  /**
   * The heartbeat (this instance's connections) and the sweep (expired
   * connections of any instance) run on every instance: the Redis store's
   * sweep is one atomic script, and the in-process store is one instance's own.
   */
  readonly jobs: readonly PeriodicJobDefinition[];
  /** Ends this instance's connections (recording last-seen times), then lets go of the store. Before the database and bus close. */
  close(): Promise<void>;
}

export async function createPresence(options: {
  readonly db: Database;
  readonly directory: PresenceServiceDeps["directory"];
  readonly playingGames: PresenceServiceDeps["playingGames"];
  readonly bus: EventBus;
  readonly redisUrl: string | undefined;
  /** Names the Redis connection in CLIENT LIST. */
  readonly name: string;
  readonly log?: PresenceLogger;
  readonly timings?: Partial<PresenceTimings>;
  /** Presence's clock (tests move it forward). */
  readonly clock?: () => number;
}): Promise<Presence> {
  const store = options.redisUrl ? await createRedisPresenceStore(options.redisUrl, { name: options.name }) : createMemoryPresenceStore();
  const service = createPresenceService({
    db: options.db,
    directory: options.directory,
    playingGames: options.playingGames,
    store,
    bus: options.bus,
    ...(options.log ? { log: options.log } : {}),
    ...(options.timings ? { timings: options.timings } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const timings = { ...defaultPresenceTimings, ...options.timings };
  return {
    service,
    store,
    jobs: [
      { name: "presence.heartbeat", everyMs: timings.heartbeatMs, runOn: "every-instance", run: () => service.heartbeat() },
      { name: "presence.sweep", everyMs: timings.sweepMs, runOn: "every-instance", run: () => service.sweep() },
    ],
    async close() {
      await service.close();
      await store.dispose();
    },
  };
}
