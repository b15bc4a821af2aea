import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "../../../platform/db/client.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { users } from "../../accounts/accounts.tables.server.ts";
import { createMoveBatcher, type MoveWrite, type WrittenMove } from "./move-batch.server.ts";
import { gameMoves, games } from "../play.tables.server.ts";

const startFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const afterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

/** White's e2e4 in a game at ply 0, made on `version`. */
function e4(gameId: number, version = 0): MoveWrite {
  const at = new Date("2026-06-01T12:00:00.000Z");
  const deadlineAt = new Date(at.getTime() + 180_000);
  return {
    gameId,
    version,
    first: { board: 0, fen: afterE4, ply: 1, version: 1, whiteClockMs: 180_000, blackClockMs: 180_000, whiteLagQuotaMs: 0, blackLagQuotaMs: 0, turnStartedAt: at, deadlineAt },
    others: [],
    deadlineAt,
    drawOfferBy: null,
    board: 0,
    ply: 0,
    uci: "e2e4",
    san: "e4",
    clockMs: 180_000,
    playedAt: at,
    event: { version: version + 1, ply: 1, uci: "e2e4", san: "e4", fen: afterE4, clocks: null, ending: null },
  };
}

for (const target of databaseTargets()) {
  describe(`the move batch on ${target.name}`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let players: [number, number];

    beforeAll(async () => {
      const created = await target.create();
      drop = created.drop;
      database = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://", poolSize: 4 });
      await database.migrate();
      const rows = await database.db
        .insert(users)
        .values(["white", "black"].map((name) => ({ username: name, usernameKey: name, membershipLevel: 10 })))
        .returning({ id: users.id });
      players = [rows[0]?.id ?? 0, rows[1]?.id ?? 0];
    });
    afterAll(async () => {
      await database.close();
      await drop();
    });

    async function newGames(count: number): Promise<number[]> {
      const rows = await database.db
        .insert(games)
        .values(Array.from({ length: count }, () => ({ rules: "standard", speed: "live", ratingType: "blitz", rated: false, baseSeconds: 180, incrementSeconds: 0, whiteId: players[0], blackId: players[1], initialFen: startFen, fen: startFen })))
        .returning({ id: games.id });
      return rows.map((row) => row.id);
    }

    async function plyOf(gameId: number): Promise<number | undefined> {
      const [row] = await database.db.select({ ply: games.ply }).from(games).where(eq(games.id, gameId));
      return row?.ply;
    }

    it("writes the moves of many games in one commit, leaves out a game whose version moved on, and answers only after the commit", async () => {
      const [first = 0, second = 0, moved = 0] = await newGames(3);
      // Another instance already changed this game (an offer): the move was made on version 0, the row is at 1.
      await database.db.update(games).set({ version: 1 }).where(eq(games.id, moved));
      const order: string[] = [];
      const committedBatches: (readonly WrittenMove[])[] = [];
      const batcher = createMoveBatcher(database.db, {
        committed: (written) => {
          order.push("committed");
          committedBatches.push(written);
        },
      });
      const answers = await Promise.all(
        [first, second, moved].map((gameId) =>
          batcher.write(e4(gameId)).then((written) => {
            order.push(`answered ${gameId}`);
            return written;
          }),
        ),
      );
      expect(answers.map((written) => written?.move.gameId ?? null)).toEqual([first, second, null]);
      expect(order).toEqual(["committed", `answered ${first}`, `answered ${second}`, `answered ${moved}`]);
      expect(committedBatches).toHaveLength(1);
      expect(await Promise.all([first, second, moved].map(plyOf))).toEqual([1, 1, 0]);
      // One transaction wrote both moves.
      const writers = await queryRows(database.db, sql`select xmin::text as writer from game_moves where game_id in (${first}, ${second}, ${moved})`);
      expect(writers).toHaveLength(2);
      expect(new Set(writers.map((row) => row.writer)).size).toBe(1);
      // Their events are in the outbox, left to this writer for a while (it publishes them after the commit), with the ids it was told.
      const events = await queryRows(database.db, sql`select id::text as id, room, version, relay_after > now() as deferred from outbox_events where room in (${`game:${first}`}, ${`game:${second}`}) order by id`);
      expect(events.map((row) => ({ room: row.room, version: row.version, deferred: row.deferred }))).toEqual([
        { room: `game:${first}`, version: 1, deferred: true },
        { room: `game:${second}`, version: 1, deferred: true },
      ]);
      expect(answers.flatMap((written) => (written ? [String(written.outboxId)] : []))).toEqual(events.map((row) => row.id));
    });

    it("writes a batch whose statement fails again move by move: only the move at fault fails", async () => {
      const [first = 0, broken = 0, third = 0] = await newGames(3);
      // A move row already at ply 0 makes this game's insert, and so the whole statement, fail.
      await database.db.insert(gameMoves).values({ gameId: broken, ply: 0, uci: "d2d4", san: "d4" });
      const batcher = createMoveBatcher(database.db);
      const results = await Promise.allSettled([first, broken, third].map((gameId) => batcher.write(e4(gameId))));
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect(await Promise.all([first, broken, third].map(plyOf))).toEqual([1, 0, 1]);
    });

    it("puts two moves of one game that arrive together in separate statements: a retry racing its original is applied once", async () => {
      const [gameId = 0] = await newGames(1);
      const batcher = createMoveBatcher(database.db);
      const [original, retry] = await Promise.all([batcher.write(e4(gameId)), batcher.write(e4(gameId))]);
      expect(original?.move.gameId).toBe(gameId);
      expect(retry).toBeNull();
      expect(await database.db.select().from(gameMoves).where(eq(gameMoves.gameId, gameId))).toHaveLength(1);
    });

    it("sends a game's next move only after its last statement answered, so two moves of one game never race for the row", async () => {
      const [gameId = 0, other = 0] = await newGames(2);
      const batcher = createMoveBatcher(database.db);
      // Another transaction holds the game's row, so the first move's statement waits on it.
      let release = (): void => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked = (): void => undefined;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from games where id = ${gameId} for update`);
        locked();
        await held;
      });
      if (target.name === "pglite") release(); // one connection: the holder must finish before anything else runs
      await isLocked;
      const first = batcher.write(e4(gameId));
      await new Promise((resolve) => setImmediate(resolve));
      // The first move's statement is on its way; a second move of the same game arrives, and a move of another game.
      const second = batcher.write(e4(gameId));
      if (target.name === "postgres") {
        // However long the row stays held, only one statement of this game waits for it.
        const waiting: number[] = [];
        for (let look = 0; look < 10; look += 1) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          const [row] = await queryRows(database.db, sql`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
          waiting.push(Number(row?.waiting ?? 0));
        }
        expect(Math.max(...waiting)).toBe(1);
        release();
      }
      await holder;
      const elsewhere = batcher.write(e4(other));
      const settled: string[] = [];
      await Promise.all([
        first.then(() => settled.push("first")),
        second.then(() => settled.push("second")),
        elsewhere.then(() => settled.push("elsewhere")),
      ]);
      // The other game's move did not wait for the first statement; the same game's did, and found the version moved on.
      expect(settled.indexOf("second")).toBeGreaterThan(settled.indexOf("first"));
      expect(await second).toBeNull();
      expect((await first)?.move.gameId).toBe(gameId);
      expect((await elsewhere)?.move.gameId).toBe(other);
    });
  });
}
