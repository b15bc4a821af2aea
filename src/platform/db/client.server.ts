import { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { appRoot } from "../app-root.server.ts";
/**
 * The one database type the services see, whichever driver is underneath.
 * No schema generic: services query through the table objects they own (no
 * relational `db.query`), so the platform needs no index of every feature's
 * tables. drizzle-kit finds the tables itself (drizzle.config.ts).
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: "pglite" | "postgres";
  /** Applies pending migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const migrationsFolder = join(appRoot, "drizzle");

/** An arbitrary constant: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 727_001;

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  readonly databaseUrl?: string | undefined;
  /** PGlite data directory; "memory://" keeps it in memory (tests). */
  readonly dataDir: string;
  readonly poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db: Database = drizzlePglite({ client });
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function openPostgres(connectionString: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection the server drops (a restart, a failover, a dropped test
  // database) is removed from the pool, which then emits "error": without a
  // listener that would crash the process. The next query opens a new connection.
  pool.on("error", (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
  const db: Database = drizzlePg({ client: pool });
  return {
    db,
    kind: "postgres",
    async migrate() {
      const connection = await pool.connect();
      try {
        await connection.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client: connection }), { migrationsFolder });
      } finally {
        await connection.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
        connection.release();
      }
    },
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}

/** Rows of a raw SQL query, whichever driver ran it (both answer { rows }). */
export async function queryRows(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  const result: unknown = await db.execute(query);
  if (result && typeof result === "object" && "rows" in result && Array.isArray(result.rows)) return result.rows.filter(isRow);
  throw new Error("unexpected query result shape");
}

function isRow(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
