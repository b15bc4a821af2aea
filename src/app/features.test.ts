import { createLocalDiskStorage } from "../platform/storage/local-disk-storage.server.ts";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createOutboxMailer } from "../platform/mail/outbox-mailer.server.ts";
import { getTableName, is } from "drizzle-orm";
import Fastify from "fastify";
import { PgTable } from "drizzle-orm/pg-core";
import { readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../platform/db/client.server.ts";
import { composeFeatures } from "../platform/composition/compose-features.server.ts";
import { defineFeature, type PlatformDeps } from "../platform/composition/feature-definition.server.ts";
import { featureFlagDefaults } from "../platform/flags/feature-flags.ts";
import { createMemoryBus } from "../platform/realtime/bus.server.ts";
import { appFeatures, appPageIdentity } from "./features.server.ts";
import { appNotificationTypes } from "./notification-types.ts";
import { socketCommandNames } from "./socket-command-names.fixture.ts";
import { createOutboxRelay } from "../platform/realtime/outbox.server.ts";
import { createDomainEventDispatcher } from "../platform/domain-events/domain-event-dispatcher.server.ts";
import { subscribeTo } from "../platform/domain-events/domain-events.server.ts";
import { gameEndedDomainEvent } from "../features/play/play.domain-events.server.ts";

const srcRoot = fileURLToPath(new URL("..", import.meta.url));
const sourceFiles = readdirSync(srcRoot, { recursive: true, encoding: "utf8" }).map((path) => path.split("\\").join("/"));

function tableNamesOf(module: Readonly<Record<string, unknown>>): string[] {
  return Object.values(module).flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []));
}

describe("the feature list", () => {
  it("owns every table exactly once: each *.tables.server.ts module belongs to one definition", async () => {
    const owned = appFeatures.flatMap((feature) => tableNamesOf(feature.tables));
    const defined: string[] = [];
    for (const path of sourceFiles.filter((file) => file.endsWith(".tables.server.ts"))) {
      const module: Record<string, unknown> = await import(pathToFileURL(`${srcRoot}/${path}`).href);
      defined.push(...tableNamesOf(module));
    }
    expect(new Set(owned).size).toBe(owned.length);
    expect([...owned].sort()).toEqual([...defined].sort());
    expect(owned).toContain("member_presence");
  });

  it("declares every message catalog folder exactly once", () => {
    const declared = appFeatures.flatMap((feature) => feature.messageCatalogs);
    const folders = [...new Set(sourceFiles.filter((file) => /(^|\/)messages\/en\.json$/.test(file)).map((file) => file.replace(/\/en\.json$/, "")))];
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual(folders.sort());
  });

  it("gives the browser the views of the notification types the definitions register (with their schemas), each once", () => {
    const registered = appFeatures.flatMap((feature) => feature.notificationTypes ?? []);
    expect(new Set(registered.map((type) => type.type)).size).toBe(registered.length);
    expect(appNotificationTypes.map((view) => [view.type, view.render])).toEqual(registered.map((definition) => [definition.type, definition.render]));
  });
});

