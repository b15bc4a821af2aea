import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * The databases integration tests run against: the embedded PGlite always, and
 * PostgreSQL when TEST_DATABASE_URL is set. In CI a missing PostgreSQL (or
 * Redis) is a failure, never a silent skip.
 */
export interface DatabaseTarget {
  readonly name: "pglite" | "postgres";
  /** Creates a fresh, empty database and returns its URL (undefined: PGlite in memory). */
  create(): Promise<{ databaseUrl: string | undefined; drop(): Promise<void> }>;
}

export function requireServiceInCi(variable: "TEST_DATABASE_URL" | "REDIS_URL"): string | undefined {
  const value = process.env[variable];
  // TEST_SERVICES_OPTIONAL: CI's second run under Node 24 leaves PostgreSQL and Redis to the first (.ci/run).
  if (!value && process.env.CI && !process.env.TEST_SERVICES_OPTIONAL) throw new Error(`${variable} is not set in CI: the suites that need it would be skipped.`);
  if (!value) console.warn(`${variable} is not set: its suites are skipped on this machine (CI runs them).`);
  return value || undefined;
}

const pglite: DatabaseTarget = {
  name: "pglite",
  async create() {
    return { databaseUrl: undefined, drop: async () => undefined };
  },
};

/** A fresh, empty PostgreSQL database beside the admin URL's; `drop` removes it, forcing its sessions out. */
export async function createPostgresDatabase(adminUrl: string, prefix = "ks_test"): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

function postgres(adminUrl: string): DatabaseTarget {
  return {
    name: "postgres",
    async create() {
      const database = await createPostgresDatabase(adminUrl);
      return { databaseUrl: database.url, drop: database.drop };
    },
  };
}

export function databaseTargets(): DatabaseTarget[] {
  const url = requireServiceInCi("TEST_DATABASE_URL");
  return url ? [pglite, postgres(url)] : [pglite];
}
