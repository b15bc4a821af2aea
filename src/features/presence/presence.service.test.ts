import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../platform/db/client.server.ts";
import { createMemoryBus, type BusEvent, type EventBus } from "../../platform/realtime/bus.server.ts";
import { users } from "../accounts/accounts.tables.server.ts";
import { memberPresence } from "./presence.tables.server.ts";
import { presenceSchema, type Presence } from "./presence.schema.ts";
import { createMemberDirectory } from "../accounts/member-directory.service.server.ts";
import { createPresenceService, offlineStatusAt, type PresenceService, type PresenceTimings } from "./presence.service.server.ts";
import { createMemoryPresenceStore } from "./presence.store.memory.server.ts";
import type { PresenceStore } from "./presence.store.server.ts";

const timings: PresenceTimings = { heartbeatMs: 30_000, connectionTtlMs: 90_000, offlineGraceMs: 3_000, sweepMs: 1_000 };
const t0 = Date.parse("2026-05-01T12:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();
const quiet = { warn: () => {} };
/** These tests have no online play: nobody is in a game besides what connections declare. */
const noPlay = { gamesOf: async () => new Map() };

describe("the presence service", () => {
  let database: DatabaseHandle;
  const ids = { alice: 0, bob: 0, carla: 0, dora: 0 };
  const carlaSignedInAt = Date.parse("2026-04-01T08:00:00.000Z");
  const doraJoinedAt = Date.parse("2026-03-01T08:00:00.000Z");

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    await database.migrate();
    for (const name of ["alice", "bob", "carla", "dora"] as const) {
      const [row] = await database.db
        .insert(users)
        .values({
          username: name,
          usernameKey: name,
          createdAt: new Date(doraJoinedAt),
          lastLoginAt: name === "carla" ? new Date(carlaSignedInAt) : null,
        })
        .returning({ id: users.id });
      if (!row) throw new Error("no user inserted");
      ids[name] = row.id;
    }
  });
  afterAll(async () => {
    await database.close();
  });

  // Two instances: two services sharing one store (as two processes share Redis), one clock.
  let now = t0;
  let store: PresenceStore;
  let bus: EventBus;
  let instanceA: PresenceService;
  let instanceB: PresenceService;
  const events: Array<{ room: string; event: BusEvent }> = [];
  const stops: Array<() => Promise<void>> = [];

  async function setUp(): Promise<void> {
    now = t0;
    store = createMemoryPresenceStore();
    bus = createMemoryBus();
    const clock = () => now;
    instanceA = createPresenceService({ db: database.db, directory: createMemberDirectory(database.db), playingGames: noPlay, store, bus, clock, timings, log: quiet });
    instanceB = createPresenceService({ db: database.db, directory: createMemberDirectory(database.db), playingGames: noPlay, store, bus, clock, timings, log: quiet });
    for (const id of Object.values(ids)) {
      const room = `presence:${id}`;
      const unsubscribe = await bus.subscribe(room, (event) => events.push({ room, event }));
      stops.push(unsubscribe);
    }
  }
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
    await instanceA.close();
    await instanceB.close();
    await bus.close();
    events.splice(0);
    await database.db.delete(memberPresence);
  });

  async function presenceOf(service: PresenceService, id: number): Promise<Presence | undefined> {
    return (await service.presenceOf([id]))[0];
  }

  function eventsFor(id: number): Presence[] {
    return events.filter((entry) => entry.room === `presence:${id}`).flatMap(({ event }) => {
      const parsed = presenceSchema.safeParse(event.payload);
      return parsed.success ? [parsed.data] : [];
    });
  }

  async function recordedLastSeen(id: number): Promise<number | null> {
    const [row] = await database.db.select().from(memberPresence).where(eq(memberPresence.userId, id));
    return row?.lastSeenAt.getTime() ?? null;
  }

  it("shows a member online while a socket is open on either instance, and offline from when the last one closed", async () => {
    await setUp();
    await instanceA.connect(ids.alice, "a-1");
    now += 1_000;
    await instanceB.connect(ids.alice, "b-1");
    expect(await presenceOf(instanceB, ids.alice)).toEqual({
      id: ids.alice,
      status: "online",
      statusAt: iso(t0),
      statusAtUncertain: false,
      activity: "none",
      activityContext: { games: [], battles: [] },
      streaming: false,
    });
    expect(eventsFor(ids.alice).map((presence) => presence.status)).toEqual(["online"]);

    now += 1_000;
    await instanceA.disconnect(ids.alice, "a-1");
    now += timings.offlineGraceMs;
    await instanceA.sweep();
    expect((await presenceOf(instanceA, ids.alice))?.status).toBe("online");

    const closedAt = (now += 5_000);
    await instanceB.disconnect(ids.alice, "b-1");
    // Within the grace period: still online, nothing recorded yet.
    now += timings.offlineGraceMs - 1;
    await instanceA.sweep();
    expect((await presenceOf(instanceA, ids.alice))?.status).toBe("online");
    expect(await recordedLastSeen(ids.alice)).toBeNull();

    now += 1;
    await instanceA.sweep();
    expect(await presenceOf(instanceA, ids.alice)).toMatchObject({ status: "offline", statusAt: iso(closedAt), statusAtUncertain: false, activity: "none" });
    expect(await recordedLastSeen(ids.alice)).toBe(closedAt);
    expect(eventsFor(ids.alice).map((presence) => [presence.status, presence.statusAt])).toEqual([
      ["online", iso(t0)],
      ["offline", iso(closedAt)],
    ]);
  });

  it("ends the connections of an instance that died, with its last heartbeat as an uncertain last-seen time", async () => {
    await setUp();
    await instanceA.connect(ids.bob, "a-bob");
    now += timings.heartbeatMs;
    const lastHeartbeat = now;
    await instanceA.heartbeat();
    // Instance A dies here: no more heartbeats, no close. Instance B sweeps.
    now = lastHeartbeat + timings.connectionTtlMs - 1;
    await instanceB.sweep();
    expect((await presenceOf(instanceB, ids.bob))?.status).toBe("online");
    expect(await instanceB.onlineAmong([ids.alice, ids.bob])).toEqual(new Set([ids.bob]));

    now = lastHeartbeat + timings.connectionTtlMs;
    // Offline for whoever asks once the connection expired, swept or not (play's seeks ask so).
    expect(await instanceB.onlineAmong([ids.alice, ids.bob])).toEqual(new Set());
    await instanceB.sweep();
    expect(await presenceOf(instanceB, ids.bob)).toMatchObject({ status: "offline", statusAt: iso(lastHeartbeat), statusAtUncertain: true });
    expect(await recordedLastSeen(ids.bob)).toBe(lastHeartbeat);
    expect(eventsFor(ids.bob).map((presence) => [presence.status, presence.statusAtUncertain])).toEqual([
      ["online", false],
      ["offline", true],
    ]);
  });

  it("shows a member playing while a connection declares a game, and back to online when it ends", async () => {
    await setUp();
    await instanceA.connect(ids.alice, "a-1");
    await instanceB.connect(ids.alice, "b-1");
    now += 10;
    const game = { source: "live", id: "9001", numericId: 9001 } as const;
    expect(await instanceB.setActivity(ids.alice, "b-1", { activity: "playing", context: { games: [game] } })).toBe(true);
    expect(await presenceOf(instanceA, ids.alice)).toMatchObject({ status: "online", statusAt: iso(t0), activity: "playing", activityContext: { games: [game], battles: [] } });
    expect(eventsFor(ids.alice).at(-1)).toMatchObject({ activity: "playing" });

    // The connection is instance B's: A does not know it, and another member cannot use it.
    expect(await instanceA.setActivity(ids.alice, "b-1", { activity: "none" })).toBe(false);
    expect(await instanceB.setActivity(ids.bob, "b-1", { activity: "none" })).toBe(false);
    expect((await presenceOf(instanceA, ids.alice))?.activity).toBe("playing");

    expect(await instanceB.setActivity(ids.alice, "b-1", { activity: "none" })).toBe(true);
    expect(await presenceOf(instanceA, ids.alice)).toMatchObject({ status: "online", activity: "none", activityContext: { games: [], battles: [] } });
    expect(eventsFor(ids.alice).map((presence) => presence.activity)).toEqual(["none", "playing", "none"]);
  });

  it("refuses a malformed activity (a programming error in the caller)", async () => {
    await setUp();
    await instanceA.connect(ids.alice, "a-1");
    await expect(instanceA.setActivity(ids.alice, "a-1", { activity: "playing", context: { games: [{ source: "live", id: "x y", numericId: 1 }] } })).rejects.toThrow();
  });

  it("answers for members never seen, in the order asked, and leaves out unknown ids", async () => {
    await setUp();
    await instanceA.connect(ids.alice, "a-1");
    const answer = await instanceA.presenceOf([ids.dora, 999_999, ids.carla, ids.alice]);
    expect(answer.map((presence) => [presence.id, presence.status, presence.statusAt, presence.statusAtUncertain])).toEqual([
      [ids.dora, "offline", iso(doraJoinedAt), true],
      [ids.carla, "offline", iso(carlaSignedInAt), true],
      [ids.alice, "online", iso(t0), false],
    ]);
  });

  it("ends its own connections when the instance shuts down, recording when", async () => {
    await setUp();
    await instanceA.connect(ids.alice, "a-1");
    await instanceA.connect(ids.bob, "a-2");
    now += 2_000;
    await instanceA.disconnect(ids.bob, "a-2");
    const bobClosedAt = now;
    now += 1_000;
    const shutdownAt = now;
    await instanceA.close();
    expect(await presenceOf(instanceB, ids.alice)).toMatchObject({ status: "offline", statusAt: iso(shutdownAt), statusAtUncertain: false });
    expect(await presenceOf(instanceB, ids.bob)).toMatchObject({ status: "offline", statusAt: iso(bobClosedAt), statusAtUncertain: false });
    expect(await recordedLastSeen(ids.alice)).toBe(shutdownAt);
    // A socket closing after the shutdown changes nothing.
    await instanceA.disconnect(ids.alice, "a-1");
    expect(await recordedLastSeen(ids.alice)).toBe(shutdownAt);
  });
});

