import { test } from "@playwright/test";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { builtServerArgs } from "../src/server/built-server.ts";

/**
 * A server of the spec file's own (in-memory database, demo data), for
 * journeys that must not touch the shared server's state: started before the
 * file's tests, stopped after them, on a port the system says is free (so
 * parallel runs on one machine do not collide); `name` says whose server did
 * not start. Returns its base URL, needed when the file is loaded.
 */
export function ownServer(name: string): string {
  const port = freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // The server as it ships (`npm run build` first, as `npm test` does).
    server = spawn(process.execPath, builtServerArgs, {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: "memory://", DATABASE_URL: "", REDIS_URL: "", LOG_LEVEL: "warn", SEED_DEMO_GAMES: "200" },
      stdio: "inherit",
    });
    const deadline = Date.now() + 110_000;
    for (;;) {
      try {
        if ((await fetch(`${baseURL}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${name} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  test.afterAll(() => {
    server?.kill("SIGTERM");
  });

  return baseURL;
}

/** A port nobody listens on now: asked of the system by a short child process (test.use needs it synchronously). */
function freePort(): number {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}
