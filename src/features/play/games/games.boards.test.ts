import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { variants } from "../../../chess/variants.ts";
import { queryRows } from "../../../platform/db/client.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { writeMoves } from "./move-batch.server.ts";
import type { GameTerms } from "../play.schema.ts";
import type { PlayMember } from "../play-ports.server.ts";
import { gameBoards, games, gameSeats } from "../play.tables.server.ts";
import { createPlayKit, type PlayKit } from "../play.test-kit.server.ts";

const blitz: GameTerms = { rules: "standard", control: { kind: "live", baseSeconds: 180, incrementSeconds: 2 }, rated: false, color: "white" };

for (const target of databaseTargets()) {
  describe(`a game of two boards (bughouse) on ${target.name}`, () => {
    let kit: PlayKit;
    let drop: () => Promise<void>;
    /** Seats in order: board 0 white and black, board 1 white and black; a and d are partners, b and c. */
    let a: PlayMember;
    let b: PlayMember;
    let c: PlayMember;
    let d: PlayMember;

    beforeAll(async () => {
      const created = await target.create();
      drop = created.drop;
      kit = await createPlayKit({ databaseUrl: created.databaseUrl });
      a = await kit.member("ann");
      b = await kit.member("ben");
      c = await kit.member("cid");
      d = await kit.member("dee");
    }, 60_000);
    afterAll(async () => {
      await kit.database.close();
      await drop();
    });

    async function newGame(): Promise<number> {
      const row = await kit.games.startVariantGame({ variant: variants.bughouse, memberIds: [a.id, b.id, c.id, d.id], terms: blitz });
      return row.id;
    }

    async function move(member: PlayMember, gameId: number, ply: number, uci: string) {
      kit.clock.now += 1_000;
      return kit.games.move(member, { gameId, ply, uci }, { receivedAt: kit.clock.now, lagMs: 0 });
    }

    async function stateOf(gameId: number) {
      const [row] = await queryRows(kit.database.db, sql`select g.version, g.board_version, g.fen, g.xmin::text as writer from ${games} g where g.id = ${gameId}`);
      const [second] = await queryRows(kit.database.db, sql`select b.version, b.fen, b.xmin::text as writer from ${gameBoards} b where b.game_id = ${gameId} and b.board = 1`);
      return { version: Number(row?.version), firstVersion: Number(row?.board_version), first: String(row?.fen), secondVersion: Number(second?.version), second: String(second?.fen), gameWriter: row?.writer, secondWriter: second?.writer };
    }

    it("seats four members on two boards in two teams", async () => {
      const gameId = await newGame();
      const seats = await kit.database.db.select().from(gameSeats).where(eq(gameSeats.gameId, gameId)).orderBy(gameSeats.seat);
      expect(seats.map((seat) => [seat.memberId, seat.board, seat.color, seat.team])).toEqual([
        [a.id, 0, "white", 0],
        [b.id, 0, "black", 1],
        [c.id, 1, "white", 1],
        [d.id, 1, "black", 0],
      ]);
      const state = await stateOf(gameId);
      expect(state.second).toBe(state.first);
      expect(state.first).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
    });

    it("a capture on board 0 and the pocket it fills on board 1 are one commit, one version step and one event", async () => {
      const gameId = await newGame();
      expect((await move(a, gameId, 0, "e2e4")).ok).toBe(true);
      expect((await move(b, gameId, 1, "d7d5")).ok).toBe(true);
      const before = await stateOf(gameId);
      const captured = await move(a, gameId, 2, "e4d5");
      expect(captured).toMatchObject({ ok: true, value: { board: 0, ply: 3, version: before.version + 1 } });
      const after = await stateOf(gameId);
      expect(after.version).toBe(before.version + 1);
      // The capturer's pocket stays empty; the black pawn went to its partner, who plays black on board 1.
      expect(after.first).toBe("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 2");
      expect(after.second).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[p] w KQkq - 0 1");
      expect([after.firstVersion, after.secondVersion]).toEqual([before.firstVersion + 1, before.secondVersion + 1]);
      // Both boards were written by one transaction.
      expect(after.secondWriter).toBe(after.gameWriter);
      const event = kit.events.filter((candidate) => candidate.type === "game.move").at(-1);
      expect(event?.payload).toMatchObject({
        version: after.version,
        board: 0,
        uci: "e4d5",
        boards: [
          { board: 0, version: after.firstVersion, fen: after.first },
          { board: 1, version: after.secondVersion, fen: after.second },
        ],
      });
      // The partner drops the pawn on board 1.
      expect((await move(c, gameId, 0, "e2e4")).ok).toBe(true);
      expect(await move(d, gameId, 1, "P@d4")).toMatchObject({ ok: true, value: { board: 1, ply: 2 } });
      expect((await stateOf(gameId)).second).toBe("rnbqkbnr/pppppppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 2");
    });

    it("a move refused changes no board: an illegal drop, a move on the wrong board, a write on a stale version", async () => {
      const gameId = await newGame();
      expect((await move(a, gameId, 0, "e2e4")).ok).toBe(true);
      expect((await move(b, gameId, 1, "d7d5")).ok).toBe(true);
      const before = await stateOf(gameId);
      expect(await move(c, gameId, 0, "N@e4")).toEqual({ ok: false, error: "move.illegal" });
      // Board 1's black is not to move on board 0 (its seat is on board 1, where white moves first).
      expect(await move(d, gameId, 2, "e4d5")).toEqual({ ok: false, error: "stale" });
      expect(await stateOf(gameId)).toEqual(before);
      // The statement itself: a capture written on a version the game has left writes neither board nor the move.
      const [written] = await writeMoves(kit.database.db, [
        {
          gameId,
          version: before.version - 1,
          first: { board: 0, fen: "8/8/8/8/8/8/8/8[] b - - 0 1", ply: 3, version: 9, whiteClockMs: 1, blackClockMs: 1, whiteLagQuotaMs: 0, blackLagQuotaMs: 0, turnStartedAt: null, deadlineAt: null },
          others: [{ board: 1, fen: "8/8/8/8/8/8/8/8[p] w - - 0 1", ply: 0, version: 9, whiteClockMs: 1, blackClockMs: 1, whiteLagQuotaMs: 0, blackLagQuotaMs: 0, turnStartedAt: null, deadlineAt: null }],
          deadlineAt: new Date(kit.clock.now),
          drawOfferBy: null,
          board: 0,
          ply: 2,
          uci: "e4d5",
          san: "exd5",
          clockMs: null,
          playedAt: new Date(kit.clock.now),
          event: null,
        },
      ]);
      expect(written).toBeUndefined();
      expect(await stateOf(gameId)).toEqual(before);
      const [moves] = await queryRows(kit.database.db, sql`select count(*)::int as moves from game_moves where game_id = ${gameId}`);
      expect(Number(moves?.moves)).toBe(2);
    });

    it("board 1's players act for their team: a draw offered there and accepted there ends the game, and the end names all four seats", async () => {
      const gameId = await newGame();
      for (const [member, ply, uci] of [[a, 0, "e2e4"], [b, 1, "e7e5"], [c, 0, "d2d4"], [d, 1, "d7d5"]] as const) {
        expect((await move(member, gameId, ply, uci)).ok).toBe(true);
      }
      // Both boards are under way: no abort; a stranger is no player; d (team 0, board 1) offers, a (d's partner) cannot accept its own team's offer.
      expect(await kit.games.act(a, gameId, "abort")).toEqual({ ok: false, error: "cannot_abort" });
      const stranger = await kit.member("eve");
      expect(await kit.games.act(stranger, gameId, "draw.offer")).toEqual({ ok: false, error: "not_a_player" });
      expect((await kit.games.act(d, gameId, "draw.offer")).ok).toBe(true);
      expect(await kit.games.act(a, gameId, "draw.accept")).toEqual({ ok: false, error: "no_draw_offer" });
      expect((await kit.games.act(c, gameId, "draw.accept")).ok).toBe(true);
      const [row] = await kit.database.db.select({ status: games.status, result: games.result, termination: games.termination }).from(games).where(eq(games.id, gameId));
      expect(row).toEqual({ status: "ended", result: "1/2-1/2", termination: "agreement" });
      const [ended] = await queryRows(kit.database.db, sql`select payload from domain_events where type = 'play.game-ended' and (payload->>'gameId')::int = ${gameId}`);
      expect((ended?.payload as { seats?: { memberId: number }[] } | undefined)?.seats?.map((seat) => seat.memberId)).toEqual([a.id, b.id, c.id, d.id]);
    });

    it("a board-1 player resigns for the team; the rematch seats all four again with each board's colours swapped, partners kept", async () => {
      const gameId = await newGame();
      expect((await kit.games.act(c, gameId, "resign")).ok).toBe(true);
      const [row] = await kit.database.db.select({ result: games.result, termination: games.termination }).from(games).where(eq(games.id, gameId));
      // c plays for team 1 (the game's black side): team 0 wins.
      expect(row).toEqual({ result: "1-0", termination: "resignation" });
      expect((await kit.games.act(d, gameId, "rematch.offer")).ok).toBe(true);
      const accepted = await kit.games.act(b, gameId, "rematch.offer");
      expect(accepted.ok).toBe(true);
      const rematchId = accepted.ok ? accepted.value.rematchGameId : null;
      expect(rematchId).not.toBeNull();
      const seats = await kit.database.db.select().from(gameSeats).where(eq(gameSeats.gameId, rematchId ?? 0)).orderBy(gameSeats.seat);
      expect(seats.map((seat) => [seat.memberId, seat.board, seat.color, seat.team])).toEqual([
        [b.id, 0, "white", 0],
        [a.id, 0, "black", 1],
        [d.id, 1, "white", 1],
        [c.id, 1, "black", 0],
      ]);
    });

    it("every seated member, board 1's too, attends a live game and may claim on their own board only", async () => {
      const gameId = await newGame();
      expect(await kit.games.livePlayersOf(gameId)).toEqual([a.id, b.id, c.id, d.id]);
      expect(await kit.games.playersOf(gameId)).toEqual([a.id, b.id, c.id, d.id]);
      for (const [member, ply, uci] of [[a, 0, "e2e4"], [b, 1, "e7e5"], [c, 0, "d2d4"]] as const) {
        expect((await move(member, gameId, ply, uci)).ok).toBe(true);
      }
      // Board 1: d (black) to move; board 0: a (white) to move. c may claim against d; a claim on one's own turn is refused.
      expect(await kit.games.act(c, gameId, "claim.win")).toEqual({ ok: false, error: "opponent_present" });
      expect(await kit.games.act(d, gameId, "claim.win")).toEqual({ ok: false, error: "claim_on_opponents_turn" });
      expect(await kit.games.act(a, gameId, "claim.win")).toEqual({ ok: false, error: "claim_on_opponents_turn" });
      expect(await kit.games.act(b, gameId, "takeback.offer")).toEqual({ ok: false, error: "takeback_one_board_only" });
    });

    it("the first flag to fall, on board 1, ends the game for that board's team", async () => {
      const gameId = await newGame();
      for (const [member, ply, uci] of [[c, 0, "d2d4"], [d, 1, "d7d5"], [a, 0, "e2e4"], [b, 1, "e7e5"]] as const) {
        expect((await move(member, gameId, ply, uci)).ok).toBe(true);
      }
      // Board 1's white (team 1) has been thinking longest: its flag falls before board 0's white's, and team 0 wins.
      kit.clock.now += 200_000;
      expect(await kit.games.sweepDeadlines()).toBeGreaterThanOrEqual(1);
      const [row] = await kit.database.db.select({ status: games.status, result: games.result, termination: games.termination }).from(games).where(eq(games.id, gameId));
      expect(row).toEqual({ status: "ended", result: "1-0", termination: "timeout" });
      const ended = kit.events.filter((event) => event.type === "game.ended" && "memberId" in event && event.payload.gameId === gameId);
      expect(ended.map((event) => ("memberId" in event ? event.memberId : 0)).sort()).toEqual([a.id, b.id, c.id, d.id].sort());
    });
  });
}
