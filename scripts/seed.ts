/**
 * Seeds the configured database (DATABASE_URL, or PGlite in DATA_DIR, default ./data).
 *
 *   npm run seed                          demo members and sign-in accounts, when the database is empty
 *   npm run seed -- --members 1000000     adds that many bench_<n> members for benchmarks
 *
 * Migrations run first either way.
 */
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { demoAccounts, seedBulkMembers, seedDemoDataIfEmpty } from "../src/server/seed/demo-data.server.ts";
import { openDatabase } from "../src/platform/db/client.server.ts";
import { seedBenchSocialGraph } from "../src/features/social/bench-graph.server.ts";
import { installAppPageRoutes } from "../src/app/pages.ts";

// The demo forum's posts link members (@mentions) through the route table, which the server installs at start.
installAppPageRoutes();

const MAX_BULK_MEMBERS = 10_000_000;

const usage = `Usage: npm run seed [-- --members <count>]

  (no options)        seed the demo members and sign-in accounts into an empty database
  --members <count>   add <count> bench_<n> members for benchmarks (1 to ${MAX_BULK_MEMBERS.toLocaleString("en")}),
                      each following two and befriending one (the bench social graph)
  --help              show this help

The database is DATABASE_URL when set, otherwise PGlite in DATA_DIR (default ./data).`;

class UsageError extends Error {}

/** A positive whole number up to the limit; "1000000", "1_000_000" and "1,000,000" all read as one million. */
function parseMemberCount(raw: string): number {
  const digits = raw.trim().replace(/[_,]/g, "");
  if (!/^\d+$/.test(digits)) throw new UsageError(`--members must be a positive whole number, not "${raw}".`);
  const count = Number(digits);
  if (count < 1 || count > MAX_BULK_MEMBERS) {
    throw new UsageError(`--members must be between 1 and ${MAX_BULK_MEMBERS.toLocaleString("en")}, not ${raw}.`);
  }
  return count;
}

function readArguments(argv: readonly string[]): { help: boolean; members: number | null } {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: { members: { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: true,
    });
    if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals.join(" ")}".`);
    return { help: values.help ?? false, members: values.members === undefined ? null : parseMemberCount(values.members) };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

async function main(): Promise<void> {
  const args = readArguments(process.argv.slice(2));
  if (args.help) {
    console.log(usage);
    return;
  }

  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR ?? "./data";
  const started = performance.now();
  const handle = await openDatabase({ databaseUrl, dataDir });
  try {
    console.log(handle.kind === "postgres" ? "Database: PostgreSQL (DATABASE_URL)" : `Database: PGlite in ${dataDir}`);
    await handle.migrate();
    console.log(`Migrations applied (${seconds(started)}).`);

    if (args.members === null) {
      const seedStarted = performance.now();
      const result = await seedDemoDataIfEmpty(handle.db);
      if (result.seeded) {
        console.log(`Seeded ${result.members} demo members, ${result.games} games and ${result.moves} moves in ${seconds(seedStarted)}.`);
        console.log(`Sign in as ${demoAccounts.map((account) => account.username).join(", ")} with the password "${demoAccounts[0].password}".`);
      } else {
        console.log("The database already has members: demo data not seeded.");
      }
    } else {
      const total = args.members;
      const seedStarted = performance.now();
      console.log(`Adding ${total.toLocaleString("en")} bench members...`);
      const added = await seedBulkMembers(handle.db, total, {
        onProgress: (inserted) => {
          if (inserted < total) console.log(`  ${inserted.toLocaleString("en")} / ${total.toLocaleString("en")} (${seconds(seedStarted)})`);
        },
      });
      console.log(`Added ${added.toLocaleString("en")} bench members in ${seconds(seedStarted)}.`);
      const graphStarted = performance.now();
      const graph = await seedBenchSocialGraph(handle.db);
      console.log(`Social graph: ${graph.follows.toLocaleString("en")} follows, ${graph.friendships.toLocaleString("en")} friendship rows, counters recounted (${seconds(graphStarted)}).`);
    }
    console.log(`Done in ${seconds(started)}.`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${usage}`);
    process.exitCode = 2;
    return;
  }
  console.error(error);
  process.exitCode = 1;
});
