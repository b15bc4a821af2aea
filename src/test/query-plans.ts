import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "../platform/db/client.server.ts";
import { databaseTargets } from "./databases.ts";

/** One plan node, flattened: what it does and on which table or index. */
export interface PlanNode {
  readonly nodeType: string;
  readonly relation: string | null;
  readonly index: string | null;
}

export interface CapturedPlan {
  readonly query: string;
  readonly nodes: readonly PlanNode[];
  readonly durationMs: number;
}

export interface PlanCapture {
  /** The application's database type: pass it to the real services. */
  readonly db: Database;
  /** Runs `work` and returns the plans of every statement it made, as PostgreSQL executed them. */
  plansOf(work: () => Promise<unknown>): Promise<CapturedPlan[]>;
  close(): Promise<void>;
}

function flatten(plan: unknown, into: PlanNode[]): void {
  if (typeof plan !== "object" || plan === null) return;
  const node = new Map(Object.entries(plan));
  const text = (key: string): string | null => {
    const value = node.get(key);
    return typeof value === "string" ? value : null;
  };
  into.push({ nodeType: text("Node Type") ?? "?", relation: text("Relation Name"), index: text("Index Name") });
  const children = node.get("Plans");
  if (Array.isArray(children)) for (const child of children) flatten(child, into);
}

/** Parses auto_explain's JSON log line ("duration: 0.123 ms  plan:\n{...}"). */
function parsePlanNotice(message: string): CapturedPlan | null {
  const match = /^duration: ([\d.]+) ms\s+plan:\s*([\s\S]*)$/.exec(message);
  if (!match?.[2]) return null;
  const parsed: unknown = JSON.parse(match[2]);
  if (typeof parsed !== "object" || parsed === null) return null;
  const entries = new Map(Object.entries(parsed));
  const nodes: PlanNode[] = [];
  flatten(entries.get("Plan"), nodes);
  const query = entries.get("Query Text");
  return { query: typeof query === "string" ? query : "", nodes, durationMs: Number(match[1]) };
}

/**
 * The plans PostgreSQL really chose for the statements the services send
 * (not hand-copied SQL): auto_explain logs each plan, and
 * client_min_messages = log sends those lines to this one connection as
 * notices. Needs a role allowed to LOAD auto_explain (a superuser, as in CI).
 */
export async function capturePlans(databaseUrl: string): Promise<PlanCapture> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, idleTimeoutMillis: 0 });
  let collecting: CapturedPlan[] | null = null;
  pool.on("connect", (client) => {
    client.on("notice", (notice) => {
      const plan = collecting && notice.message ? parsePlanNotice(notice.message) : null;
      if (plan) collecting?.push(plan);
    });
  });
  const setup = await pool.connect();
  try {
    await setup.query("LOAD 'auto_explain'");
    await setup.query("SET auto_explain.log_min_duration = 0");
    await setup.query("SET auto_explain.log_format = json");
    await setup.query("SET client_min_messages = log");
  } finally {
    setup.release();
  }
  const db: Database = drizzle({ client: pool });
  return {
    db,
    async plansOf(work) {
      collecting = [];
      try {
        await work();
        return collecting;
      } finally {
        collecting = null;
      }
    },
    close: () => pool.end(),
  };
}

/** The indexes a set of plans used, and the tables it read whole. */
export function planSummary(plans: readonly CapturedPlan[]): { indexes: string[]; seqScans: string[] } {
  const nodes = plans.flatMap((plan) => plan.nodes);
  return {
    indexes: [...new Set(nodes.flatMap((node) => (node.index ? [node.index] : [])))].sort(),
    seqScans: [...new Set(nodes.flatMap((node) => (node.nodeType === "Seq Scan" && node.relation ? [node.relation] : [])))].sort(),
  };
}

/** The PostgreSQL that query-plan suites run on, when this machine has one (CI always does): skip the suite without it. */
export const queryPlansTarget = databaseTargets().find((target) => target.name === "postgres");

/**
 * A query-plan suite's database, set up once for the suite (call it inside
 * the describe): a fresh PostgreSQL database, migrated and filled by `fill`
 * (with fresh statistics, so the planner sees the sizes), its plans captured,
 * then closed and dropped after the suite. `capture()` is the capture, read in the tests.
 */
export function queryPlanDatabase(fill: (db: Database) => Promise<void>, timeoutMs = 180_000): { capture(): PlanCapture } {
  let database: DatabaseHandle | undefined;
  let capture: PlanCapture | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (!queryPlansTarget) return;
    const created = await queryPlansTarget.create();
    drop = created.drop;
    if (!created.databaseUrl) throw new Error("PostgreSQL has a URL");
    database = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" });
    await database.migrate();
    await fill(database.db);
    capture = await capturePlans(created.databaseUrl);
  }, timeoutMs);
  afterAll(async () => {
    await capture?.close();
    await database?.close();
    await drop?.();
  });
  return {
    capture() {
      if (!capture) throw new Error("the query-plan database is not ready (no PostgreSQL, or its set-up failed)");
      return capture;
    },
  };
}
