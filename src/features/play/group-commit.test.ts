import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "../../platform/db/client.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { createGroupCommit } from "./group-commit.server.ts";

/** The first row of a raw query, whichever driver answered. */
function firstRow(result: unknown): unknown {
  const rows: unknown = typeof result === "object" && result !== null && "rows" in result ? result.rows : [];
  return Array.isArray(rows) ? rows[0] : undefined;
}

async function count(db: Database, label: string): Promise<number> {
  const first = firstRow(await db.execute(sql`select count(*)::int as n from group_commit_probe where label = ${label}`));
  return typeof first === "object" && first !== null && "n" in first ? Number(first.n) : -1;
}

for (const target of databaseTargets()) {
  describe(`group commit on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const created = await target.create();
      drop = created.drop;
      handle = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://", poolSize: 4 });
      await handle.db.execute(sql`create table group_commit_probe (label text primary key)`);
    });
    afterAll(async () => {
      await handle.close();
      await drop();
    });

    it("answers a piece only after the shared transaction committed", async () => {
      const commits: string[] = [];
      const group = createGroupCommit(handle.db, { committed: () => commits.push("commit") });
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const order: string[] = [];
      const first = group.run(async (tx) => {
        await tx.execute(sql`insert into group_commit_probe values ('first')`);
        return "first";
      }).then((value) => order.push(`${value} answered after ${commits.length} commit(s)`));
      const second = group.run(async (tx) => {
        await tx.execute(sql`insert into group_commit_probe values ('second')`);
        await held;
        return "second";
      }).then((value) => order.push(`${value} answered after ${commits.length} commit(s)`));
      // The first piece is done, but its batch is not committed while the second piece is still working.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(order).toEqual([]);
      release();
      await Promise.all([first, second]);
      expect(order).toEqual(["first answered after 1 commit(s)", "second answered after 1 commit(s)"]);
      expect(await count(handle.db, "first")).toBe(1);
      expect(await count(handle.db, "second")).toBe(1);
    });

    it("fails one piece alone: the others of its batch still commit", async () => {
      const group = createGroupCommit(handle.db);
      const results = await Promise.allSettled([
        group.run(async (tx) => tx.execute(sql`insert into group_commit_probe values ('kept-1')`)),
        // A duplicate key: this piece's statement fails, inside its own savepoint.
        group.run(async (tx) => tx.execute(sql`insert into group_commit_probe values ('kept-1')`)),
        group.run(async () => {
          throw new Error("a piece's own failure");
        }),
        group.run(async (tx) => tx.execute(sql`insert into group_commit_probe values ('kept-2')`)),
      ]);
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
      expect(await count(handle.db, "kept-1")).toBe(1);
      expect(await count(handle.db, "kept-2")).toBe(1);
    });

    it("shares one transaction between pieces that arrive together", async () => {
      const group = createGroupCommit(handle.db);
      const transactionIds = await Promise.all(
        Array.from({ length: 5 }, () =>
          group.run(async (tx) => {
            return JSON.stringify(firstRow(await tx.execute(sql`select txid_current()::text as id`)));
          }),
        ),
      );
      expect(new Set(transactionIds).size).toBe(1);
    });
  });
}
