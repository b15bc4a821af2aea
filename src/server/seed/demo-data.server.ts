import { hash } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { users, type NewUserRow } from "../../features/accounts/accounts.tables.server.ts";
import { isClosedLevel, isPremiumLevel, levels } from "../../features/accounts/levels.ts";
import { chessTitles, type ChessTitle } from "../../features/members/members.schema.ts";
import {
  demoAdjectives,
  demoChessNouns,
  demoCountries,
  demoFlairCodes,
  demoNamePools,
  demoOtherNouns,
  demoStatusTexts,
  demoSyllables,
  type DemoCountry,
  type DemoFlairCode,
} from "./demo-names.ts";
import { seedDemoClubForum } from "./demo-club-forum.server.ts";
import { seedDemoGames } from "./demo-games.server.ts";
import { seedDemoClubs } from "./demo-clubs.server.ts";
import { seedDemoTeamMatches } from "./demo-team-matches.server.ts";
import { seedDemoClubChat } from "./demo-club-chat.server.ts";
import { recordDemoActors } from "../../features/demo/demo-life.server.ts";
import { Random } from "./demo-random.ts";

/**
 * Demo data: a few hundred invented members plus real sign-in accounts for an
 * empty database (development, previews, e2e), and set-based bulk members for
 * benchmarks. Everything is deterministic but the dates: a seeded PRNG, and
 * dates relative to the moment of seeding (the first start), so two fresh
 * databases get the same members, games and clubs, and a fresh site's
 * activity is recent whenever it starts.
 */

/** The epoch of a seeding at `now`: the hour it started in, so two instances starting together agree. */
export const demoEpochAt = (now: Date): Date => new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);

/** How many invented members the demo data has (the sign-in accounts come on top). */
export const demoMemberCount = 340;

/** The one password every demo sign-in account uses. */
export const demoPassword = "kingside-demo";

export interface DemoAccount {
  readonly username: string;
  readonly password: string;
  readonly level: number;
  readonly email: string;
  readonly countryCode: string;
  readonly chessTitle: ChessTitle | null;
}

/** Real accounts you can sign in with on a seeded database. */
export const demoAccounts = [
  { username: "alice", password: demoPassword, level: levels.gold, email: "alice@example.com", countryCode: "GB", chessTitle: null },
  { username: "bob", password: demoPassword, level: levels.basic, email: "bob@example.com", countryCode: "DE", chessTitle: null },
  { username: "carla", password: demoPassword, level: levels.diamond, email: "carla@example.com", countryCode: "ES", chessTitle: "FM" },
  { username: "moderator", password: demoPassword, level: levels.moderator, email: "moderator@example.com", countryCode: "NL", chessTitle: null },
  { username: "staff", password: demoPassword, level: levels.staff, email: "staff@example.com", countryCode: "XX", chessTitle: null },
] as const satisfies readonly DemoAccount[];

/** What the demo accounts look like beyond their credentials. */
const demoAccountProfiles: Readonly<Record<(typeof demoAccounts)[number]["username"], DemoAccountProfile>> = {
  alice: { firstName: "Alice", lastName: "Archer", flairCode: "crown", statusText: "Gold member, ask me about the Caro-Kann", joinedDaysAgo: 1023, lastLoginHoursAgo: 6, timezone: "Europe/London", language: "en" },
  bob: { firstName: "Bob", lastName: "Becker", flairCode: "nothing", statusText: null, joinedDaysAgo: 578, lastLoginHoursAgo: 28, timezone: "Europe/Berlin", language: "de" },
  carla: { firstName: "Carla", lastName: "Castillo", flairCode: "diamond_traditional", statusText: "FM, coach and blitz fan", joinedDaysAgo: 1076, lastLoginHoursAgo: 2, timezone: "Europe/Madrid", language: "es" },
  moderator: { firstName: null, lastName: null, flairCode: "knight", statusText: "Keeping the forums friendly", joinedDaysAgo: 1091, lastLoginHoursAgo: 12, timezone: "Europe/Amsterdam", language: "nl" },
  staff: { firstName: null, lastName: null, flairCode: "star", statusText: "Kingside staff", joinedDaysAgo: 1094, lastLoginHoursAgo: 15, timezone: "UTC", language: "en" },
};

