import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { databaseTargets } from "../../test/databases.ts";
import { openDatabase, queryRows, type DatabaseHandle } from "../db/client.server.ts";
import { createDomainEventDispatcher, type DomainEventTimings } from "./domain-event-dispatcher.server.ts";
import { defineDomainEvent, publishDomainEvent, subscribeTo } from "./domain-events.server.ts";

const quietLog = { warn: () => undefined };
const somethingHappened = defineDomainEvent("test.something-happened", z.object({ n: z.number().int() }));

/** A fast dispatcher for tests: short lease and retry. */
const quick: Partial<DomainEventTimings> = { leaseMs: 300, retryBaseMs: 50 };

async function waitFor(condition: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(databaseTargets())("domain events on $name", (target) => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await target.create();
    drop = created.drop;
    first = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" });
    await first.migrate();
    // A second instance: its own pool on PostgreSQL; PGlite has one handle per process.
    second = created.databaseUrl ? await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" }) : first;
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
    await drop?.();
  });

  async function publish(n: number): Promise<void> {
    await first.db.transaction((tx) => publishDomainEvent(tx, somethingHappened, { n }));
  }

  it("publishes nothing for a rolled-back transaction, and delivers a committed one", async () => {
    const seen: number[] = [];
    const dispatcher = createDomainEventDispatcher({ db: first.db, log: quietLog, timings: quick });
    dispatcher.attach([{ key: "t/rollback", subscription: subscribeTo(somethingHappened, "rollback", async (event) => void seen.push(event.payload.n)) }]);
    await expect(
      first.db.transaction(async (tx) => {
        await publishDomainEvent(tx, somethingHappened, { n: 1 });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await dispatcher.flush();
    expect(seen).toEqual([]);
    await publish(2);
    await dispatcher.flush();
    expect(seen).toEqual([2]);
  });

  it("refuses a payload its schema does not accept, writing nothing", async () => {
    const before = await queryRows(first.db, sql`select count(*)::int as n from domain_events`);
    await expect(first.db.transaction((tx) => publishDomainEvent(tx, somethingHappened, { n: 1.5 }))).rejects.toThrow();
    expect(await queryRows(first.db, sql`select count(*)::int as n from domain_events`)).toEqual(before);
  });

  it("runs a subscriber once per event when two instances dispatch at once", async () => {
    const runs = new Map<number, number>();
    const handler = subscribeTo(somethingHappened, "once", async (event) => {
      runs.set(event.id, (runs.get(event.id) ?? 0) + 1);
    });
    const instances = [first, second].map((handle) => {
      const dispatcher = createDomainEventDispatcher({ db: handle.db, log: quietLog, timings: quick });
      dispatcher.attach([{ key: "t/once", subscription: handler }]);
      return dispatcher;
    });
    for (let n = 0; n < 40; n++) await publish(n);
    await Promise.all([...instances.map((dispatcher) => dispatcher.flush()), ...instances.map((dispatcher) => dispatcher.flush())]);
    const rows = await queryRows(first.db, sql`select count(*)::int as n from domain_event_deliveries where subscriber = 't/once' and done_at is not null`);
    expect(rows[0]?.n).toBe(runs.size);
    expect(runs.size).toBeGreaterThanOrEqual(40);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it("delivers after a crash between commit and delivery: the event waits for a restarted instance", async () => {
    // The publisher committed and died before any dispatcher saw the event.
    await publish(100);
    const seen: number[] = [];
    const restarted = createDomainEventDispatcher({ db: second.db, log: quietLog, timings: quick });
    restarted.attach([{ key: "t/after-crash", subscription: subscribeTo(somethingHappened, "after-crash", async (event) => void (event.payload.n === 100 && seen.push(event.id))) }]);
    // Nothing had fanned it out: the restarted instance does, then delivers it.
    await restarted.flush();
    expect(seen).toHaveLength(1);
    await restarted.flush();
    expect(seen).toHaveLength(1);
  });

  it("retries an instance that died mid-handler once its lease ends, and a handler that threw, until each succeeds once", async () => {
    let hung = 0;
    const succeeded: number[] = [];
    let failures = 0;
    // The first instance claims the delivery and never finishes it (its process died).
    const dying = createDomainEventDispatcher({ db: first.db, log: quietLog, timings: quick });
    dying.attach([{ key: "t/crash", subscription: subscribeTo(somethingHappened, "crash", () => new Promise<void>(() => void (hung += 1))) }]);
    const survivor = createDomainEventDispatcher({ db: second.db, log: quietLog, timings: quick });
    survivor.attach([
      {
        key: "t/crash",
        subscription: subscribeTo(somethingHappened, "crash", async (event) => {
          if (failures === 0) {
            failures += 1;
            throw new Error("a passing failure");
          }
          succeeded.push(event.id);
        }),
      },
    ]);
    await publish(200);
    void dying.flush();
    await waitFor(() => hung === 1);
    // Within the lease, nobody else takes it.
    await survivor.flush();
    expect(failures).toBe(0);
    expect(succeeded).toEqual([]);
    await waitFor(async () => {
      await survivor.flush();
      return succeeded.length === 1;
    });
    expect(failures).toBe(1);
    const [row] = await queryRows(first.db, sql`select attempts, done_at is not null as done from domain_event_deliveries where subscriber = 't/crash' and event_id = ${succeeded[0] ?? 0}`);
    expect(row).toEqual({ attempts: 3, done: true });
    await survivor.flush();
    expect(succeeded).toHaveLength(1);
  });
});
