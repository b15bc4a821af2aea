import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestSocket } from "../../platform/realtime/test-kit.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { appForSuite, rawGet, type RunningApp } from "../../test/start-app.ts";
import { memberPresence } from "./presence.tables.server.ts";
import { memberId, openSocket, presenceThrough, signIn, upgradeStatus, waitForPresence, type SignedIn } from "./presence.test-kit.server.ts";

/** Presence through the real server: sessions, the socket hub, GET /callback/presence. */
describe.each(databaseTargets())("presence on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  let app: RunningApp;
  let alice: SignedIn;
  let bob: SignedIn;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    app = suite.current;
    [alice, bob] = await Promise.all([signIn(app, "alice"), signIn(app, "bob")]);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  async function socket(headers: Record<string, string> = {}): Promise<TestSocket> {
    const opened = await openSocket(app, headers);
    sockets.push(opened);
    return opened;
  }

  it("gives the user card the member's online status and country id (spec 001 §3.4)", async () => {
    const card = async () => {
      const response = await bob.session.request("GET", "/callback/user/popup/alice", { headers: { accept: "application/json" } });
      return ((await response.json()) as { user: { onlineStatus: string; countryId: string; ratingType: string | null; bestRatingType: string | null } }).user;
    };
    expect(await card()).toMatchObject({ onlineStatus: "offline", countryId: "GB" });
    const aliceSocket = await socket({ cookie: alice.cookie });
    await waitForPresence(app, alice.id, (presence) => presence.status === "online");
    expect(await card()).toMatchObject({ onlineStatus: "online", countryId: "GB" });
    aliceSocket.close();
    await aliceSocket.waitForClose();
    await waitForPresence(app, alice.id, (presence) => presence.status === "offline");
  });

  it("shows a member online while their socket is open, and offline from when it closed", async () => {
    const before = await presenceThrough(app, [alice.id]);
    expect(before).toEqual([expect.objectContaining({ id: alice.id, status: "offline" })]);

    // Anyone may watch a member's presence room.
    const watcher = await socket();
    watcher.send({ type: "subscribe", data: { room: `presence:${alice.id}` } });
    await watcher.next("subscribed");

    const openedAt = Date.now();
    const aliceSocket = await socket({ cookie: alice.cookie });
    const online = await waitForPresence(app, alice.id, (presence) => presence.status === "online");
    expect(online).toMatchObject({ activity: "none", activityContext: { games: [], battles: [] }, statusAtUncertain: false, streaming: false });
    expect(Date.parse(online.statusAt)).toBeGreaterThanOrEqual(openedAt - 1000);
    const onlineEvent = await watcher.next("event");
    expect(onlineEvent.data).toMatchObject({ room: `presence:${alice.id}`, type: "presence.changed", payload: { id: alice.id, status: "online" } });

    const closedAt = Date.now();
    aliceSocket.close();
    await aliceSocket.waitForClose();
    const offline = await waitForPresence(app, alice.id, (presence) => presence.status === "offline");
    expect(offline.statusAtUncertain).toBe(false);
    expect(Date.parse(offline.statusAt)).toBeGreaterThanOrEqual(closedAt - 1000);
    expect(Date.parse(offline.statusAt)).toBeLessThanOrEqual(Date.now());
    const offlineEvent = await watcher.next("event");
    expect(offlineEvent.data.type === "presence.changed" && offlineEvent.data.payload).toEqual(offline);

    const [row] = await app.kingside.database.db.select().from(memberPresence).where(eq(memberPresence.userId, alice.id));
    expect(row?.lastSeenAt.toISOString()).toBe(offline.statusAt);
  });

  it("does not count an anonymous socket as anyone's", async () => {
    await socket();
    const [presence] = await presenceThrough(app, [bob.id]);
    expect(presence?.status).toBe("offline");
  });

  it("refuses 26 ids, non-numeric ids and a missing list with a clear message", async () => {
    const ids = Array.from({ length: 26 }, (_, index) => index + 1).join(",");
    const tooMany = await fetch(`${app.baseUrl}/callback/presence?ids=${ids}`);
    expect(tooMany.status).toBe(422);
    expect(await tooMany.json()).toEqual({ code: "validation_failed", message: "Presence lookups take at most 25 ids.", fields: { ids: "Presence lookups take at most 25 ids." } });

    const notNumbers = await fetch(`${app.baseUrl}/callback/presence?ids=1,abc`);
    expect(notNumbers.status).toBe(422);
    expect(await notNumbers.json()).toMatchObject({ code: "validation_failed", message: "Member ids must be whole numbers, separated by commas." });

    const missing = await fetch(`${app.baseUrl}/callback/presence`);
    expect(missing.status).toBe(422);

    // In the language of the subdomain.
    const german = await rawGet(app.baseUrl, `/callback/presence?ids=${ids}`, { host: "schach.kingside.test" });
    expect(german.status).toBe(422);
    expect(JSON.parse(german.body)).toMatchObject({ message: "Eine Präsenzabfrage umfasst höchstens 25 IDs." });
  });

  it("collapses repeated ids, keeps the order asked and leaves out unknown members", async () => {
    const carla = await memberId(app, "carla");
    const answer = await presenceThrough(app, [carla, alice.id, carla, 2_000_000_000, alice.id]);
    expect(answer.map((presence) => presence.id)).toEqual([carla, alice.id]);
    for (const presence of answer) expect(Object.keys(presence).sort()).toEqual(["activity", "activityContext", "id", "status", "statusAt", "statusAtUncertain", "streaming"]);
  });

  it("lets only the signed-in member join their user room", async () => {
    const room = `user:${alice.id}`;
    const own = await socket({ cookie: alice.cookie });
    own.send({ type: "subscribe", data: { room } });
    expect((await own.next("subscribed")).data.room).toBe(room);
    own.send({ type: "subscribe", data: { room: `user:${bob.id}` } });
    expect((await own.next("error")).data).toMatchObject({ code: "forbidden", room: `user:${bob.id}` });

    const other = await socket({ cookie: bob.cookie });
    other.send({ type: "subscribe", data: { room } });
    expect((await other.next("error")).data).toMatchObject({ code: "forbidden", room });

    const anonymous = await socket();
    anonymous.send({ type: "subscribe", data: { room } });
    expect((await anonymous.next("error")).data).toMatchObject({ code: "forbidden", room });
  });

  it("refuses a cross-site upgrade and accepts a same-site one or one without Origin", async () => {
    const host = new URL(app.baseUrl).host;
    const carla = await signIn(app, "carla");
    expect(await upgradeStatus(app, { origin: "https://evil.example", cookie: carla.cookie })).toBe(403);
    expect(await upgradeStatus(app, { origin: `http://${host}.evil.example`, cookie: carla.cookie })).toBe(403);
    expect(await upgradeStatus(app, { origin: `http://${host.split(":")[0]}:1`, cookie: carla.cookie })).toBe(403);
    expect(await upgradeStatus(app, { origin: "null", cookie: carla.cookie })).toBe(403);
    // A refused upgrade never counted the member.
    const [refused] = await presenceThrough(app, [carla.id]);
    expect(refused?.status).toBe("offline");

    expect(await upgradeStatus(app, { origin: `http://${host}`, cookie: carla.cookie })).toBe(101);
    expect(await upgradeStatus(app, { origin: `http://${host.toUpperCase()}` })).toBe(101);
    expect(await upgradeStatus(app, { cookie: carla.cookie })).toBe(101);
  });
});
