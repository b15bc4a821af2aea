import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "../../db/client.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { countInFixedWindow, countSinceFirst, incrementCounter, pruneCounters, windowStartOf } from "./request-counters.server.ts";

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

describe("fixed windows", () => {
  it("align to the epoch", () => {
    expect(windowStartOf(at("2026-03-01T12:34:56Z"), HOUR)).toEqual(at("2026-03-01T12:00:00Z"));
    expect(windowStartOf(at("2026-03-01T12:00:00Z"), HOUR)).toEqual(at("2026-03-01T12:00:00Z"));
    expect(() => windowStartOf(new Date(), 0)).toThrow();
  });
});

describe.each(databaseTargets())("request counters on $name", (target) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await target.create();
    drop = created.drop;
    database = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" });
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it("counts within a window and starts over in the next one", async () => {
    const key = "test:window";
    const counts = [];
    for (const time of ["2026-03-01T12:00:01Z", "2026-03-01T12:20:00Z", "2026-03-01T12:59:59Z"]) counts.push(await countInFixedWindow(database.db, key, HOUR, at(time)));
    expect(counts).toEqual([1, 2, 3]);
    expect(await countInFixedWindow(database.db, key, HOUR, at("2026-03-01T13:00:00Z"))).toBe(1);
    expect(await countInFixedWindow(database.db, key, HOUR, at("2026-03-01T13:10:00Z"))).toBe(2);
  });

  it("adds a late count from the previous window to the current one instead of resetting it", async () => {
    const key = "test:late";
    await countInFixedWindow(database.db, key, HOUR, at("2026-03-01T13:00:00Z"));
    expect(await countInFixedWindow(database.db, key, HOUR, at("2026-03-01T12:59:59Z"))).toBe(2);
    const rows = await queryRows(database.db, sql`select window_start from request_counters where key = ${key}`);
    expect(new Date(String(rows[0]?.window_start))).toEqual(at("2026-03-01T13:00:00Z"));
  });

  it("keeps keys apart", async () => {
    const now = at("2026-03-01T12:00:00Z");
    await countInFixedWindow(database.db, "test:a", HOUR, now);
    await countInFixedWindow(database.db, "test:a", HOUR, now);
    expect(await countInFixedWindow(database.db, "test:b", HOUR, now)).toBe(1);
  });

  it("loses no count under concurrency: every caller sees a different count", async () => {
    const now = at("2026-03-01T12:00:00Z");
    const counts = await Promise.all(Array.from({ length: 25 }, () => countInFixedWindow(database.db, "test:race", HOUR, now)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
  });

  it("opens a window at a key's first count, so a burst straddling the clock's hour is counted whole", async () => {
    const key = "test:since-first";
    const counts = [];
    for (const time of ["2026-03-01T12:59:00Z", "2026-03-01T13:00:30Z", "2026-03-01T13:58:59Z"]) counts.push(await countSinceFirst(database.db, key, HOUR, at(time)));
    expect(counts).toEqual([1, 2, 3]);
    // An hour after the first count, a new window opens there.
    expect(await countSinceFirst(database.db, key, HOUR, at("2026-03-01T13:59:00Z"))).toBe(1);
    expect(await countSinceFirst(database.db, key, HOUR, at("2026-03-01T14:30:00Z"))).toBe(2);
    expect(await countSinceFirst(database.db, key, HOUR, at("2026-03-01T14:59:00Z"))).toBe(1);
  });

  it("takes a count back with the transaction that rolled back", async () => {
    const now = at("2026-03-01T12:00:00Z");
    await countSinceFirst(database.db, "test:rolled-back", HOUR, now);
    await expect(
      database.db.transaction(async (tx) => {
        await countSinceFirst(tx, "test:rolled-back", HOUR, now);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await countSinceFirst(database.db, "test:rolled-back", HOUR, now)).toBe(2);
  });

  it("tells the first use of a one-time key from any later one", async () => {
    const windowStart = at("2026-03-01T12:02:00Z");
    expect(await incrementCounter(database.db, "test:once", windowStart)).toBe(1);
    expect(await incrementCounter(database.db, "test:once", windowStart)).toBe(2);
  });

  it("prunes old rows under a prefix only", async () => {
    await incrementCounter(database.db, "prune-me:old", at("2020-01-01T00:00:00Z"));
    await incrementCounter(database.db, "prune-me:new", at("2030-01-01T00:00:00Z"));
    await incrementCounter(database.db, "keep_me:old", at("2020-01-01T00:00:00Z"));
    await pruneCounters(database.db, "prune-me:", at("2025-01-01T00:00:00Z"));
    // "_" in a prefix is literal, not LIKE's any-character.
    await pruneCounters(database.db, "keep-me", at("2025-01-01T00:00:00Z"));
    const rows = await queryRows(database.db, sql`select key from request_counters where key like 'prune-me:%' or key like 'keep_me:%' order by key`);
    expect(rows.map((row) => row.key)).toEqual(["keep_me:old", "prune-me:new"]);
  });
});
