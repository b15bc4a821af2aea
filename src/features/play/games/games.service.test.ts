import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../platform/db/client.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import type { GameTerms } from "../play.schema.ts";
import type { PlayMember } from "../play-ports.server.ts";
import { createPlayKit, type PlayKit } from "../play.test-kit.server.ts";

const blitz: GameTerms = { rules: "standard", control: { kind: "live", baseSeconds: 180, incrementSeconds: 2 }, rated: true, color: "white" };
const receivedAt = (kit: PlayKit) => ({ receivedAt: kit.clock.now, lagMs: 0 });

for (const target of databaseTargets()) {
  describe(`games on ${target.name}`, () => {
    let kit: PlayKit;
    let drop: () => Promise<void>;
    let alice: PlayMember;
    let bob: PlayMember;
    let carol: PlayMember;

    beforeAll(async () => {
      const created = await target.create();
      drop = created.drop;
      kit = await createPlayKit({ databaseUrl: created.databaseUrl });
      alice = await kit.member("alice");
      bob = await kit.member("bob");
      carol = await kit.member("carol");
    });
    afterAll(async () => {
      await kit.database.close();
      await drop();
    });

    /** Alice (white) and Bob (black) start a game from an accepted challenge. */
    async function newGame(terms: GameTerms = blitz): Promise<number> {
      const challenge = await kit.challenges.create(alice, { opponent: "bob", terms });
      if (!challenge.ok) throw new Error(challenge.error);
      const accepted = await kit.challenges.accept(bob, challenge.value.id);
      if (!accepted.ok) throw new Error(accepted.error);
      return accepted.value.gameId;
    }

    async function play(gameId: number, moves: string[], firstPly = 0): Promise<void> {
      for (const [index, uci] of moves.entries()) {
        const ply = firstPly + index;
        const mover = ply % 2 === 0 ? alice : bob;
        kit.clock.now += 1_000;
        const result = await kit.games.move(mover, { gameId, ply, uci }, receivedAt(kit));
        if (!result.ok) throw new Error(`${uci}: ${result.error}`);
      }
    }

    it("shows each player's flair as accounts decides it: a chosen one, none when hidden, none for a premium flair after a lapse", async () => {
      const setFlair = (member: PlayMember, code: string, status: string) => kit.database.db.execute(sql`update users set flair_code = ${code}, flair_status = ${status} where id = ${member.id}`);
      const gameId = await newGame();
      await setFlair(alice, "heart", "active");
      await setFlair(bob, "crown", "active");
      let view = await kit.games.view(gameId);
      // bob is a basic member: the crown is premium, so it is not his to wear now.
      expect([view?.white.flairCode, view?.black.flairCode]).toEqual(["heart", null]);
      await setFlair(alice, "heart", "hidden");
      await setFlair(bob, "knight", "active");
      view = await kit.games.view(gameId);
      expect([view?.white.flairCode, view?.black.flairCode]).toEqual([null, "knight"]);
      await setFlair(alice, "nothing", "active");
      await setFlair(bob, "nothing", "active");
    });

    it("plays a game to checkmate, rates it once, and keeps every move", async () => {
      const gameId = await newGame();
      await play(gameId, ["f2f3", "e7e5", "g2g4", "d8h4"]);
      const view = await kit.games.view(gameId);
      expect(view?.status).toBe("ended");
      expect(view?.ending).toMatchObject({ result: "0-1", reason: "checkmate" });
      expect(view?.moves.map((move) => move.san)).toEqual(["f3", "e5", "g4", "Qh4#"]);
      expect(view?.ending?.ratingDiffs?.black).toBeGreaterThan(0);
      expect(view?.ending?.ratingDiffs?.white).toBeLessThan(0);
      const bobsRatings = await kit.ratings.ratingsOf(bob.id);
      expect(bobsRatings).toEqual([expect.objectContaining({ type: "blitz", games: 1, provisional: true })]);
      expect(bobsRatings[0]?.rating).toBe(1500 + (view?.ending?.ratingDiffs?.black ?? 0));
      // The ratings feature's event, written in the transaction that ended the game, tells the same change the game shows.
      const published = await queryRows(kit.database.db, sql`select payload from domain_events where type = 'ratings.changed' and (payload->>'gameId')::bigint = ${gameId}`);
      expect(published.map((row) => row.payload)).toEqual([
        {
          gameId,
          ratingType: "blitz",
          changes: [
            { memberId: alice.id, before: 1500, after: 1500 + (view?.ending?.ratingDiffs?.white ?? 0), provisional: true },
            { memberId: bob.id, before: 1500, after: 1500 + (view?.ending?.ratingDiffs?.black ?? 0), provisional: true },
          ],
        },
      ]);
      const moveEvents = kit.events.filter((event) => event.type === "game.move" && event.gameId === gameId);
      expect(moveEvents.map((event) => (event.type === "game.move" ? event.payload.version : -1))).toEqual([1, 2, 3, 4]);
    });

    it("applies a retried move once and refuses stale, out-of-turn, illegal and foreign moves without changing the game", async () => {
      const gameId = await newGame();
      const first = await kit.games.move(alice, { gameId, ply: 0, uci: "e2e4" }, receivedAt(kit));
      expect(first.ok).toBe(true);
      const retried = await kit.games.move(alice, { gameId, ply: 0, uci: "e2e4" }, receivedAt(kit));
      expect(retried).toEqual(first);
      expect(await kit.games.move(alice, { gameId, ply: 0, uci: "d2d4" }, receivedAt(kit))).toEqual({ ok: false, error: "stale" });
      expect(await kit.games.move(alice, { gameId, ply: 1, uci: "d2d4" }, receivedAt(kit))).toEqual({ ok: false, error: "not_your_turn" });
      expect(await kit.games.move(bob, { gameId, ply: 1, uci: "e7e4" }, receivedAt(kit))).toEqual({ ok: false, error: "move.illegal" });
      expect(await kit.games.move(carol, { gameId, ply: 1, uci: "e7e5" }, receivedAt(kit))).toEqual({ ok: false, error: "not_a_player" });
      expect(await kit.games.move(bob, { gameId: 999_999, ply: 1, uci: "e7e5" }, receivedAt(kit))).toEqual({ ok: false, error: "not_found" });
      const view = await kit.games.view(gameId);
      expect(view?.moves.map((move) => move.uci)).toEqual(["e2e4"]);
      expect(view?.ply).toBe(1);
    });

    it("a second instance sees the first one's moves and refuses what is stale there too", async () => {
      const gameId = await newGame();
      const other = kit.secondInstance();
      await play(gameId, ["e2e4"]);
      expect((await other.move(bob, { gameId, ply: 1, uci: "e7e5" }, receivedAt(kit))).ok).toBe(true);
      // The first instance held ply 1; its write is refused on the version and it answers from the fresh row.
      expect(await kit.games.move(bob, { gameId, ply: 1, uci: "c7c5" }, receivedAt(kit))).toEqual({ ok: false, error: "stale" });
      await play(gameId, ["g1f3"], 2);
      expect((await kit.games.view(gameId))?.moves.map((move) => move.uci)).toEqual(["e2e4", "e7e5", "g1f3"]);
    });

    it("an instance holding a game behind another instance's moves and offers decides on a fresh read", async () => {
      const gameId = await newGame({ ...blitz, rated: false });
      const other = kit.secondInstance();
      await play(gameId, ["d2d4"]);
      // Bob moves and offers a draw on the other instance: this one still holds ply 1 and no offer.
      expect((await other.move(bob, { gameId, ply: 1, uci: "d7d5" }, receivedAt(kit))).ok).toBe(true);
      expect((await other.act(bob, gameId, "draw.offer")).ok).toBe(true);
      // A move at ply 2 looks stale to what this instance holds; decided again on the row, it is Alice's move.
      const moved = await kit.games.move(alice, { gameId, ply: 2, uci: "c2c4" }, receivedAt(kit));
      expect(moved.ok && moved.value.ply).toBe(3);
      // Her move answered Bob's offer with a no, as a move does.
      expect((await kit.games.view(gameId))?.drawOfferBy).toBeNull();
    });

    it("draw offers, acceptance, resignation and abort end the game as the rules say", async () => {
      const drawn = await newGame({ ...blitz, rated: false });
      await play(drawn, ["e2e4", "e7e5"]);
      expect((await kit.games.act(alice, drawn, "draw.offer")).ok).toBe(true);
      expect(await kit.games.act(alice, drawn, "draw.accept")).toEqual({ ok: false, error: "no_draw_offer" });
      expect((await kit.games.act(bob, drawn, "draw.accept")).ok).toBe(true);
      expect((await kit.games.view(drawn))?.ending).toEqual({ result: "1/2-1/2", reason: "agreement", ratingDiffs: null });

      const resigned = await newGame();
      await play(resigned, ["d2d4", "d7d5"]);
      expect(await kit.games.act(carol, resigned, "resign")).toEqual({ ok: false, error: "not_a_player" });
      expect((await kit.games.act(bob, resigned, "resign")).ok).toBe(true);
      expect((await kit.games.view(resigned))?.ending).toMatchObject({ result: "1-0", reason: "resignation" });
      expect(await kit.games.act(alice, resigned, "resign")).toEqual({ ok: false, error: "game_over" });

      const aborted = await newGame();
      await play(aborted, ["d2d4"]);
      expect((await kit.games.act(bob, aborted, "abort")).ok).toBe(true);
      const view = await kit.games.view(aborted);
      expect(view?.status).toBe("aborted");
      expect(view?.ending).toEqual({ result: "*", reason: "aborted", ratingDiffs: null });
    });

    it("a rematch needs both players and swaps the colours", async () => {
      const gameId = await newGame({ ...blitz, rated: false });
      await play(gameId, ["e2e4", "e7e5"]);
      await kit.games.act(alice, gameId, "resign");
      expect((await kit.games.act(alice, gameId, "rematch.offer")).ok).toBe(true);
      const made = await kit.games.act(bob, gameId, "rematch.offer");
      if (!made.ok || made.value.rematchGameId === null) throw new Error("no rematch");
      const rematch = await kit.games.view(made.value.rematchGameId);
      expect(rematch).toMatchObject({ white: { username: "bob" }, black: { username: "alice" }, status: "playing" });
    });

    it("the sweeper ends a flagged game once, even when two instances sweep at the same moment", async () => {
      const gameId = await newGame({ ...blitz, control: { kind: "live", baseSeconds: 60, incrementSeconds: 0 }, rated: false });
      await play(gameId, ["e2e4", "e7e5"]);
      // White's clock runs from black's first move; ten minutes later the flag has fallen.
      kit.clock.now += 600_000;
      const [first, second] = await Promise.all([kit.games.sweepDeadlines(), kit.secondInstance().sweepDeadlines()]);
      expect(first + second).toBeGreaterThanOrEqual(1);
      const view = await kit.games.view(gameId);
      expect(view?.ending).toMatchObject({ result: "0-1", reason: "timeout" });
      const ends = kit.events.filter((event) => event.type === "game.state" && event.gameId === gameId && event.payload.ending !== null);
      expect(ends).toHaveLength(1);
      expect(await kit.games.sweepDeadlines()).toBe(0);
    });

    it("a game lost on time shows the flagged clock at 0:00 (the end event, a fresh load, another instance), and the winner's clock as it stood", async () => {
      const gameId = await newGame({ ...blitz, control: { kind: "live", baseSeconds: 60, incrementSeconds: 0 }, rated: false });
      await play(gameId, ["e2e4", "e7e5"]);
      const before = (await kit.games.view(gameId))?.clocks;
      kit.clock.now += 600_000;
      await kit.games.sweepDeadlines();
      const end = kit.events.find((event) => event.type === "game.state" && event.gameId === gameId && event.payload.ending !== null);
      expect(end?.type === "game.state" ? end.payload.clocks : undefined).toMatchObject({ white: 0, black: before?.black, running: null });
      for (const view of [await kit.games.view(gameId), await kit.secondInstance().view(gameId)]) {
        expect(view?.ending).toMatchObject({ reason: "timeout" });
        expect(view?.clocks).toMatchObject({ white: 0, black: before?.black, running: null });
      }
      // Later still, nothing moves.
      kit.clock.now += 60_000;
      expect((await kit.games.view(gameId))?.clocks).toMatchObject({ white: 0, black: before?.black });
    });

    it("a resignation stops the resigner's clock at the time they had left", async () => {
      const gameId = await newGame({ ...blitz, control: { kind: "live", baseSeconds: 60, incrementSeconds: 0 }, rated: false });
      await play(gameId, ["e2e4", "e7e5"]);
      const whiteBefore = (await kit.games.view(gameId))?.clocks?.white ?? 0;
      kit.clock.now += 7_000;
      await kit.games.act(alice, gameId, "resign");
      kit.clock.now += 30_000;
      expect((await kit.games.view(gameId))?.clocks).toMatchObject({ white: whiteBefore - 7_000, running: null });
    });

    it("a move that arrives after the flag fell ends the game on time instead", async () => {
      const gameId = await newGame({ ...blitz, control: { kind: "live", baseSeconds: 60, incrementSeconds: 0 }, rated: false });
      await play(gameId, ["e2e4", "e7e5"]);
      kit.clock.now += 120_000;
      expect(await kit.games.move(alice, { gameId, ply: 2, uci: "g1f3" }, receivedAt(kit))).toEqual({ ok: false, error: "game_over" });
      expect((await kit.games.view(gameId))?.ending).toMatchObject({ reason: "timeout", result: "0-1" });
    });

    it("a game whose first move never comes is aborted by the sweeper, unrated", async () => {
      const gameId = await newGame();
      kit.clock.now += 60_000;
      await kit.games.sweepDeadlines();
      expect((await kit.games.view(gameId))?.status).toBe("aborted");
    });

    it("moves of games that arrive together share one statement and one commit; each is acknowledged, kept and announced once", async () => {
      const first = await newGame();
      const second = await newGame();
      for (const [ply, uci] of ["f2f3", "e7e5", "g2g4", "d8h4"].entries()) {
        const mover = ply % 2 === 0 ? alice : bob;
        kit.clock.now += 1_000;
        const acks = await Promise.all([first, second].map((gameId) => kit.games.move(mover, { gameId, ply, uci }, receivedAt(kit))));
        expect(acks.map((ack) => ack.ok && ack.value.ply)).toEqual([ply + 1, ply + 1]);
      }
      // One transaction wrote both games' second moves, and another both third ones (the first ones waited for each game's read; the last, the mate, is rated in a transaction of its own).
      for (const ply of [1, 2]) {
        const writers = await queryRows(kit.database.db, sql`select xmin::text as writer from game_moves where game_id in (${first}, ${second}) and ply = ${ply}`);
        expect(writers).toHaveLength(2);
        expect(new Set(writers.map((row) => row.writer)).size).toBe(1);
      }
      for (const gameId of [first, second]) {
        const view = await kit.games.view(gameId);
        expect(view?.moves.map((move) => move.san)).toEqual(["f3", "e5", "g4", "Qh4#"]);
        expect(view?.ending).toMatchObject({ result: "0-1", reason: "checkmate" });
        const announced = kit.events.flatMap((event) => (event.type === "game.move" && event.gameId === gameId ? [event.payload.version] : []));
        expect(announced).toEqual([1, 2, 3, 4]);
      }
    });
  });
}
