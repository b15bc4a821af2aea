import { verify } from "@node-rs/argon2";
import { asc, count, countDistinct, eq, inArray, isNotNull, like, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "../../platform/db/client.server.ts";
import { users } from "../../features/accounts/accounts.tables.server.ts";
import { isClosedLevel, levels } from "../../features/accounts/levels.ts";
import { buildDemoMembers, demoAccounts, demoMemberCount, demoPassword, isValidDemoUsername, seedBulkMembers, seedDemoDataIfEmpty } from "./demo-data.server.ts";
import { demoFlairCodes, demoStatusTexts } from "./demo-names.ts";

/** The bench members' dates count back from this moment in every seeding of this file. */
const benchEpoch = new Date("2026-11-01T12:00:00.000Z");

/**
 * Fresh databases for one backend; every database opened is closed (and, on
 * PostgreSQL, dropped) in afterAll.
 */
interface Backend {
  readonly name: string;
  fresh(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

function pgliteBackend(): Backend {
  const opened: DatabaseHandle[] = [];
  return {
    name: "pglite",
    async fresh() {
      const handle = await openDatabase({ dataDir: "memory://" });
      opened.push(handle);
      await handle.migrate();
      return handle;
    },
    async cleanup() {
      await Promise.all(opened.map((handle) => handle.close()));
    },
  };
}

/** Each fresh database is a throwaway PostgreSQL database on TEST_DATABASE_URL's server. */
function postgresBackend(baseUrl: string): Backend {
  const opened: { handle: DatabaseHandle; name: string }[] = [];
  let sequence = 0;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: "postgres",
    async fresh() {
      const name = `kingside_seed_test_${process.pid}_${Date.now()}_${sequence++}`;
      await admin((client) => client.query(`CREATE DATABASE ${name}`));
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "memory://", poolSize: 4 });
      opened.push({ handle, name });
      await handle.migrate();
      return handle;
    },
    async cleanup() {
      for (const { handle, name } of opened) {
        await handle.close();
        await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      }
    },
  };
}

/** The members are what these tests look at; demo-games.test.ts looks at the games. */
const fewGames = { finishedGames: 20 };
const testEpoch = new Date("2026-11-01T12:00:00Z");

const backends: Backend[] = [pgliteBackend()];
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
if (testDatabaseUrl) backends.push(postgresBackend(testDatabaseUrl));

async function usernames(db: Database): Promise<string[]> {
  const rows = await db.select({ username: users.username }).from(users).orderBy(asc(users.id));
  return rows.map((row) => row.username);
}

async function memberCount(db: Database): Promise<number> {
  const [row] = await db.select({ members: count() }).from(users);
  return row?.members ?? 0;
}