interface DemoAccountProfile {
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly flairCode: DemoFlairCode;
  readonly statusText: string | null;
  /** Days before the epoch the account was made. */
  readonly joinedDaysAgo: number;
  /** Hours before the epoch its member last signed in. */
  readonly lastLoginHoursAgo: number;
  readonly timezone: string;
  readonly language: string;
}

const DEMO_SEED = 0x6b696e67; // "king"
const UUID_SEED = 0x73696465; // "side"
const ACTORS_SEED = 0x6c696665; // "life"
const INSERT_BATCH = 500;
/** An arbitrary constant: the advisory lock that stops two instances seeding at once. */
const SEED_LOCK_KEY = 727_002;
const SECONDS_PER_DAY = 86_400;
/** Members joined over the three years before the epoch. */
const JOIN_SPREAD_SECONDS = 3 * 365 * SECONDS_PER_DAY;

const usernamePattern = /^[A-Za-z0-9_-]{3,25}$/;

/** Whether a username is one the demo data may produce (and the site accepts). */
export function isValidDemoUsername(username: string): boolean {
  return usernamePattern.test(username);
}

// ---------------------------------------------------------------------------
// Generated members

const levelWeights: readonly (readonly [number, number])[] = [
  [levels.basic, 560],
  [levels.silver, 120],
  [levels.gold, 80],
  [levels.platinum, 50],
  [levels.diamond, 40],
  [levels.guest, 40],
  [levels.closed_fair_play, 12],
  [levels.closed_abuse, 8],
  [levels.closed_voluntarily, 15],
  [levels.closed_unspecified, 8],
  [levels.moderator, 6],
];

/** Lower titles are far more common than GM. */
const titleWeights: readonly (readonly [ChessTitle, number])[] = chessTitles.map((title): readonly [ChessTitle, number] => {
  switch (title) {
    case "GM":
      return [title, 4];
    case "WGM":
      return [title, 2];
    case "IM":
      return [title, 5];
    case "WIM":
      return [title, 3];
    case "FM":
      return [title, 8];
    case "WFM":
      return [title, 4];
    case "CM":
      return [title, 7];
    case "WCM":
      return [title, 3];
    case "NM":
      return [title, 6];
    case "WNM":
      return [title, 2];
    case "M":
      return [title, 3];
  }
});

const countryWeights: readonly (readonly [DemoCountry, number])[] = demoCountries.map((country) => [country, country.weight]);
const premiumFlairs = demoFlairCodes.filter((code) => code !== "nothing");

const specialLetters: Readonly<Record<string, string>> = { ł: "l", Ł: "L", ı: "i", ß: "ss", ø: "o", Ø: "O", æ: "ae", Æ: "Ae", đ: "d", Đ: "D", þ: "th", ð: "d" };

