import { parseGame } from "@mliebelt/pgn-parser";
import { Chess } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import { parseSan } from "chessops/san";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../../platform/db/client.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import type { PlayMember } from "../play-ports.server.ts";
import type { GameTerms } from "../play.schema.ts";
import { archiveFixture, blitz, foolsMate, scholarsMate, type ArchiveFixture } from "./archive.test-kit.server.ts";
import { archivedGamePgn } from "./game-pgn.ts";

const bullet: GameTerms = { ...blitz, control: { kind: "live", baseSeconds: 60, incrementSeconds: 0 } };
const rapidCasual: GameTerms = { ...blitz, control: { kind: "live", baseSeconds: 600, incrementSeconds: 0 }, rated: false };
const daily960: GameTerms = { rules: "chess960", control: { kind: "daily", daysPerMove: 3 }, rated: true, color: "white" };
const blitz960: GameTerms = { ...blitz, rules: "chess960" };

/** Replays a PGN's moves with chessops from its FEN tag (or the standard start): the final FEN. */
function replayWithChessops(pgn: string): { fen: string; clocks: (string | undefined)[]; tags: Record<string, unknown> } {
  const parsed = parseGame(pgn);
  const tags: Record<string, unknown> = { ...parsed.tags };
  const setup = typeof tags.FEN === "string" ? parseFen(tags.FEN).unwrap() : parseFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
  const position = Chess.fromSetup(setup).unwrap();
  for (const move of parsed.moves) {
    const parsedMove = parseSan(position, move.notation.notation);
    if (!parsedMove) throw new Error(`chessops cannot read ${move.notation.notation}`);
    position.play(parsedMove);
  }
  return { fen: makeFen(position.toSetup()), clocks: parsed.moves.map((move) => move.commentDiag?.clk), tags };
}

