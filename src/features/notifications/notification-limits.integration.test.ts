import { and, count, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { memberRoom } from "../../platform/realtime/member-room.ts";
import type { TestSocket } from "../../platform/realtime/test-kit.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { appForSuite, type RunningApp } from "../../test/start-app.ts";
import { createTestClub } from "../clubs/club-fixture.server.ts";
import clubMessages from "../clubs/messages/en.json";
import { clubInvitations } from "../clubs/clubs.tables.server.ts";
import { command, join, nextEvent, valueOf } from "../play/play.socket-kit.server.ts";
import type { ChallengeView } from "../play/play.schema.ts";
import { challenges } from "../play/play.tables.server.ts";
import { openSocket, signIn, type SignedIn } from "../presence/presence.test-kit.server.ts";
import socialMessages from "../social/messages/en.json";
import { friendRequests } from "../social/social.tables.server.ts";
import { NOTICES_PER_RECIPIENT } from "./notification-limits.server.ts";
import { notifications } from "./notifications.tables.server.ts";

const blitz = { rules: "standard", control: { kind: "live", baseSeconds: 180, incrementSeconds: 2 }, rated: false, color: "white" } as const;
/** The loop: this many create/cancel cycles in a few seconds. */
const CYCLES = 14;
/** One of two by turns: the first on even turns, the second on odd ones. */
const byTurns = <T>(pair: readonly [T, T], turn: number): T => (turn % 2 === 0 ? pair[0] : pair[1]);

/**
 * Issue 19 item 6 through the real server: unsolicited notices are limited
 * per sender and recipient however the sender reaches the site (two sessions,
 * a socket on each, HTTP), the over-limit action is refused with its code and
 * changes nothing, and a withdrawn challenge or request takes its notice off
 * the recipient's bell, live.
 */
describe.each(databaseTargets())("limits on writing to another member's notifications on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  let app: RunningApp;
  const sockets: TestSocket[] = [];
  beforeAll(() => {
    app = suite.current;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  const db = () => app.kingside.database.db;
  async function socketOf(member: SignedIn): Promise<TestSocket> {
    const socket = await openSocket(app, { cookie: member.cookie });
    sockets.push(socket);
    return socket;
  }
  const storedFor = async (memberId: number, type: string) => (await db().select({ n: count() }).from(notifications).where(and(eq(notifications.memberId, memberId), eq(notifications.type, type))))[0]?.n ?? 0;
  const unreadOf = async (member: SignedIn) => ((await (await member.session.request("GET", "/callback/notifications/unread", { headers: { accept: "application/json" } })).json()) as { unread: number }).unread;

  it("refuses the challenge past the limit whichever of two sessions' sockets sends it, and a withdrawn challenge leaves the bell at once", async () => {
    const alice = [await signIn(app, "alice"), await signIn(app, "alice")] as const;
    const aliceSockets = [await socketOf(alice[0]), await socketOf(alice[1])] as const;
    const bob = await signIn(app, "bob");
    const bell = await socketOf(bob);
    await join(bell, memberRoom(bob.id));

    const answers: string[] = [];
    const withdrawn: number[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      // Created on one session's socket, cancelled on the other's.
      const created = await command(byTurns(aliceSockets, cycle), "challenge.create", { opponent: "bob", terms: blitz });
      answers.push(created.ok ? "created" : created.code);
      if (!created.ok) continue;
      const { id } = valueOf<ChallengeView>(created);
      valueOf(await command(byTurns(aliceSockets, cycle + 1), "challenge.cancel", { id }));
      withdrawn.push(id);
    }
    expect(answers).toEqual([...Array<string>(NOTICES_PER_RECIPIENT).fill("created"), ...Array<string>(CYCLES - NOTICES_PER_RECIPIENT).fill("sent_too_many")]);

    // Bob's bell heard each notice arrive and go, the count back to nothing each time.
    for (let notice = 0; notice < NOTICES_PER_RECIPIENT; notice += 1) {
      expect(await nextEvent(bell, "notification.added")).toMatchObject({ unread: 1, notification: { type: "play.challenge_received", payload: { challengeId: withdrawn[notice], from: "alice" } } });
      expect(await nextEvent(bell, "notification.removed")).toEqual({ ids: [expect.any(Number)], unread: 0 });
    }
    // The refused challenges wrote nothing: no challenge, no notice; the withdrawn ones left no notice behind.
    expect((await db().select({ n: count() }).from(challenges).where(and(eq(challenges.challengerId, alice[0].id), eq(challenges.challengedId, bob.id))))[0]?.n).toBe(NOTICES_PER_RECIPIENT);
    expect(await storedFor(bob.id, "play.challenge_received")).toBe(0);
    expect(await unreadOf(bob)).toBe(0);
  });

  it("counts friend requests over HTTP from two sessions with challenges from a socket, and answers the next one 429 with its message, writing nothing", async () => {
    const carla = [await signIn(app, "carla"), await signIn(app, "carla")] as const;
    const carlaSocket = await socketOf(carla[1]);
    const alice = await signIn(app, "alice");
    const request = (session: SignedIn) => session.session.request("POST", "/callback/friend/alice/request", { json: {} });
    const cancel = (session: SignedIn) => session.session.request("POST", "/callback/friend/alice/cancel/request", { json: {} });

    for (let cycle = 0; cycle < NOTICES_PER_RECIPIENT - 1; cycle += 1) {
      expect((await request(byTurns(carla, cycle))).status).toBe(200);
      expect((await cancel(byTurns(carla, cycle + 1))).status).toBe(200);
    }
    const challenge = valueOf<ChallengeView>(await command(carlaSocket, "challenge.create", { opponent: "alice", terms: blitz }));
    valueOf(await command(carlaSocket, "challenge.cancel", { id: challenge.id }));

    const refused = await request(carla[0]);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: "sent_too_many", message: socialMessages["social.error.sent_too_many"] });
    expect(await command(carlaSocket, "challenge.create", { opponent: "alice", terms: blitz })).toEqual({ ok: false, code: "sent_too_many" });
    expect(await db().select().from(friendRequests).where(and(eq(friendRequests.senderId, carla[0].id), eq(friendRequests.recipientId, alice.id)))).toEqual([]);
    // Each withdrawn request took its notice with it.
    expect(await storedFor(alice.id, "social.friend_request")).toBe(0);
    expect(await unreadOf(alice)).toBe(0);
  });

  it("sends a member invitations from many clubs up to the limit's worth, the next refused with nothing written", async () => {
    const bob = [await signIn(app, "bob"), await signIn(app, "bob")] as const;
    const carla = await signIn(app, "carla");
    const clubs = [];
    for (let index = 0; index <= NOTICES_PER_RECIPIENT; index += 1) clubs.push(await createTestClub(db(), { owner: bob[0].id, joinPolicy: "invite" }));
    const statuses = [];
    for (const [index, club] of clubs.entries()) statuses.push((await byTurns(bob, index).session.request("POST", `/callback/club/invite/${club.id}/carla`, { json: {} })).status);
    expect(statuses).toEqual([...Array<number>(NOTICES_PER_RECIPIENT).fill(200), 429]);

    const last = clubs.at(-1);
    if (!last) throw new Error("no clubs");
    const again = await bob[0].session.request("POST", `/callback/club/invite/${last.id}/carla`, { json: {} });
    expect(await again.json()).toEqual({ code: "sent_too_many", message: clubMessages["clubs.error.sent_too_many"] });
    expect(await db().select().from(clubInvitations).where(eq(clubInvitations.clubId, last.id))).toEqual([]);
    expect(await storedFor(carla.id, "clubs.invitation")).toBe(NOTICES_PER_RECIPIENT);
  });

  it("keeps a forum post past the limit but sends its mention no notice", async () => {
    const alice = await signIn(app, "alice");
    const carla = await signIn(app, "carla");
    const club = await createTestClub(db(), { owner: alice.id });
    const statuses = [];
    for (let post = 0; post <= NOTICES_PER_RECIPIENT; post += 1) {
      statuses.push((await alice.session.request("POST", `/callback/clubs/forum/${club.id}/topic`, { json: { title: `Question number ${post}`, body: `What do you think, @carla?` } })).status);
    }
    expect(statuses).toEqual(Array<number>(NOTICES_PER_RECIPIENT + 1).fill(200));
    expect(await storedFor(carla.id, "clubForum.mention")).toBe(NOTICES_PER_RECIPIENT);
  });
});