/** "Dąbrowski" -> "Dabrowski", "de Jong" -> "deJong": ASCII letters and digits only. */
function asciiWord(word: string): string {
  const replaced = [...word].map((char) => specialLetters[char] ?? char).join("");
  return replaced.normalize("NFD").replace(/[^A-Za-z0-9]/g, "");
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

type Casing = "pascal" | "lower" | "snake" | "kebab";

function joinWords(words: readonly string[], casing: Casing): string {
  const clean = words.map(asciiWord).filter((word) => word.length > 0);
  switch (casing) {
    case "pascal":
      return clean.map(capitalise).join("");
    case "lower":
      return clean.join("").toLowerCase();
    case "snake":
      return clean.join("_").toLowerCase();
    case "kebab":
      return clean.join("-").toLowerCase();
  }
}

function inventedHandle(random: Random): string {
  const syllables = random.between(2, 3);
  let handle = "";
  for (let i = 0; i < syllables; i++) handle += random.pick(demoSyllables);
  return handle;
}

function suffixDigits(random: Random): string {
  return random.weighted<() => string>([
    [() => String(random.between(1, 99)), 4],
    [() => String(random.between(1960, 2010)), 3],
    [() => String(random.between(100, 999)), 2],
  ])();
}

function candidateUsername(random: Random, first: string, last: string): string {
  const casing = random.weighted<Casing>([
    ["pascal", 4],
    ["lower", 3],
    ["snake", 3],
    ["kebab", 1],
  ]);
  const style = random.int(9);
  let words: string[];
  switch (style) {
    case 0:
      words = [first, last.charAt(0)];
      break;
    case 1:
      words = [first, last];
      break;
    case 2:
      words = [first, suffixDigits(random)];
      break;
    case 3:
      words = [random.pick(demoAdjectives), random.pick(demoChessNouns)];
      break;
    case 4:
      words = [random.pick(demoChessNouns), suffixDigits(random)];
      break;
    case 5:
      words = [inventedHandle(random)];
      if (random.chance(0.5)) words.push(suffixDigits(random));
      break;
    case 6:
      words = [last, random.pick(demoChessNouns)];
      break;
    case 7:
      words = [random.pick(demoAdjectives), random.pick(demoOtherNouns)];
      break;
    default:
      words = [random.chance(0.5) ? "the" : "mr", random.pick(demoChessNouns), random.pick(demoOtherNouns)];
      break;
  }
  return fitUsername(joinWords(words, casing));
}

/** Trims to 25 characters (never ending in a separator) and pads short names. */
function fitUsername(name: string): string {
  let fitted = name.slice(0, 25).replace(/[_-]+$/, "");
  while (fitted.length < 3) fitted += "x";
  return fitted;
}

function uniqueUsername(random: Random, first: string, last: string, taken: Set<string>): string {
  let candidate = candidateUsername(random, first, last);
  for (let attempt = 0; taken.has(candidate.toLowerCase()); attempt++) {
    const base = attempt < 5 ? candidate : candidateUsername(random, first, last);
    candidate = fitUsername(`${base.slice(0, 21)}${random.between(2, 999)}`);
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** A version-4-shaped UUID from the PRNG, so member uuids are deterministic too. */
function demoUuid(random: Random): string {
  const bytes = Array.from({ length: 16 }, () => random.int(256));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function secondsBefore(epoch: Date, seconds: number): Date {
  return new Date(epoch.getTime() - Math.round(seconds) * 1000);
}

/**
 * The invented members, without the sign-in accounts. Pure and deterministic:
 * the same rows (uuids included) on every call.
 */
export function buildDemoMembers(epoch: Date): NewUserRow[] {
  const random = new Random(DEMO_SEED);
  const uuids = new Random(UUID_SEED);
  const taken = new Set<string>(demoAccounts.map((account) => account.username.toLowerCase()));
  const rows: NewUserRow[] = [];

  for (let index = 0; index < demoMemberCount; index++) {
    // Every country appears at least once; after that, countries by weight.
    const country = demoCountries[index] ?? random.weighted(countryWeights);
    const pool = demoNamePools[country.names];
    const first = random.pick(pool.first);
    const last = random.pick(pool.last);
    const username = uniqueUsername(random, first, last, taken);

    const level = random.weighted(levelWeights);
    const premium = isPremiumLevel(level) && !isClosedLevel(level);
    const chessTitle = level !== levels.guest && random.chance(0.1) ? random.weighted(titleWeights) : null;
    const showsName = chessTitle !== null || random.chance(0.45);
    const showsLastName = showsName && random.chance(0.8);
    const flairCode: DemoFlairCode = premium && random.chance(0.8) ? random.pick(premiumFlairs) : "nothing";
    const statusText = level !== levels.guest && random.chance(premium ? 0.5 : 0.22) ? random.pick(demoStatusTexts) : null;
    const isStreamer = level >= levels.basic && random.chance(chessTitle ? 0.25 : 0.03);

    // More members joined recently than long ago; last logins lean towards the epoch.
    const ageSeconds = random.float() ** 1.4 * JOIN_SPREAD_SECONDS;
    const createdAt = secondsBefore(epoch, ageSeconds);
    const neverReturned = random.chance(level === levels.guest || isClosedLevel(level) ? 0.35 : 0.04);
    const lastLoginAt = neverReturned ? null : secondsBefore(epoch, random.float() ** 3 * ageSeconds);
    const language = random.chance(0.12) ? "en" : country.language;

    rows.push({
      uuid: demoUuid(uuids),
      username,
      usernameKey: username.toLowerCase(),
      email: level === levels.guest ? null : `${username.toLowerCase()}@example.com`,
      passwordHash: null,
      firstName: showsName ? first : null,
      lastName: showsLastName ? last : null,
      countryCode: country.code,
      chessTitle,
      membershipLevel: level,
      flairCode,
      statusText,
      isEnabled: true,
      isStreamer,
      timezone: country.timezone,
      language,
      createdAt,
      lastLoginAt,
    });
  }
  return rows;
}

function demoAccountRows(passwordHash: string, epoch: Date): NewUserRow[] {
  const uuids = new Random(UUID_SEED ^ 0x5a5a5a5a);
  return demoAccounts.map((account) => {
    const profile = demoAccountProfiles[account.username];
    return {
      uuid: demoUuid(uuids),
      username: account.username,
      usernameKey: account.username.toLowerCase(),
      email: account.email,
      passwordHash,
      firstName: profile.firstName,
      lastName: profile.lastName,
      countryCode: account.countryCode,
      chessTitle: account.chessTitle,
      membershipLevel: account.level,
      flairCode: profile.flairCode,
      statusText: profile.statusText,
      isEnabled: true,
      isStreamer: false,
      timezone: profile.timezone,
      language: profile.language,
      createdAt: secondsBefore(epoch, profile.joinedDaysAgo * 86_400),
      lastLoginAt: secondsBefore(epoch, profile.lastLoginHoursAgo * 3_600),
    };
  });
}

async function hasAnyMember(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

export interface DemoSeedOptions {
  /** Finished demo games (default: the demo's thousands; tests ask for fewer). */
  readonly finishedGames?: number;
  /** The moment of seeding (default: now): every demo date is relative to it. */
  readonly now?: Date;
}

/**
 * Fills an empty database with the demo members, sign-in accounts and games,
 * in one transaction. Does nothing when any member exists. The counts say
 * what this call created.
 */
export async function seedDemoDataIfEmpty(db: Database, options: DemoSeedOptions = {}): Promise<{ seeded: boolean; members: number; games: number; moves: number }> {
  const nothing = { seeded: false, members: 0, games: 0, moves: 0 };
  // The cheap check first, so a populated database never pays for argon2.
  if (await hasAnyMember(db)) return nothing;

  // argon2 is deliberately slow: one hash, shared by every demo account.
  const passwordHash = await hash(demoPassword);
  const now = options.now ?? new Date();
  const epoch = demoEpochAt(now);
  const rows = [...demoAccountRows(passwordHash, epoch), ...buildDemoMembers(epoch)];
  // Ids follow join order, as they would on a real site.
  rows.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));

  return db.transaction(async (tx) => {
    // Two instances starting together: the second waits here, then sees the members.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing) return nothing;
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await tx.insert(users).values(rows.slice(start, start + INSERT_BATCH));
    }
    const played = await seedDemoGames(tx, { ...options, epoch, now });
    await seedDemoClubs(tx, { epoch });
    // After the demo clubs: their notes and forum topics, and their chat history.
    await seedDemoClubForum(tx, { epoch });
    await seedDemoClubChat(tx, { epoch });
    await seedDemoTeamMatches(tx, { now: new Date(now) });
    await recordDemoActors(tx, demoActorIds(rows, await tx.select({ id: users.id, username: users.username }).from(users)));
    return { seeded: true, members: rows.length, ...played };
  });
}

/** How many invented members keep playing live games while the demo site runs (decision 0054). */
const DEMO_ACTORS = 12;

/** The invented members who play on their own: active basic-or-better members, never a sign-in account. */
function demoActorIds(rows: readonly NewUserRow[], ids: readonly { id: number; username: string }[]): number[] {
  const signIn = new Set<string>(demoAccounts.map((account) => account.username));
  const idOf = new Map(ids.map((row) => [row.username, row.id]));
  const candidates = rows.filter((row) => !signIn.has(row.username) && (row.membershipLevel ?? 0) >= levels.basic && !isClosedLevel(row.membershipLevel ?? 0) && row.lastLoginAt);
  const random = new Random(ACTORS_SEED);
  const chosen = new Set<number>();
  while (chosen.size < Math.min(DEMO_ACTORS, candidates.length)) {
    const id = idOf.get(random.pick(candidates).username);
    if (id !== undefined) chosen.add(id);
  }
  return [...chosen];
}

// ---------------------------------------------------------------------------
// Bulk members for benchmarks

export interface BulkSeedOptions {
  /** Rows per INSERT ... SELECT statement (default 200,000). */
  readonly batchSize?: number;
  /** Called after every batch with the members added so far. */
  readonly onProgress?: (inserted: number, total: number) => void;
  /** The moment the members' dates count back from (default: the hour of the call, as the demo's own epoch). */
  readonly epoch?: Date;
}

const BULK_BATCH = 200_000;
/** Bulk members get these titles (about 3% of them). */
const bulkTitles: readonly ChessTitle[] = ["GM", "IM", "IM", "FM", "FM", "FM", "CM", "CM", "NM", "WGM", "WIM", "WFM", "WCM", "M"];

function csv(values: readonly string[]): string {
  for (const value of values) if (value.includes(",")) throw new Error(`A bulk seed constant contains a comma: "${value}".`);
  return values.join(",");
}

const bulkConstants = {
  countries: csv(demoCountries.map((country) => country.code)),
  timezones: csv(demoCountries.map((country) => country.timezone)),
  languages: csv(demoCountries.map((country) => country.language)),
  titles: csv(bulkTitles),
  flairs: csv(premiumFlairs),
};

function firstRowNumber(result: unknown, column: "value"): number {
  if (typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)) {
    const row: unknown = result.rows[0];
    if (typeof row === "object" && row !== null && column in row) {
      const value = Number(row[column]);
      if (Number.isFinite(value)) return value;
    }
  }
  throw new Error("Unexpected result from the database driver.");
}

/** The highest n of the existing bench_<n> members (0 when there are none). */
async function highestBenchNumber(db: Database): Promise<number> {
  const [row] = await db
    .select({ highest: sql`coalesce(max(substring(${users.usernameKey} from 7)::int), 0)`.mapWith(Number) })
    .from(users)
    .where(sql`${users.usernameKey} ~ '^bench_[0-9]{1,9}$'`);
  return row?.highest ?? 0;
}

/** Inserts bench_<from> ... bench_<to> in one set-based statement; returns how many rows went in. */
async function insertBenchRange(db: Database, from: number, to: number, epochAt: Date): Promise<number> {
  const epoch = epochAt.toISOString();
  // hashint8extended() is PostgreSQL's stable 64-bit hash (hash partitioning relies
  // on it), so every value below derives deterministically from the member number.
  const result = await db.execute(sql`
    WITH constants AS (
      SELECT string_to_array(${bulkConstants.countries}::text, ',') AS countries,
             string_to_array(${bulkConstants.timezones}::text, ',') AS timezones,
             string_to_array(${bulkConstants.languages}::text, ',') AS languages,
             string_to_array(${bulkConstants.titles}::text, ',') AS titles,
             string_to_array(${bulkConstants.flairs}::text, ',') AS flairs,
             ${epoch}::timestamptz AS epoch
    ),
    numbered AS (
      SELECT n,
             hashint8extended(n, 1) & 2147483647 AS h1,
             hashint8extended(n, 2) & 2147483647 AS h2,
             hashint8extended(n, 3) & 2147483647 AS h3,
             hashint8extended(n, 4) & 2147483647 AS h4
      FROM generate_series(${from}::bigint, ${to}::bigint) AS n
    ),
    shaped AS (
      SELECT n, h1, h2, h3, h4,
             1 + (h1 % cardinality(c.countries)) AS country,
             CASE
               WHEN h2 % 1000 < 25 THEN 0
               WHEN h2 % 1000 < 55 THEN 5 + (h2 / 1000) % 4
               WHEN h2 % 1000 < 700 THEN 10
               WHEN h2 % 1000 < 830 THEN 20
               WHEN h2 % 1000 < 910 THEN 30
               WHEN h2 % 1000 < 955 THEN 40
               ELSE 50
             END AS level,
             h3 % ${JOIN_SPREAD_SECONDS} AS age_seconds
      FROM numbered CROSS JOIN constants AS c
    ),
    inserted AS (
      INSERT INTO users (username, username_key, country_code, chess_title, membership_level, flair_code,
                         is_streamer, timezone, language, created_at, last_login_at)
      SELECT 'bench_' || n,
             'bench_' || n,
             c.countries[country],
             CASE WHEN level > 0 AND h4 % 1000 < 30 THEN c.titles[1 + (h4 / 1000) % cardinality(c.titles)] END,
             level,
             CASE WHEN level >= 20 AND h4 % 5 <> 0 THEN c.flairs[1 + (h1 / 1000) % cardinality(c.flairs)] ELSE 'nothing' END,
             level >= 10 AND h3 % 100 = 0,
             c.timezones[country],
             c.languages[country],
             c.epoch - age_seconds * interval '1 second',
             CASE WHEN h4 % 25 = 0 THEN NULL ELSE c.epoch - ((h2 / 7) % (age_seconds + 1)) * interval '1 second' END
      FROM shaped CROSS JOIN constants AS c
      ON CONFLICT (username_key) DO NOTHING
      RETURNING 1
    )
    SELECT count(*)::int AS value FROM inserted
  `);
  return firstRowNumber(result, "value");
}

/**
 * Adds `count` members named bench_<n> for benchmarks, numbered after the
 * highest bench_<n> already present, with set-based INSERT ... SELECT over
 * generate_series (one statement per batch). Countries, levels, titles, flair
 * and dates derive from n; there are no passwords. Returns how many members
 * were added (always `count`).
 */
export async function seedBulkMembers(db: Database, count: number, options: BulkSeedOptions = {}): Promise<number> {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`The member count must be a non-negative integer, not ${count}.`);
  const batchSize = options.batchSize ?? BULK_BATCH;
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new RangeError(`The batch size must be a positive integer, not ${batchSize}.`);
  if (count === 0) return 0;

  let next = (await highestBenchNumber(db)) + 1;
  const lastAllowed = next + 2 * count + batchSize; // a bound in case others insert bench_ names meanwhile
  const epoch = options.epoch ?? demoEpochAt(new Date());
  let inserted = 0;
  while (inserted < count) {
    if (next > lastAllowed) throw new Error(`Couldn't find free bench_<n> usernames after bench_${next - 1}.`);
    const size = Math.min(batchSize, count - inserted);
    inserted += await insertBenchRange(db, next, next + size - 1, epoch);
    next += size;
    options.onProgress?.(inserted, count);
  }
  // Fresh statistics, so benchmark queries get realistic plans straight away.
  await db.execute(sql`ANALYZE users`);
  return inserted;
}