for (const target of databaseTargets()) {
  describe(`the games archive on ${target.name}`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let kit: ArchiveFixture;
    let alice: PlayMember;
    let bob: PlayMember;
    let carol: PlayMember;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      const created = await target.create();
      drop = created.drop;
      database = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" });
      await database.migrate();
      kit = archiveFixture(database.db);
      alice = await kit.member("alice");
      bob = await kit.member("Bob");
      carol = await kit.member("carol");
      // January: alice loses a rated blitz game to bob by checkmate.
      ids.foolsMate = await kit.game({ white: alice, black: bob, at: "2026-01-15T12:00:00Z", moves: foolsMate });
      // February: alice wins a rated bullet game as black (bob resigns) and draws a casual rapid game with carol.
      ids.bulletWin = await kit.game({ white: bob, black: alice, terms: bullet, at: "2026-02-03T09:00:00Z", moves: ["e2e4", "e7e5"], then: [[bob, "resign"]] });
      ids.rapidDraw = await kit.game({ white: alice, black: carol, terms: rapidCasual, at: "2026-02-20T18:00:00Z", moves: ["d2d4", "d7d5"], then: [[alice, "draw.offer"], [carol, "draw.accept"]] });
      // March: a rated daily Chess960 win for alice, a blitz Chess960 loss on time is not needed: scholar's mate against carol.
      ids.daily960 = await kit.game({ white: alice, black: bob, terms: daily960, at: "2026-03-05T08:00:00Z", moves: ["*", "*", "*", "*", "*", "*"], then: [[bob, "resign"]] });
      ids.blitz960 = await kit.game({ white: carol, black: alice, terms: blitz960, at: "2026-03-06T08:00:00Z", moves: ["*", "*", "*", "*"], then: [[alice, "resign"]] });
      ids.scholars = await kit.game({ white: alice, black: carol, at: "2026-03-10T08:00:00Z", moves: scholarsMate });
      // Not in any archive: an aborted game and one still being played.
      ids.aborted = await kit.game({ white: alice, black: bob, at: "2026-03-11T08:00:00Z", moves: ["e2e4"], then: [[bob, "abort"]] });
      ids.playing = await kit.game({ white: alice, black: carol, at: "2026-03-12T08:00:00Z", moves: ["e2e4"] });
    });
    afterAll(async () => {
      await database.close();
      await drop();
    });

    const idsOf = async (selection: Parameters<ArchiveFixture["archive"]["page"]>[1], size = 50, number = 1) => {
      const page = await kit.archive.page(alice.id, selection, { number, size });
      return { ids: page.games.map((game) => game.id), total: page.total };
    };

    it("lists a member's finished games newest first, both colours, never aborted or unfinished ones", async () => {
      const all = await idsOf({});
      expect(all).toEqual({ ids: [ids.scholars, ids.blitz960, ids.daily960, ids.rapidDraw, ids.bulletWin, ids.foolsMate], total: 6 });
      const page = await kit.archive.page(alice.id, {}, { number: 1, size: 50 });
      const fools = page.games.find((game) => game.id === ids.foolsMate);
      expect(fools).toMatchObject({ white: { username: "alice", rating: 1500 }, black: { username: "Bob", rating: 1500 }, result: "0-1", termination: "checkmate", moves: 2, timeClass: "blitz", rules: "standard", rated: true });
      expect(fools?.white.ratingDiff).toBeLessThan(0);
      const casual = page.games.find((game) => game.id === ids.rapidDraw);
      // Casual games show the ratings the players brought, and no change.
      expect(casual).toMatchObject({ rated: false, result: "1/2-1/2", termination: "agreement", timeClass: "rapid", white: { ratingDiff: null } });
      expect(casual?.white.rating).toEqual(expect.any(Number));
    });

    it("filters by type, rules, result, opponent and dates, alone and together", async () => {
      expect((await idsOf({ type: "bullet" })).ids).toEqual([ids.bulletWin]);
      expect((await idsOf({ type: "blitz" })).ids).toEqual([ids.scholars, ids.blitz960, ids.foolsMate]);
      expect((await idsOf({ type: "rapid" })).ids).toEqual([ids.rapidDraw]);
      expect((await idsOf({ type: "daily" })).ids).toEqual([ids.daily960]);
      expect((await idsOf({ rules: "chess960" })).ids).toEqual([ids.blitz960, ids.daily960]);
      expect((await idsOf({ rules: "standard" })).total).toBe(4);
      expect((await idsOf({ result: "win" })).ids).toEqual([ids.scholars, ids.daily960, ids.bulletWin]);
      expect((await idsOf({ result: "loss" })).ids).toEqual([ids.blitz960, ids.foolsMate]);
      expect((await idsOf({ result: "draw" })).ids).toEqual([ids.rapidDraw]);
      expect((await idsOf({ opponentId: bob.id })).ids).toEqual([ids.daily960, ids.bulletWin, ids.foolsMate]);
      expect((await idsOf({ opponentId: carol.id, result: "loss" })).ids).toEqual([ids.blitz960]);
      expect((await idsOf({ from: new Date("2026-02-01T00:00:00Z"), before: new Date("2026-03-01T00:00:00Z") })).ids).toEqual([ids.rapidDraw, ids.bulletWin]);
      expect((await idsOf({ type: "blitz", rules: "chess960", result: "loss", opponentId: carol.id, from: new Date("2026-03-01T00:00:00Z") })).ids).toEqual([ids.blitz960]);
      expect(await idsOf({ type: "daily", result: "draw" })).toEqual({ ids: [], total: 0 });
    });

    it("pages through the games without losing or repeating one", async () => {
      const pages = [await idsOf({}, 4, 1), await idsOf({}, 4, 2), await idsOf({}, 4, 3)];
      expect(pages.map((page) => page.total)).toEqual([6, 6, 6]);
      expect(pages.map((page) => page.ids.length)).toEqual([4, 2, 0]);
      expect(pages.flatMap((page) => page.ids)).toEqual((await idsOf({})).ids);
    });

    it("knows the months with games, each month's games oldest first, and the opponent's side of it", async () => {
      expect(await kit.archive.months(alice.id)).toEqual([[2026, 1], [2026, 2], [2026, 3]]);
      expect((await kit.archive.month(alice.id, 2026, 2)).map((record) => record.game.id)).toEqual([ids.bulletWin, ids.rapidDraw]);
      expect(await kit.archive.month(alice.id, 2025, 12)).toEqual([]);
      expect(await kit.archive.months(bob.id)).toEqual([[2026, 1], [2026, 2], [2026, 3]]);
    });

    it("scores members against each other and knows their recent opponents", async () => {
      expect(await kit.archive.lifetimeScore(alice.id, bob.id)).toEqual({ win: 2, lose: 1, draw: 0 });
      expect(await kit.archive.lifetimeScore(bob.id, alice.id)).toEqual({ win: 1, lose: 2, draw: 0 });
      expect(await kit.archive.lifetimeScore(alice.id, carol.id)).toEqual({ win: 1, lose: 1, draw: 1 });
      expect(await kit.archive.recentOpponents(alice.id, 10)).toEqual([carol.id, bob.id]);
      expect(await kit.archive.recentOpponents(bob.id, 1)).toEqual([alice.id]);
    });

    it("keeps every rated game in the rating history, and ratings most played first with the provisional mark", async () => {
      const history = await kit.ratings.ratingHistory(alice.id, "blitz");
      expect(history.map((point) => point.gameId)).toEqual([ids.foolsMate, ids.scholars]);
      const ratings = await kit.ratings.ratingsOf(alice.id);
      expect(ratings[0]).toMatchObject({ type: "blitz", games: 2, provisional: true });
      expect(ratings.map((rating) => rating.type).sort()).toEqual(["blitz", "bullet", "daily960", "live960"]);
    });

    for (const [name, key] of [["a standard game", "scholars"], ["a Chess960 game", "blitz960"], ["a daily Chess960 game", "daily960"]] as const) {
      it(`writes the PGN of ${name}, which a PGN parser reads and chessops replays to the game's final position`, async () => {
        const record = await kit.archive.record(ids[key] ?? 0);
        if (!record) throw new Error("no record");
        const pgn = archivedGamePgn(record, "https://kingside.test", `https://kingside.test/game/live/${record.game.id}`);
        const replayed = replayWithChessops(pgn);
        expect(replayed.fen).toBe(record.game.fen);
        expect(Object.keys(replayed.tags).slice(0, 7)).toEqual(["Event", "Site", "Date", "Round", "White", "Black", "Result"]);
        expect(replayed.tags.Result).toBe(record.game.result);
        expect(replayed.tags.Termination).toEqual(expect.any(String));
        if (record.game.rules === "chess960") {
          expect(replayed.tags).toMatchObject({ Variant: "Chess960", SetUp: "1", FEN: record.initialFen });
        } else {
          expect(replayed.tags.FEN).toBeUndefined();
          expect(replayed.tags.Termination).toBe("alice won by checkmate");
        }
        if (record.game.speed === "live") expect(replayed.clocks.every((clock) => typeof clock === "string" && /^\d+:\d\d:\d\d$/.test(clock))).toBe(true);
        else expect(replayed.clocks.every((clock) => clock === undefined)).toBe(true);
      });
    }

    it("writes a game in progress with the result '*'", async () => {
      const record = await kit.archive.record(ids.playing ?? 0);
      expect(record?.status).toBe("playing");
      const pgn = archivedGamePgn(record ?? expect.fail("no record"), "https://kingside.test", "https://kingside.test/game/live/1");
      expect(pgn).toContain('[Result "*"]');
      expect(await kit.archive.record(999_999)).toBeNull();
    });
  });
}
