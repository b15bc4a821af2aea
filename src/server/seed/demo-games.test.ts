import { asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { positionOutcome, parseFen, playMove, repetitionKey, type BoardRules, type RulesPosition } from "../../chess/rules.ts";
import { variantOf } from "../../chess/variants.ts";
import { users } from "../../features/accounts/accounts.tables.server.ts";
import { gameMoves, games } from "../../features/play/play.tables.server.ts";
import { settledRecords, type RatingRecord } from "../../features/ratings/rating-records.ts";
import { isRatingType } from "../../features/ratings/rating-types.ts";
import { ratingHistory, ratings } from "../../features/ratings/ratings.tables.server.ts";
import { openDatabase, type Database, type DatabaseHandle } from "../../platform/db/client.server.ts";
import { demoOpenings } from "../../features/demo/demo-openings.ts";
import { seedDemoDataIfEmpty } from "./demo-data.server.ts";
import { demoPlayers, demoStartingRecord } from "./demo-games.server.ts";
import { createPostgresDatabase } from "../../test/databases.ts";

const pieceValues: Readonly<Record<string, number>> = { pawn: 1, knight: 3, bishop: 3, rook: 5, queen: 9, king: 0 };

/** The material `color` has on the board, in pawns. */
function materialOf(position: RulesPosition, color: "white" | "black"): number {
  let total = 0;
  for (const square of position.chess.board[color]) total += pieceValues[position.chess.board.getRole(square) ?? "king"] ?? 0;
  return total;
}

/** A one-board game's rules (standard, Chess960, or a variant's). */
function boardRulesOf(rules: string): BoardRules {
  const board = variantOf(rules).boards[0];
  if (!board) throw new Error(`no board in ${rules}`);
  return board;
}

/** Enough games for every ending and game type, few enough for a quick test; the site seeds more. */
const FINISHED_GAMES = 400;
const seededAt = new Date("2026-06-01T12:00:00.000Z");

interface Backend {
  readonly name: string;
  open(): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: "pglite",
    async open() {
      const handle = await openDatabase({ dataDir: "memory://" });
      return { handle, drop: async () => undefined };
    },
  },
];
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
if (testDatabaseUrl) {
  backends.push({
    name: "postgres",
    async open() {
      const database = await createPostgresDatabase(testDatabaseUrl, "kingside_demo_games");
      const handle = await openDatabase({ databaseUrl: database.url, dataDir: "memory://", poolSize: 2 });
      return { handle, drop: database.drop };
    },
  });
}

