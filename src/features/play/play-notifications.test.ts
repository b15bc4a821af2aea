import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openDatabase, type DatabaseHandle } from "../../platform/db/client.server.ts";
import { noOutboxNotifier } from "../../platform/realtime/outbox.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { users } from "../accounts/accounts.tables.server.ts";
import { createMemberDirectory } from "../accounts/member-directory.service.server.ts";
import { createNotificationsService, type NotificationsService } from "../notifications/notifications.service.server.ts";
import { createChallengesService } from "./lobby/challenges.service.server.ts";
import { createGamesService } from "./games/games.service.server.ts";
import { createContactGuard } from "../social/contact-guard.server.ts";
import { createPlayMembers } from "./play-members.server.ts";
import { playOutbox } from "./play-outbox.server.ts";
import type { PlayMember } from "./play-ports.server.ts";
import type { GameTerms } from "./play.schema.ts";
import { createRatingsService } from "../ratings/ratings.service.server.ts";
import { createVacationsService } from "./games/vacations.service.server.ts";

const dailyGame: GameTerms = { rules: "standard", control: { kind: "daily", daysPerMove: 3 }, rated: false, color: "white" };
const challengePayload = z.object({ challengeId: z.number() });
const blitz: GameTerms = { rules: "standard", control: { kind: "live", baseSeconds: 180, incrementSeconds: 2 }, rated: false, color: "white" };

/** Play's notifications are recorded by its event sink in the services' own transactions, as the feature wires it. */
for (const target of databaseTargets()) {
  describe(`play's notifications on ${target.name}`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let notifications: NotificationsService;
    let challenges: ReturnType<typeof createChallengesService>;
    let games: ReturnType<typeof createGamesService>;
    const member: Record<string, PlayMember> = {};

    beforeAll(async () => {
      const created = await target.create();
      drop = created.drop;
      database = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" });
      await database.migrate();
      const db = database.db;
      notifications = createNotificationsService(db);
      const events = playOutbox(noOutboxNotifier, notifications.recorder);
      const members = createPlayMembers(createMemberDirectory(db), createContactGuard(db));
      games = createGamesService({ db, members, events, ratings: createRatingsService(db), vacations: createVacationsService({ db }) });
      challenges = createChallengesService({ db, members, events, startGame: games.startGame });
      for (const username of ["alice", "bob", "carol"]) {
        const [row] = await db.insert(users).values({ username, usernameKey: username, membershipLevel: 10 }).returning({ id: users.id });
        if (!row) throw new Error("no member");
        member[username] = { id: row.id, username, level: 10 };
      }
    });
    afterAll(async () => {
      await database.close();
      await drop();
    });

    const typesOf = async (who: PlayMember) => (await notifications.list(who.id)).notifications.map((item) => ({ type: item.type, payload: item.payload }));
    const the = (username: string): PlayMember => {
      const found = member[username];
      if (!found) throw new Error(username);
      return found;
    };

    it("tells the challenged member of a challenge, and the challenger of the answer", async () => {
      const created = await challenges.create(the("alice"), { opponent: "bob", terms: dailyGame });
      if (!created.ok) throw new Error(created.error);
      expect(await typesOf(the("bob"))).toEqual([{ type: "play.challenge_received", payload: { challengeId: created.value.id, from: "alice" } }]);
      expect(await notifications.unreadCount(the("bob").id)).toBe(1);

      const accepted = await challenges.accept(the("bob"), created.value.id);
      if (!accepted.ok) throw new Error(accepted.error);
      // Answered (here, from wherever Bob was): his notice of it is settled, its Accept gone.
      expect((await notifications.list(the("bob").id)).notifications.find((item) => item.type === "play.challenge_received")?.read).toBe(true);
      expect(await typesOf(the("alice"))).toEqual([{ type: "play.challenge_accepted", payload: { challengeId: created.value.id, by: "bob", gameId: accepted.value.gameId } }]);

      // Alice (white) moves in the daily game: Bob is told it is his move.
      const moved = await games.move(the("alice"), { gameId: accepted.value.gameId, ply: 0, uci: "e2e4" }, { receivedAt: Date.now(), lagMs: 0 });
      expect(moved.ok).toBe(true);
      expect((await typesOf(the("bob")))[0]).toEqual({ type: "play.your_move", payload: { gameId: accepted.value.gameId, by: "alice" } });
      // Bob answers, Alice moves again: one unread "your move" for the game, the newest.
      expect((await games.move(the("bob"), { gameId: accepted.value.gameId, ply: 1, uci: "e7e5" }, { receivedAt: Date.now(), lagMs: 0 })).ok).toBe(true);
      expect((await games.move(the("alice"), { gameId: accepted.value.gameId, ply: 2, uci: "g1f3" }, { receivedAt: Date.now(), lagMs: 0 })).ok).toBe(true);
      const bobsMoves = (await notifications.list(the("bob").id)).notifications.filter((item) => item.type === "play.your_move");
      expect(bobsMoves.map((item) => item.read)).toEqual([false, true]);

      const declined = await challenges.create(the("carol"), { opponent: "alice", terms: blitz });
      if (!declined.ok) throw new Error(declined.error);
      expect((await challenges.decline(the("alice"), declined.value.id)).ok).toBe(true);
      const aliceNotice = (await notifications.list(the("alice").id)).notifications.find((item) => item.type === "play.challenge_received" && challengePayload.safeParse(item.payload).data?.challengeId === declined.value.id);
      expect(aliceNotice?.read).toBe(true);
      expect((await typesOf(the("carol")))[0]).toEqual({ type: "play.challenge_declined", payload: { challengeId: declined.value.id, by: "alice" } });
    });

    it("takes the challenged member's notice away when the challenger withdraws, read or not", async () => {
      const notice = (id: number) => notifications.list(the("bob").id).then((list) => list.notifications.find((item) => item.type === "play.challenge_received" && challengePayload.safeParse(item.payload).data?.challengeId === id));
      const unreadBefore = await notifications.unreadCount(the("bob").id);
      for (const readFirst of [false, true]) {
        const created = await challenges.create(the("carol"), { opponent: "bob", terms: blitz });
        if (!created.ok) throw new Error(created.error);
        const stored = await notice(created.value.id);
        expect(stored?.read).toBe(false);
        if (readFirst && stored) await notifications.markRead(the("bob").id, stored.id);
        expect((await challenges.cancel(the("carol"), created.value.id)).ok).toBe(true);
        expect(await notice(created.value.id)).toBeUndefined();
        expect(await notifications.unreadCount(the("bob").id)).toBe(unreadBefore);
      }
    });

    it("records nothing for a refused challenge", async () => {
      const before = (await notifications.list(the("bob").id)).total;
      expect((await challenges.create(the("carol"), { opponent: "carol", terms: blitz })).ok).toBe(false);
      expect((await challenges.create(the("carol"), { opponent: "nobody", terms: blitz })).ok).toBe(false);
      expect((await notifications.list(the("bob").id)).total).toBe(before);
      expect((await notifications.list(the("carol").id)).notifications.filter((item) => item.type === "play.challenge_received")).toEqual([]);
    });
  });
}
