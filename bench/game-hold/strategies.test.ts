import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../src/test/databases.ts";
import { ownerInMemory, rowLocked, rowVersioned, rowVersionedGroupCommit, schema, type GameHold } from "./strategies.ts";

/**
 * The claims the decision record makes about each way of holding a game: a
 * retried move is applied once, an illegal move writes nothing, and a second
 * (stale) owner cannot write over the first. PostgreSQL only (the bench's target).
 */
const target = databaseTargets().find((candidate) => candidate.name === "postgres");

describe.skipIf(!target)("game-hold strategies on PostgreSQL", () => {
  let pool: pg.Pool;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    if (!target) return;
    const database = await target.create();
    drop = database.drop;
    pool = new pg.Pool({ connectionString: database.databaseUrl, max: 4 });
    await pool.query(schema);
  });

  afterAll(async () => {
    await pool?.end();
    await drop?.();
  });

  const moves = async (gameId: number): Promise<string[]> =>
    (await pool.query<{ uci: string }>("SELECT uci FROM bench_moves WHERE game_id = $1 ORDER BY ply", [gameId])).rows.map((row) => row.uci);

  const strategies: [string, (pool: pg.Pool) => GameHold][] = [
    ["row locked", rowLocked],
    ["row versioned", rowVersioned],
    ["row versioned, group commit", rowVersionedGroupCommit],
    ["owner", (p) => ownerInMemory(p, { groupCommit: false })],
    ["owner, group commit", (p) => ownerInMemory(p, { groupCommit: true })],
  ];

  strategies.forEach(([name, make], index) => {
    it(`${name}: applies a retried move once and refuses illegal ones without writing`, async () => {
      const hold = make(pool);
      const id = 1000 + index;
      await hold.createGame(id);
      expect(await hold.move(id, 0, "e2e4")).toEqual({ ok: true });
      expect(await hold.move(id, 0, "e2e4")).toEqual({ ok: false, error: "game.version-conflict" });
      expect(await hold.move(id, 1, "e7e4")).toEqual({ ok: false, error: "move.illegal" });
      expect(await hold.move(id, 1, "e7e5")).toEqual({ ok: true });
      expect(await moves(id)).toEqual(["e2e4", "e7e5"]);
    });
  });

  it("row versioned: a second instance's move on the same version loses", async () => {
    const first = rowVersioned(pool);
    const second = rowVersioned(pool);
    await first.createGame(2000);
    const answers = await Promise.all([first.move(2000, 0, "e2e4"), second.move(2000, 0, "d2d4")]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(await moves(2000)).toHaveLength(1);
    // The loser reads the row again and carries on from the new version.
    const loser = answers[0]?.ok ? second : first;
    expect(await loser.move(2000, 1, "g8f6")).toEqual({ ok: true });
  });

  it("owner: the log's primary key fences a stale owner writing the same ply", async () => {
    const owner = ownerInMemory(pool, { groupCommit: false });
    await owner.createGame(3000);
    expect(await owner.move(3000, 0, "e2e4")).toEqual({ ok: true });
    // A second instance that wrongly believes it owns the game (lease lost while paused) starts from ply 0.
    const stale = ownerInMemory(pool, { groupCommit: false });
    await pool.query("DELETE FROM bench_games WHERE id = 3000");
    await stale.createGame(3000);
    await expect(stale.move(3000, 0, "d2d4")).rejects.toThrow(/duplicate key/);
    expect(await moves(3000)).toEqual(["e2e4"]);
  });
});
