import { afterAll, beforeAll } from "vitest";
import type { ServerConfig } from "../server/config.server.ts";
import { databaseTargets, requireServiceInCi } from "./databases.ts";
import { startApp, type AppOptions, type RunningApp } from "./start-app.ts";

export interface TwoInstances {
  /** False when PostgreSQL or Redis is missing on this machine: skip the suite (in CI that already failed). */
  readonly available: boolean;
  readonly first: RunningApp;
  readonly second: RunningApp;
}

/**
 * Two whole instances of the site on loopback for one describe block, sharing
 * a fresh PostgreSQL database and Redis, both started at once (migrations and
 * the demo seed must serialise between them). Needs TEST_DATABASE_URL and
 * REDIS_URL: in CI a missing one fails the file. Read `.first`/`.second`
 * inside tests; gate the suite with `describe.skipIf(!instances.available)`
 * (the instances start only when both services are there).
 */
export function twoInstancesForSuite(instanceIds: readonly [string, string], overrides: Partial<ServerConfig> = { seedDemoData: true }, appOptions: AppOptions = {}): TwoInstances {
  const redisUrl = requireServiceInCi("REDIS_URL");
  const postgres = databaseTargets().find((target) => target.name === "postgres");
  let apps: [RunningApp, RunningApp] | undefined;
  let drop: (() => Promise<void>) | undefined;
  const started = (): [RunningApp, RunningApp] => {
    if (!apps) throw new Error("the instances are not started yet");
    return apps;
  };
  beforeAll(async () => {
    if (!redisUrl || !postgres) return;
    const database = await postgres.create();
    drop = database.drop;
    const [firstId, secondId] = instanceIds;
    apps = await Promise.all([
      startApp({ ...overrides, databaseUrl: database.databaseUrl, redisUrl, instanceId: firstId }, appOptions),
      startApp({ ...overrides, databaseUrl: database.databaseUrl, redisUrl, instanceId: secondId }, appOptions),
    ]);
  });
  afterAll(async () => {
    await apps?.[0].close();
    await apps?.[1].close();
    await drop?.();
  });
  return {
    available: Boolean(redisUrl && postgres),
    get first() {
      return started()[0];
    },
    get second() {
      return started()[1];
    },
  };
}