describe.each(backends)("demo games on $name", (backend) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let db: Database;

  beforeAll(async () => {
    ({ handle, drop } = await backend.open());
    await handle.migrate();
    db = handle.db;
    const result = await seedDemoDataIfEmpty(db, { finishedGames: FINISHED_GAMES, now: seededAt });
    expect(result.games).toBeGreaterThan(FINISHED_GAMES);
  }, 120_000);

  afterAll(async () => {
    await handle.close();
    await drop();
  });

  it("covers every game type, rules, rated and casual, and every ending", async () => {
    const kinds = await db
      .select({ ratingType: games.ratingType, rules: games.rules, rated: games.rated, termination: games.termination, status: games.status, speed: games.speed })
      .from(games);
    const set = (pick: (row: (typeof kinds)[number]) => string | null) => new Set(kinds.map(pick));
    expect(set((row) => row.ratingType)).toEqual(new Set(["bullet", "blitz", "rapid", "daily", "live960", "daily960", "livekoth", "dailykoth", "live3check", "daily3check", "livezh", "dailyzh"]));
    expect(set((row) => row.rules)).toEqual(new Set(["standard", "chess960", "kingOfTheHill", "threeCheck", "crazyhouse"]));
    expect(set((row) => String(row.rated))).toEqual(new Set(["true", "false"]));
    const endings = set((row) => row.termination);
    // Draws on the board are as rare in the engine lines as in real games (of 800: a few repetitions and bare kings, no stalemate).
    for (const ending of ["checkmate", "resignation", "timeout", "agreement", "abandonment", "aborted"]) {
      expect(endings, ending).toContain(ending);
    }
    expect(["threefold-repetition", "insufficient-material", "stalemate", "fifty-moves"].some((ending) => endings.has(ending))).toBe(true);
    const playing = kinds.filter((row) => row.status === "playing");
    expect(new Set(playing.map((row) => row.speed))).toEqual(new Set(["live", "daily"]));
  });

  it("stores games whose moves replay legally to the stored position, with a result the position allows", async () => {
    const sample = await db.select().from(games).where(sql`${games.id} % 7 = 0`).orderBy(asc(games.id));
    expect(sample.length).toBeGreaterThan(50);
    const moves = await db.select().from(gameMoves).where(inArray(gameMoves.gameId, sample.map((game) => game.id))).orderBy(asc(gameMoves.gameId), asc(gameMoves.ply));
    for (const game of sample) {
      const own = moves.filter((move) => move.gameId === game.id);
      const start = parseFen(boardRulesOf(game.rules), game.initialFen);
      if (!start.ok) throw new Error(`game ${game.id}: bad initial FEN`);
      let position = start.value;
      const keys = [repetitionKey(position)];
      let previousAt = game.createdAt.getTime();
      for (const [index, move] of own.entries()) {
        expect(move.ply).toBe(index);
        const played = playMove(position, move.uci);
        if (!played.ok) throw new Error(`game ${game.id} ply ${move.ply}: ${move.uci} is ${played.error}`);
        expect(played.value.san).toBe(move.san);
        expect(played.value.uci).toBe(move.uci);
        // Nothing happens after the end.
        expect(positionOutcome(position, keys), `game ${game.id} went on after its end`).toBeUndefined();
        position = played.value.position;
        keys.push(repetitionKey(position));
        expect(move.playedAt.getTime()).toBeGreaterThanOrEqual(previousAt);
        previousAt = move.playedAt.getTime();
        if (game.speed === "live") expect(move.clockMs).toBeGreaterThanOrEqual(0);
        else expect(move.clockMs).toBeNull();
      }
      expect(game.ply).toBe(own.length);
      const final = parseFen(boardRulesOf(game.rules), game.fen);
      expect(final.ok && repetitionKey(final.value)).toBe(repetitionKey(position));
      const natural = positionOutcome(position, keys);
      if (game.status === "playing") {
        expect(natural).toBeUndefined();
        expect(game.deadlineAt?.getTime()).toBeGreaterThan(seededAt.getTime());
        continue;
      }
      if (natural) {
        expect({ result: game.result, termination: game.termination }).toEqual({ result: natural.result, termination: natural.reason });
      } else {
        expect(["resignation", "timeout", "timeout-vs-insufficient-material", "agreement", "abandonment", "aborted"]).toContain(game.termination);
      }
      if (game.termination === "aborted") expect(game.ply).toBeLessThan(2);
      if (game.termination === "timeout" && game.speed === "live") expect(game.ply % 2 === 0 ? game.whiteClockMs : game.blackClockMs).toBe(0);
      if (game.termination === "resignation" || game.termination === "abandonment" || game.termination === "timeout") expect(game.result).not.toBe("1/2-1/2");
      expect(game.endedAt?.getTime()).toBeGreaterThanOrEqual(previousAt);
    }
  });

  it("has finished and running games of each variant that end by the variant's own rules: kings on the hill, third checks, and crazyhouse games with drops", async () => {
    const rows = await db.select({ id: games.id, rules: games.rules, status: games.status, termination: games.termination, rated: games.rated }).from(games).where(inArray(games.rules, ["kingOfTheHill", "threeCheck", "crazyhouse"]));
    for (const rules of ["kingOfTheHill", "threeCheck", "crazyhouse"]) {
      const own = rows.filter((row) => row.rules === rules);
      expect(own.filter((row) => row.status === "ended").length, rules).toBeGreaterThanOrEqual(5);
      expect(own.filter((row) => row.status === "playing").length, rules).toBe(2);
      expect(own.some((row) => row.rated), rules).toBe(true);
    }
    const terminations = new Set(rows.map((row) => `${row.rules}:${row.termination}`));
    expect(terminations.has("kingOfTheHill:king-of-the-hill")).toBe(true);
    expect(terminations.has("threeCheck:three-checks")).toBe(true);
    const crazyhouse = rows.filter((row) => row.rules === "crazyhouse").map((row) => row.id);
    const [drops] = await db.select({ count: sql<number>`count(*)::int` }).from(gameMoves).where(sql`${inArray(gameMoves.gameId, crazyhouse)} and ${gameMoves.uci} like '%@%'`);
    expect(drops?.count).toBeGreaterThan(30);
    // The sign-in accounts, whose games other tests count, play none of them.
    const accounts = await db.select({ id: users.id }).from(users).where(inArray(users.username, ["alice", "bob", "carla", "moderator", "staff"]));
    const [theirs] = await db.select({ count: sql<number>`count(*)::int` }).from(games).where(sql`${inArray(games.rules, ["kingOfTheHill", "threeCheck", "crazyhouse"])} and (${inArray(games.whiteId, accounts.map((row) => row.id))} or ${inArray(games.blackId, accounts.map((row) => row.id))})`);
    expect(accounts).toHaveLength(5);
    expect(theirs?.count).toBe(0);
  });

  it("looks like chess: standard games open with a line of the opening table, and the side that resigns is the one the engine judged lost (behind in material at the end)", async () => {
    const finished = await db.select().from(games).where(sql`${games.status} = 'ended' and ${games.rules} = 'standard'`);
    const firstMoves = await db.select({ gameId: gameMoves.gameId, uci: gameMoves.uci, ply: gameMoves.ply }).from(gameMoves).where(sql`${gameMoves.ply} < 2`).orderBy(asc(gameMoves.gameId), asc(gameMoves.ply));
    const openingOf = new Map<number, string[]>();
    for (const move of firstMoves) openingOf.set(move.gameId, [...(openingOf.get(move.gameId) ?? []), move.uci]);
    const tableStarts = new Set(demoOpenings.map((opening) => opening.moves.slice(0, 2).join(" ")));
    const opened = finished.filter((game) => (openingOf.get(game.id)?.length ?? 0) === 2);
    expect(opened.length).toBeGreaterThan(200);
    for (const game of opened) expect(tableStarts, `game ${game.id}`).toContain(openingOf.get(game.id)?.join(" "));

    const resigned = finished.filter((game) => game.termination === "resignation" && game.ply >= 30);
    expect(resigned.length).toBeGreaterThan(50);
    const behind = resigned.filter((game) => {
      const position = parseFen("standard", game.fen);
      if (!position.ok) throw new Error(`game ${game.id}: bad FEN`);
      const loser = game.result === "1-0" ? "black" : "white";
      return materialOf(position.value, loser) < materialOf(position.value, loser === "white" ? "black" : "white");
    });
    expect(behind.length / resigned.length).toBeGreaterThan(0.8);
  });

  it("dates everything from the seeding: the newest finished game ended in the day before it, nothing after it", async () => {
    const [span] = await db.select({ newest: sql<Date>`max(${games.endedAt})`.mapWith((value: string) => new Date(value)), members: sql<Date>`(select max(${users.createdAt}) from ${users})`.mapWith((value: string) => new Date(value)) }).from(games).where(eq(games.status, "ended"));
    expect(span?.newest.getTime()).toBeLessThanOrEqual(seededAt.getTime());
    expect(span?.newest.getTime()).toBeGreaterThan(seededAt.getTime() - 86_400_000);
    expect(span?.members.getTime()).toBeLessThanOrEqual(seededAt.getTime());
  });

  it("has ratings and rating history equal to a recomputation over the rated games in the order they ended", async () => {
    const rated = await db
      .select()
      .from(games)
      .where(sql`${games.rated} and ${games.status} = 'ended'`)
      .orderBy(asc(games.endedAt), asc(games.id));
    const records = new Map<string, RatingRecord>();
    // The demo's members start established, at a rating from their strength (decision 0056).
    const startOf = demoStartingRecord((await demoPlayers(db)).players);
    let historyPoints = 0;
    for (const game of rated) {
      const ratingType = game.ratingType;
      if (!isRatingType(ratingType)) throw new Error(`game ${game.id} has no rating type`);
      const key = (memberId: number) => `${memberId}:${ratingType}`;
      const whiteScore = game.result === "1-0" ? 1 : game.result === "0-1" ? 0 : 0.5;
      const blackScore = game.result === "1-0" ? 0 : game.result === "0-1" ? 1 : 0.5;
      const before = new Map<number, RatingRecord>();
      for (const memberId of [game.whiteId, game.blackId]) {
        const record = records.get(key(memberId)) ?? startOf(memberId);
        if (record) before.set(memberId, record);
      }
      const [white, black] = settledRecords(before, { gameId: game.id, ratingType, sides: [{ memberIds: [game.whiteId], score: whiteScore }, { memberIds: [game.blackId], score: blackScore }] });
      if (!white || !black) throw new Error("both players are rated");
      expect([game.whiteRating, game.blackRating, game.whiteRatingDiff, game.blackRatingDiff]).toEqual([white.before, black.before, white.diff, black.diff]);
      records.set(key(game.whiteId), white.after);
      records.set(key(game.blackId), black.after);
      historyPoints += 2;
    }
    const stored = await db.select().from(ratings);
    expect(stored.length).toBe(records.size);
    for (const row of stored) {
      const expected = records.get(`${row.memberId}:${row.ratingType}`);
      if (!expected) throw new Error(`an unexpected rating for ${row.memberId}`);
      expect(row.rating).toBeCloseTo(expected.rating, 2);
      expect(row.deviation).toBeCloseTo(expected.deviation, 2);
      expect([row.games, row.wins, row.losses, row.draws, row.best, row.bestGameId]).toEqual([expected.games, expected.wins, expected.losses, expected.draws, expected.best, expected.bestGameId]);
    }
    const [history] = await db.select({ points: sql<number>`count(*)::int` }).from(ratingHistory);
    expect(history?.points).toBe(historyPoints);
    const spread = stored.map((row) => row.rating);
    expect(Math.max(...spread) - Math.min(...spread)).toBeGreaterThan(300);
    // The leaderboards list established ratings: a fresh demo has them in every standard type.
    for (const type of ["bullet", "blitz", "rapid", "daily"]) expect(stored.filter((row) => row.ratingType === type && row.deviation <= 110).length, type).toBeGreaterThan(20);
  });

  it("shows on each game in progress the ratings its players bring, as a game started on the site does (/live orders by them)", async () => {
    const playing = await db.select().from(games).where(eq(games.status, "playing"));
    expect(playing.length).toBeGreaterThan(0);
    const current = new Map((await db.select().from(ratings)).map((row) => [`${row.memberId}:${row.ratingType}`, Math.round(row.rating)]));
    const startOf = demoStartingRecord((await demoPlayers(db)).players);
    const brought = (memberId: number, type: string) => current.get(`${memberId}:${type}`) ?? Math.round(startOf(memberId)?.rating ?? 1500);
    for (const game of playing) {
      expect([game.whiteRating, game.blackRating]).toEqual([brought(game.whiteId, game.ratingType), brought(game.blackId, game.ratingType)]);
      expect([game.whiteRatingDiff, game.blackRatingDiff]).toEqual([null, null]);
    }
    expect(playing.some((game) => game.whiteRating !== 1500 || game.blackRating !== 1500)).toBe(true);
  });

  it("gives the sign-in accounts daily games in progress, and later games ids after the demo ones", async () => {
    const [alice] = await db.select({ id: users.id }).from(users).where(eq(users.username, "alice"));
    if (!alice) throw new Error("alice is missing");
    const own = await db.select({ id: games.id }).from(games).where(sql`${games.status} = 'playing' and ${games.speed} = 'daily' and (${games.whiteId} = ${alice.id} or ${games.blackId} = ${alice.id})`);
    expect(own.length).toBeGreaterThanOrEqual(2);
    const [highest] = await db.select({ id: sql<number>`max(${games.id})::int` }).from(games);
    const [next] = await db.insert(games).values({ rules: "standard", speed: "daily", ratingType: "daily", rated: false, daysPerMove: 3, whiteId: alice.id, blackId: alice.id + 1, initialFen: "x", fen: "x" }).returning({ id: games.id });
    expect(next?.id).toBeGreaterThan(highest?.id ?? Number.MAX_SAFE_INTEGER);
    expect(await db.select().from(games).where(eq(games.id, 999))).toEqual([]);
  });
});
