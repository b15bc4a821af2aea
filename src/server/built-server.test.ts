import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { appRoot } from "../platform/app-root.server.ts";
import { databaseTargets } from "../test/databases.ts";
import { freePort, startServerProcess, type ServerProcess } from "../test/server-process.ts";
import { builtServerArgs, builtServerEntry } from "./built-server.ts";

/**
 * The server as it ships (decision 0046): plain `node` on the build that
 * `npm run build` writes, started from another working directory than the
 * repository's, finds its migrations, its message catalogs and the page build,
 * and serves with no TypeScript loader or esbuild helper beside it. It tests
 * the build on disk: `npm test` builds before vitest; run `npm run build`
 * after changing the server. In CI a missing build fails, never skips.
 */
const entry = join(appRoot, builtServerEntry);
const built = existsSync(entry);
if (!built && process.env.CI) throw new Error(`No server build at ${builtServerEntry} in CI: "npm run build" must run before the tests.`);
if (!built) console.warn(`No server build at ${builtServerEntry}: its start-up test is skipped (run "npm run build").`);

const packageScripts = z.object({ scripts: z.record(z.string(), z.string()) }).parse(JSON.parse(readFileSync(join(appRoot, "package.json"), "utf8"))).scripts;

it("npm run serve starts node on the server build with the server's flags, and npm run build writes that build", () => {
  expect(packageScripts.serve).toBe(`node ${builtServerArgs.join(" ")}`);
  expect(packageScripts.build).toContain("scripts/build-server.ts");
});

/** The processes under `pid`, with their command lines (Linux /proc). */
function descendants(pid: number): string[] {
  const children: string[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.split(" ")[1]);
      if (parent === pid) children.push(readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" "), ...descendants(Number(entry)));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

describe.skipIf(!built).each(databaseTargets())("the built server on $name", (target) => {
  let workingDir = "";
  let server: ServerProcess | undefined;
  let baseUrl = "";
  let dropDatabase: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    workingDir = mkdtempSync(join(tmpdir(), "kingside-built-"));
    const { databaseUrl, drop } = await target.create();
    dropDatabase = drop;
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = await startServerProcess(builtServerArgs.map((arg) => (arg === builtServerEntry ? entry : arg)), {
      PORT: String(port),
      DATA_DIR: join(workingDir, "data"),
      DATABASE_URL: databaseUrl ?? "",
      REDIS_URL: target.name === "postgres" ? (process.env.REDIS_URL ?? "") : "",
      SEED_DEMO_DATA: "0",
    }, { cwd: workingDir });
  }, 120_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    await dropDatabase();
    rmSync(workingDir, { recursive: true, force: true });
  }, 30_000);

  it("answers /healthz with its database and bus up", async () => {
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: { ok: true }, bus: { ok: true } });
  });

  it("serves a page from the page build, in the visitor's language, from the migrated database", async () => {
    const response = await fetch(`${baseUrl}/es/clubs`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<title>Clubes · Kingside</title>");
  });

  it("runs alone: no TypeScript loader, no esbuild helper process", () => {
    const pid = server?.child.pid ?? 0;
    expect(readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")).toEqual([process.execPath, ...builtServerArgs.slice(0, -1), entry, ""]);
    expect(descendants(pid)).toEqual([]);
  });
});