describe("offlineStatusAt", () => {
  const createdAt = new Date("2026-01-01T00:00:00Z");
  const seen = new Date("2026-02-01T00:00:00Z");
  const later = new Date("2026-03-01T00:00:00Z");
  const earlier = new Date("2026-01-15T00:00:00Z");
  const row = (lastSeenAt: Date | null, lastLoginAt: Date | null) => ({ id: 1, createdAt, lastSeenAt, lastLoginAt });

  it.each([
    ["the recorded last-seen time", row(seen, earlier), undefined, { at: seen.getTime(), uncertain: false }],
    ["a sign-in after it, uncertain", row(seen, later), undefined, { at: later.getTime(), uncertain: true }],
    ["the store's newer close", row(seen, null), { at: later.getTime(), uncertain: false }, { at: later.getTime(), uncertain: false }],
    ["the store's newer crash, uncertain", row(seen, null), { at: later.getTime(), uncertain: true }, { at: later.getTime(), uncertain: true }],
    ["not the store's older knowledge", row(seen, null), { at: earlier.getTime(), uncertain: true }, { at: seen.getTime(), uncertain: false }],
    ["never seen: the last sign-in, uncertain", row(null, later), undefined, { at: later.getTime(), uncertain: true }],
    ["never seen nor signed in: the registration, uncertain", row(null, null), undefined, { at: createdAt.getTime(), uncertain: true }],
  ])("uses %s", (_, input, fromStore, expected) => {
    expect(offlineStatusAt(input, fromStore)).toEqual(expected);
  });
});
