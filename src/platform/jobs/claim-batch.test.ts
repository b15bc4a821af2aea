import { asc, eq, inArray, sql } from "drizzle-orm";
import { boolean, integer, pgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { drainClaimed } from "./claim-batch.server.ts";

/** A scratch queue made by the test itself. */
const chores = pgTable("claim_test_chores", {
  id: integer("id").primaryKey(),
  done: boolean("done").notNull().default(false),
  handledTimes: integer("handled_times").notNull().default(0),
});

const CHORES = 400;
const BATCH = 25;

describe.each(databaseTargets())("claimed batches on $name", (target) => {
  const handles: DatabaseHandle[] = [];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await target.create();
    drop = created.drop;
    const first = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" });
    handles.push(first);
    // Four claimers, each on its own pool, as four instances (PGlite: one process, one handle).
    for (let i = 1; i < 4; i++) handles.push(created.databaseUrl ? await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" }) : first);
    await first.db.execute(sql`create table claim_test_chores (id integer primary key, done boolean not null default false, handled_times integer not null default 0)`);
    await first.db.execute(sql`insert into claim_test_chores (id) select generate_series(1, ${CHORES})`);
  });
  afterAll(async () => {
    for (const handle of new Set(handles)) await handle.close();
    await drop?.();
  });

  it("never hands the same row to two concurrent claimers, and leaves none behind", async () => {
    const claimedBy = handles.map(() => [] as number[]);
    const signal = new AbortController().signal;
    await Promise.all(
      handles.map((handle, claimer) =>
        drainClaimed(
          handle.db,
          {
            batchSize: BATCH,
            select: (tx) => tx.select({ id: chores.id }).from(chores).where(eq(chores.done, false)).orderBy(asc(chores.id)).limit(BATCH),
            handle: async (tx, rows) => {
              const ids = rows.map((row) => row.id);
              claimedBy[claimer]?.push(...ids);
              // Hold the locks a moment, so the other claimers run into them.
              await tx.execute(sql`select pg_sleep(0.02)`);
              await tx.update(chores).set({ done: true, handledTimes: sql`${chores.handledTimes} + 1` }).where(inArray(chores.id, ids));
            },
          },
          signal,
        ),
      ),
    );
    const all = claimedBy.flat();
    expect(all).toHaveLength(CHORES);
    expect(new Set(all).size).toBe(CHORES);
    const rows = await handles[0]!.db.select({ handledTimes: chores.handledTimes, n: sql<number>`count(*)::int` }).from(chores).groupBy(chores.handledTimes);
    expect(rows).toEqual([{ handledTimes: 1, n: CHORES }]);
    if (target.name === "postgres") expect(claimedBy.filter((ids) => ids.length > 0).length).toBeGreaterThan(1);
  });

  it("stops draining when the signal aborts", async () => {
    await handles[0]!.db.execute(sql`update claim_test_chores set done = false`);
    const aborted = AbortSignal.abort();
    const handled = await drainClaimed(
      handles[0]!.db,
      { batchSize: BATCH, select: (tx) => tx.select({ id: chores.id }).from(chores).where(eq(chores.done, false)).limit(BATCH), handle: async () => {} },
      aborted,
    );
    expect(handled).toBe(0);
  });
});