describe("composeFeatures", () => {
  let database: DatabaseHandle;
  let deps: PlatformDeps;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    // The application's own list is composed too: its features read shared secrets at start.
    await database.migrate();
    const bus = createMemoryBus();
    const log = pino({ level: "silent" });
    deps = { db: database.db, bus, redisUrl: undefined, instanceId: "test", flags: featureFlagDefaults, cookies: { secure: false }, csrfSecret: Buffer.alloc(32), log, outbox: createOutboxRelay({ db: database.db, bus, log }), domainEvents: createDomainEventDispatcher({ db: database.db, log }), mailer: createOutboxMailer(join(tmpdir(), "kingside-features-test-mail"), "test@kingside.invalid", log), storage: createLocalDiskStorage(join(tmpdir(), "kingside-features-test-uploads")), identityOf: appPageIdentity, clock: Date.now, demoData: false };
  });
  afterAll(async () => {
    await database.close();
  });

  it("builds each feature's services once and hands the same objects to every feature's routes", async () => {
    let builds = 0;
    const seen: unknown[] = [];
    const one = defineFeature({
      name: "one",
      tables: {},
      messageCatalogs: [],
      createServices: () => {
        builds += 1;
        return { counter: { value: 1 } };
      },
      registerRoutes: (_app, context) => void seen.push(Reflect.get(context.services, "counter")),
    });
    const two = defineFeature({ name: "two", tables: {}, messageCatalogs: [], createServices: () => ({}), registerRoutes: (_app, context) => void seen.push(Reflect.get(context.services, "counter")) });
    const composed = await composeFeatures([one, two], deps);
    await composed.registerRoutes(Fastify());
    expect(builds).toBe(1);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(Reflect.get(composed.services, "counter"));
    expect(seen[1]).toBe(seen[0]);
  });

  it("refuses two features that define the same service, and two features of one name", async () => {
    const first = defineFeature({ name: "first", tables: {}, messageCatalogs: [], createServices: () => ({ clash: 1 }) });
    const second = defineFeature({ name: "second", tables: {}, messageCatalogs: [], createServices: () => ({ clash: 2 }) });
    await expect(composeFeatures([first, second], deps)).rejects.toThrow('features "first" and "second" both define the service "clash"');
    await expect(composeFeatures([first, first], deps)).rejects.toThrow('two of the features define the feature "first"');
  });

  it("registers exactly the socket commands the browser's typed command map names", async () => {
    const composed = await composeFeatures(appFeatures, deps);
    try {
      expect(composed.socketCommands.map((definition) => definition.name).sort()).toEqual(Object.keys(socketCommandNames).sort());
    } finally {
      await composed.close();
    }
  });

  it("fails the start when a port a feature needs has no provider, naming the feature and the port", async () => {
    const needy = defineFeature({ name: "needy", tables: {}, messageCatalogs: [], needs: ["memberClubs"], createServices: () => ({}) });
    await expect(composeFeatures([needy], deps)).rejects.toThrow('the needy feature needs the port "memberClubs", which no feature in the list provides');
    // The application's own list without the bridge that provides the card's clubs.
    await expect(composeFeatures(appFeatures.filter((feature) => feature.name !== "social-clubs"), deps)).rejects.toThrow('the social feature needs the port "memberClubs"');
    // Without the ratings: the card's ratings and play's rated games have no provider (social comes first in the list).
    await expect(composeFeatures(appFeatures.filter((feature) => feature.name !== "ratings"), deps)).rejects.toThrow('the social feature needs the port "memberRatings"');
    const withoutRatings = appFeatures.filter((feature) => feature.name !== "ratings");
    await expect(composeFeatures([...withoutRatings, defineFeature({ name: "card-ratings", tables: {}, messageCatalogs: [], createServices: () => ({}), provides: () => ({ memberRatings: { ratingsOf: async () => [] } }) })], deps)).rejects.toThrow(
      'the play feature needs the port "gameRatings"',
    );
    const provider = defineFeature({ name: "provider", tables: {}, messageCatalogs: [], createServices: () => ({}), provides: () => ({ memberClubs: { clubsOf: async () => [] } }) });
    const composed = await composeFeatures([needy, provider], deps);
    expect(await composed.context.ports.get("memberClubs").clubsOf(1, 5)).toEqual([]);
  });

  it("fails the start when a feature subscribes to a domain event nobody publishes", async () => {
    const listener = defineFeature({ name: "listener", tables: {}, messageCatalogs: [], createServices: () => ({}), subscriptions: () => [subscribeTo(gameEndedDomainEvent, "count", async () => undefined)] });
    await expect(composeFeatures([listener], deps)).rejects.toThrow('the listener feature subscribes to the domain event "play.game-ended", which no feature in the list publishes');
  });

  it("closes the features in reverse order", async () => {
    const closed: string[] = [];
    const feature = (name: string) => defineFeature({ name, tables: {}, messageCatalogs: [], createServices: () => ({}), close: async () => void closed.push(name) });
    const composed = await composeFeatures([feature("a"), feature("b")], deps);
    await composed.close();
    expect(closed).toEqual(["b", "a"]);
  });

  it("tells every feature of a socket that opens and closes, each in its definition, even when another's listener fails", async () => {
    const heard: string[] = [];
    const listening = (name: string) =>
      defineFeature({
        name,
        tables: {},
        messageCatalogs: [],
        createServices: () => ({}),
        socketConnected: () => (identity) => {
          heard.push(`${name} opened ${identity.socketId}`);
          return () => void heard.push(`${name} closed ${identity.socketId}`);
        },
      });
    const failing = defineFeature({ name: "failing", tables: {}, messageCatalogs: [], createServices: () => ({}), socketConnected: () => () => { throw new Error("broken listener"); } });
    const composed = await composeFeatures([listening("a"), failing, listening("b")], deps);
    const closed = composed.onSocketConnection({ socketId: "socket-1", memberId: 7, username: "alice", level: 10, sessionId: "s", locale: "en", address: "127.0.0.1" });
    expect(heard).toEqual(["a opened socket-1", "b opened socket-1"]);
    closed?.();
    expect(heard).toEqual(["a opened socket-1", "b opened socket-1", "b closed socket-1", "a closed socket-1"]);
  });

  it("lets a socket's upgrade through only when every feature's check passes", async () => {
    const checking = (name: string, answer: boolean) => defineFeature({ name, tables: {}, messageCatalogs: [], createServices: () => ({}), verifyUpgrade: () => answer });
    const passes = (await composeFeatures([checking("a", true), checking("b", true)], deps)).verifyUpgrade;
    const refuses = (await composeFeatures([checking("a", true), checking("b", false)], deps)).verifyUpgrade;
    const app = Fastify();
    app.get("/ws", async (request) => ({ passes: passes(request), refuses: refuses(request) }));
    expect((await app.inject({ url: "/ws" })).json()).toEqual({ passes: true, refuses: false });
    await app.close();
  });
});
