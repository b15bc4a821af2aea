import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestSocket } from "../../../platform/realtime/test-kit.server.ts";
import { memberRoom } from "../../../platform/realtime/member-room.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite, type RunningApp } from "../../../test/start-app.ts";
import { users } from "../../accounts/accounts.tables.server.ts";
import { blocks } from "../../social/social.tables.server.ts";
import { memberId, openSocket, signIn, waitForPresence } from "../../presence/presence.test-kit.server.ts";
import { lobbyRoom } from "../play.events.ts";
import type { ChallengeView, CurrentGameView, SeekView } from "../play.schema.ts";
import { seeks } from "../play.tables.server.ts";
import { SEEK_PRESENCE_GRACE_MS } from "./seeks.service.server.ts";
import { command, join, nextEvent, valueOf } from "../play.socket-kit.server.ts";

const blitz = { kind: "live", baseSeconds: 180, incrementSeconds: 2 } as const;
const daily = { kind: "daily", daysPerMove: 3 } as const;

/**
 * Finding a game through the real server (issue 9 §2, §3, §7): the lobby,
 * the member's games in progress for the header, and the refusals, over the
 * socket commands the pages use.
 */
describe.each(databaseTargets())("finding a game on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  let app: RunningApp;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    app = suite.current;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  /** A socket of a signed-in member (or an anonymous one), already in the member's private room. */
  async function socketOf(username: string | null): Promise<TestSocket> {
    if (username === null) {
      const anonymous = await openSocket(app);
      sockets.push(anonymous);
      return anonymous;
    }
    const member = await signIn(app, username);
    const socket = await openSocket(app, { cookie: member.cookie });
    sockets.push(socket);
    await join(socket, memberRoom(member.id));
    return socket;
  }

  it("lists a member's games in progress, their move first, and follows moves and the end", async () => {
    const alice = await socketOf("alice");
    const bob = await socketOf("bob");
    // The demo data gives alice and bob daily games of their own: the test looks at the games it starts.
    const seeded = new Set([...valueOf<CurrentGameView[]>(await command(alice, "games.current", {})), ...valueOf<CurrentGameView[]>(await command(bob, "games.current", {}))].map((game) => game.id));
    const current = async (socket: TestSocket) => valueOf<CurrentGameView[]>(await command(socket, "games.current", {})).filter((game) => !seeded.has(game.id));
    expect(await current(alice)).toEqual([]);

    const challenge = valueOf<ChallengeView>(await command(alice, "challenge.create", { opponent: "bob", terms: { rules: "standard", control: daily, rated: false, color: "white" } }));
    const { gameId } = valueOf<{ gameId: number }>(await command(bob, "challenge.accept", { id: challenge.id }));
    expect(await nextEvent(alice, "challenge.accepted")).toEqual({ id: challenge.id, by: "bob", gameId });

    const alicesGames = await current(alice);
    expect(alicesGames).toEqual([{ id: gameId, speed: "daily", rules: "standard", opponent: "bob", color: "white", yourMove: true, deadlineAt: expect.any(String) }]);
    expect(await current(bob)).toEqual([expect.objectContaining({ id: gameId, opponent: "alice", color: "black", yourMove: false })]);

    // Alice moves: Bob hears it is his move, and his list says so (their move before the others').
    valueOf(await command(alice, "game.move", { gameId, ply: 0, uci: "e2e4" }));
    expect(await nextEvent(bob, "game.your_move")).toEqual({ gameId, by: "alice" });
    expect(await current(bob)).toEqual([expect.objectContaining({ id: gameId, yourMove: true })]);

    // A live game joins the list: both wait for Bob, the nearer deadline (the live game's first move) first.
    const live = valueOf<ChallengeView>(await command(alice, "challenge.create", { opponent: "bob", terms: { rules: "chess960", control: blitz, rated: false, color: "black" } }));
    const liveGame = valueOf<{ gameId: number }>(await command(bob, "challenge.accept", { id: live.id })).gameId;
    const bobsGames = await current(bob);
    expect(bobsGames.map((game) => [game.id, game.speed, game.rules, game.yourMove])).toEqual([
      [liveGame, "live", "chess960", true],
      [gameId, "daily", "standard", true],
    ]);

    // The ends leave the lists, and each player hears of them.
    valueOf(await command(bob, "game.act", { gameId, action: "resign" }));
    for (const player of [alice, bob]) expect(await nextEvent(player, "game.ended")).toEqual({ gameId });
    valueOf(await command(alice, "game.act", { gameId: liveGame, action: "abort" }));
    for (const player of [alice, bob]) expect(await nextEvent(player, "game.ended")).toEqual({ gameId: liveGame });
    expect(await current(alice)).toEqual([]);
    expect(await current(bob)).toEqual([]);
  });

  it("refuses the list of games in progress to a visitor who is not signed in", async () => {
    const anonymous = await socketOf(null);
    expect(await command(anonymous, "games.current", {})).toEqual({ ok: false, code: "forbidden" });
    expect(await command(anonymous, "challenge.list", {})).toEqual({ ok: false, code: "forbidden" });
  });

  it("shows seeks in the lobby live; only their member may cancel them", async () => {
    const watcher = await socketOf(null);
    await join(watcher, lobbyRoom());
    const alice = await socketOf("alice");
    const bob = await socketOf("bob");

    const seek = valueOf<SeekView>(await command(alice, "seek.create", { terms: { rules: "standard", control: blitz, rated: true, color: "random" } }));
    expect(await nextEvent(watcher, "seek.added")).toMatchObject({ id: seek.id, username: "alice" });
    expect(valueOf<SeekView[]>(await command(watcher, "seek.lobby", {})).map((open) => open.id)).toContain(seek.id);

    expect(await command(bob, "seek.cancel", { id: seek.id })).toEqual({ ok: false, code: "seek_gone" });
    expect(valueOf<SeekView[]>(await command(watcher, "seek.lobby", {})).map((open) => open.id)).toContain(seek.id);

    valueOf(await command(alice, "seek.cancel", { id: seek.id }));
    expect(await nextEvent(watcher, "seek.removed")).toEqual({ id: seek.id });
    expect(valueOf<SeekView[]>(await command(watcher, "seek.lobby", {})).map((open) => open.id)).not.toContain(seek.id);
  });

  it("pairs a quick seek with a waiting one: the seeker hears of the game", async () => {
    const alice = await socketOf("alice");
    const bob = await socketOf("bob");
    const terms = { rules: "standard", control: { kind: "live", baseSeconds: 600, incrementSeconds: 0 }, rated: false, color: "random" };
    const waiting = valueOf<{ seek: SeekView }>(await command(alice, "seek.quick", { terms }));
    const paired = valueOf<{ gameId: number }>(await command(bob, "seek.quick", { terms }));
    expect(await nextEvent(alice, "seek.paired")).toEqual({ id: waiting.seek.id, gameId: paired.gameId });
    valueOf(await command(alice, "game.act", { gameId: paired.gameId, action: "abort" }));
  });

  it("takes a live seek out of the lobby once its member is offline: nobody pairs with them, the sweep removes it", async () => {
    const watcher = await socketOf(null);
    await join(watcher, lobbyRoom());
    const carla = await socketOf("carla");
    const bob = await socketOf("bob");
    const terms = { rules: "standard", control: { kind: "live", baseSeconds: 420, incrementSeconds: 0 }, rated: false, color: "random" };
    const seek = valueOf<SeekView>(await command(carla, "seek.create", { terms }));
    const daily = valueOf<SeekView>(await command(carla, "seek.create", { terms: { ...terms, control: { kind: "daily", daysPerMove: 2 } } }));
    // Made before the grace that covers a socket not yet registered with presence.
    await app.kingside.database.db.update(seeks).set({ createdAt: new Date(Date.now() - 2 * SEEK_PRESENCE_GRACE_MS) }).where(eq(seeks.memberId, await memberId(app, "carla")));
    // Kept while carla is online.
    expect(await app.kingside.jobs.runNow("play.absent-seeks")).toBe(true);
    expect(valueOf<SeekView[]>(await command(watcher, "seek.lobby", {})).map((open) => open.id)).toEqual(expect.arrayContaining([seek.id, daily.id]));

    carla.close();
    await carla.waitForClose();
    await waitForPresence(app, await memberId(app, "carla"), (presence) => presence.status === "offline");
    // Before the sweep: the lobby no longer lists it, and accepting it or pairing with it finds it gone (bob's quick seek waits in the lobby instead).
    expect(valueOf<SeekView[]>(await command(watcher, "seek.lobby", {})).map((open) => open.id)).toEqual(expect.arrayContaining([daily.id]));
    expect(valueOf<SeekView[]>(await command(watcher, "seek.lobby", {})).map((open) => open.id)).not.toContain(seek.id);
    expect(await command(bob, "seek.accept", { id: seek.id })).toEqual({ ok: false, code: "seek_gone" });
    const quick = valueOf<{ seek?: SeekView; gameId?: number }>(await command(bob, "seek.quick", { terms }));
    expect(quick.gameId).toBeUndefined();

    expect(await app.kingside.jobs.runNow("play.absent-seeks")).toBe(true);
    expect(await nextEvent(watcher, "seek.removed")).toEqual({ id: seek.id });
    const open = valueOf<SeekView[]>(await command(watcher, "seek.lobby", {})).map((view) => view.id);
    expect(open).not.toContain(seek.id);
    // A daily seek waits for its days, online or not; bob's own seek is his to cancel.
    expect(open).toContain(daily.id);
    if (quick.seek) valueOf(await command(bob, "seek.cancel", { id: quick.seek.id }));
  });

  it("lets a guest seek casual live games only", async () => {
    await app.kingside.database.db.update(users).set({ membershipLevel: 0 }).where(eq(users.usernameKey, "staff"));
    const guest = await socketOf("staff");
    expect(await command(guest, "seek.quick", { terms: { rules: "standard", control: blitz, rated: true, color: "random" } })).toEqual({ ok: false, code: "guest_rated" });
    expect(await command(guest, "seek.create", { terms: { rules: "standard", control: daily, rated: false, color: "random" } })).toEqual({ ok: false, code: "guest" });
    const casual = valueOf<SeekView>(await command(guest, "seek.create", { terms: { rules: "standard", control: blitz, rated: false, color: "random" } }));
    valueOf(await command(guest, "seek.cancel", { id: casual.id }));
  });

  it("refuses a challenge between members when either blocked the other", async () => {
    const [carla, bob] = await Promise.all([memberId(app, "carla"), memberId(app, "bob")]);
    await app.kingside.database.db.insert(blocks).values({ blockerId: carla, blockedId: bob });
    try {
      const bobSocket = await socketOf("bob");
      const carlaSocket = await socketOf("carla");
      const terms = { rules: "standard", control: blitz, rated: true, color: "random" };
      expect(await command(bobSocket, "challenge.create", { opponent: "carla", terms })).toEqual({ ok: false, code: "blocked" });
      expect(await command(carlaSocket, "challenge.create", { opponent: "bob", terms })).toEqual({ ok: false, code: "blocked" });
      expect(valueOf(await command(carlaSocket, "challenge.list", {}))).toEqual([]);
    } finally {
      await app.kingside.database.db.delete(blocks).where(eq(blocks.blockerId, carla));
    }
  });

  it("lets only the challenged member accept or decline, and only the challenger cancel", async () => {
    const alice = await socketOf("alice");
    const bob = await socketOf("bob");
    const carla = await socketOf("carla");
    const challenge = valueOf<ChallengeView>(await command(alice, "challenge.create", { opponent: "bob", terms: { rules: "standard", control: blitz, rated: false, color: "white" } }));
    expect(await nextEvent(bob, "challenge.received")).toEqual({ id: challenge.id, from: "alice" });

    expect(await command(carla, "challenge.accept", { id: challenge.id })).toEqual({ ok: false, code: "challenge_gone" });
    expect(await command(carla, "challenge.decline", { id: challenge.id })).toEqual({ ok: false, code: "challenge_gone" });
    expect(await command(carla, "challenge.cancel", { id: challenge.id })).toEqual({ ok: false, code: "challenge_gone" });
    expect(await command(bob, "challenge.cancel", { id: challenge.id })).toEqual({ ok: false, code: "challenge_gone" });
    expect(await command(alice, "challenge.accept", { id: challenge.id })).toEqual({ ok: false, code: "challenge_gone" });

    // Still open for both of them, in each one's list.
    expect(valueOf<ChallengeView[]>(await command(bob, "challenge.list", {}))).toEqual([expect.objectContaining({ id: challenge.id, challenger: "alice", challenged: "bob", status: "open" })]);
    expect(valueOf<ChallengeView[]>(await command(alice, "challenge.list", {})).map((open) => open.id)).toEqual([challenge.id]);

    valueOf(await command(bob, "challenge.decline", { id: challenge.id }));
    expect(await nextEvent(alice, "challenge.declined")).toEqual({ id: challenge.id, by: "bob" });
    expect(valueOf(await command(alice, "challenge.list", {}))).toEqual([]);
  });
});