describe("buildDemoMembers", () => {
  it("is pure and deterministic", () => {
    expect(buildDemoMembers(testEpoch)).toEqual(buildDemoMembers(testEpoch));
    expect(buildDemoMembers(testEpoch)).toHaveLength(demoMemberCount);
  });

  it("keeps every generated value within the columns' limits", () => {
    for (const row of buildDemoMembers(testEpoch)) {
      expect(isValidDemoUsername(row.username), row.username).toBe(true);
      expect(row.usernameKey).toBe(row.username.toLowerCase());
      expect(row.countryCode).toMatch(/^[A-Z]{2}$/);
      expect((row.statusText ?? "").length).toBeLessThanOrEqual(50);
      expect((row.firstName ?? "").length).toBeLessThanOrEqual(50);
      expect(row.createdAt?.getTime()).toBeLessThan(testEpoch.getTime());
      expect(row.createdAt?.getTime()).toBeGreaterThanOrEqual(Date.parse("2022-12-31T00:00:00Z"));
      if (row.lastLoginAt && row.createdAt) expect(row.lastLoginAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
    }
    for (const text of demoStatusTexts) expect(text.length).toBeLessThanOrEqual(50);
  });
});

describe.each(backends)("demo data on $name", (backend) => {
  let db: Database;

  beforeAll(async () => {
    db = (await backend.fresh()).db;
  });

  afterAll(async () => {
    await backend.cleanup();
  });

  it("seeds an empty database once", async () => {
    const first = await seedDemoDataIfEmpty(db, fewGames);
    expect(first.seeded).toBe(true);
    expect(first.members).toBe(demoMemberCount + demoAccounts.length);
    expect(await memberCount(db)).toBe(first.members);

    const second = await seedDemoDataIfEmpty(db, fewGames);
    expect(second).toEqual({ seeded: false, members: 0, games: 0, moves: 0 });
    expect(await memberCount(db)).toBe(first.members);
  });

  it("has hundreds of members in dozens of countries", async () => {
    const [row] = await db.select({ members: count(), countries: countDistinct(users.countryCode) }).from(users);
    expect(row?.members).toBeGreaterThanOrEqual(300);
    expect(row?.countries).toBeGreaterThanOrEqual(30);

    const countries = new Set((await db.selectDistinct({ code: users.countryCode }).from(users)).map((r) => r.code));
    for (const code of ["RU", "BY", "XX", "US", "DE"]) expect(countries, code).toContain(code);
    for (const code of countries) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it("has titles, a spread of membership levels, flair, statuses and streamers", async () => {
    const rows = await db
      .select({ chessTitle: users.chessTitle, level: users.membershipLevel, flairCode: users.flairCode, statusText: users.statusText, isStreamer: users.isStreamer })
      .from(users);
    const titled = rows.filter((r) => r.chessTitle !== null);
    expect(titled.length).toBeGreaterThanOrEqual(rows.length * 0.04);
    expect(titled.length).toBeLessThanOrEqual(rows.length * 0.14);

    const levelSet = new Set(rows.map((r) => r.level));
    for (const level of [levels.guest, levels.basic, levels.silver, levels.gold, levels.platinum, levels.diamond, levels.moderator, levels.staff]) {
      expect(levelSet, `level ${level}`).toContain(level);
    }
    expect(rows.some((r) => isClosedLevel(r.level))).toBe(true);
    expect(rows.filter((r) => r.level === levels.basic).length).toBeGreaterThan(rows.length / 2);

    const flairs = rows.filter((r) => r.flairCode !== "nothing");
    expect(flairs.length).toBeGreaterThanOrEqual(20);
    for (const r of flairs) expect(r.level).toBeGreaterThanOrEqual(levels.silver);
    const knownFlairs: ReadonlySet<string> = new Set(demoFlairCodes);
    for (const r of rows) expect(knownFlairs).toContain(r.flairCode);

    expect(rows.filter((r) => r.statusText !== null).length).toBeGreaterThanOrEqual(30);
    expect(rows.filter((r) => r.isStreamer).length).toBeGreaterThanOrEqual(3);
  });

  it("has valid usernames, unique ignoring case", async () => {
    const names = await usernames(db);
    for (const name of names) expect(isValidDemoUsername(name), name).toBe(true);
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(names.length);
    const [mismatch] = await db.select({ id: users.id }).from(users).where(sql`${users.usernameKey} <> lower(${users.username})`);
    expect(mismatch).toBeUndefined();
  });

  it("creates the demo sign-in accounts with argon2id hashes of the demo password", async () => {
    const rows = await db
      .select({ username: users.username, email: users.email, level: users.membershipLevel, hash: users.passwordHash, countryCode: users.countryCode, chessTitle: users.chessTitle })
      .from(users)
      .where(inArray(users.usernameKey, demoAccounts.map((a) => a.username)));
    expect(rows).toHaveLength(demoAccounts.length);
    for (const account of demoAccounts) {
      const row = rows.find((r) => r.username === account.username);
      expect(row).toBeDefined();
      if (!row?.hash) throw new Error(`${account.username} has no password hash`);
      expect(row.level).toBe(account.level);
      expect(row.email).toBe(`${account.username}@example.com`);
      expect(row.countryCode).toBe(account.countryCode);
      expect(row.chessTitle).toBe(account.chessTitle);
      expect(account.password).toBe(demoPassword);
      expect(row.hash.startsWith("$argon2id$")).toBe(true);
      expect(await verify(row.hash, account.password)).toBe(true);
      expect(await verify(row.hash, "wrong-password")).toBe(false);
    }
    const levelsByName = Object.fromEntries(demoAccounts.map((a) => [a.username, a.level]));
    expect(levelsByName).toEqual({ alice: 30, bob: 10, carla: 50, moderator: 80, staff: 90 });

    // Only the sign-in accounts have passwords.
    const [withPassword] = await db.select({ n: count() }).from(users).where(isNotNull(users.passwordHash));
    expect(withPassword?.n).toBe(demoAccounts.length);
  });

  it("is deterministic: a fresh database gets the same members", async () => {
    const other = (await backend.fresh()).db;
    await seedDemoDataIfEmpty(other, fewGames);
    expect(await usernames(other)).toEqual(await usernames(db));
    const uuidsOf = async (database: Database) => (await database.select({ uuid: users.uuid }).from(users).orderBy(asc(users.id))).map((r) => r.uuid);
    expect(await uuidsOf(other)).toEqual(await uuidsOf(db));
  });

  it("seeds once when two callers race on an empty database", async () => {
    const other = (await backend.fresh()).db;
    const results = await Promise.all([seedDemoDataIfEmpty(other, fewGames), seedDemoDataIfEmpty(other, fewGames)]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    expect(await memberCount(other)).toBe(demoMemberCount + demoAccounts.length);
  });

  it("adds bulk members with distinct bench_<n> usernames and no passwords", async () => {
    const before = await memberCount(db);
    expect(await seedBulkMembers(db, 5000, { batchSize: 1500, epoch: benchEpoch })).toBe(5000);
    expect(await memberCount(db)).toBe(before + 5000);

    const [bench] = await db
      .select({ members: count(), names: countDistinct(users.usernameKey), passwords: count(users.passwordHash), countries: countDistinct(users.countryCode) })
      .from(users)
      .where(like(users.usernameKey, "bench\\_%"));
    expect(bench).toEqual({ members: 5000, names: 5000, passwords: 0, countries: expect.any(Number) });
    expect(bench?.countries).toBeGreaterThanOrEqual(30);

    const spread = await db.selectDistinct({ level: users.membershipLevel }).from(users).where(like(users.usernameKey, "bench\\_%"));
    expect(spread.length).toBeGreaterThanOrEqual(6);

    // A second run continues the numbering instead of colliding.
    expect(await seedBulkMembers(db, 10, { epoch: benchEpoch })).toBe(10);
    const [last] = await db.select({ username: users.username }).from(users).where(eq(users.usernameKey, "bench_5010"));
    expect(last?.username).toBe("bench_5010");
    expect(await memberCount(db)).toBe(before + 5010);
  });

  it("derives bulk members from their number alone", async () => {
    const other = (await backend.fresh()).db;
    // The same epoch: two seedings an hour boundary apart would otherwise date the same members differently.
    await seedBulkMembers(other, 300, { epoch: benchEpoch });
    const pick = (database: Database) =>
      database
        .select({ username: users.username, country: users.countryCode, level: users.membershipLevel, title: users.chessTitle, flair: users.flairCode, createdAt: users.createdAt, lastLoginAt: users.lastLoginAt })
        .from(users)
        .where(inArray(users.usernameKey, ["bench_1", "bench_77", "bench_300"]))
        .orderBy(asc(users.usernameKey));
    expect(await pick(other)).toEqual(await pick(db));
  });
});
