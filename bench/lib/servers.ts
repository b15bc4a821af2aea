import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { builtServerArgs } from "./bench-kit.ts";

export interface RunningServer {
  readonly baseUrl: string;
  readonly pid: number;
  stop(): Promise<void>;
}

function waitForListening(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function stopper(child: ChildProcess, cleanup: () => void = () => undefined) {
  return () =>
    new Promise<void>((resolve) => {
      child.once("exit", () => {
        cleanup();
        resolve();
      });
      child.kill("SIGTERM");
    });
}

/** The real site (embedded database, demo data) in its own process. */
export async function startKingside(extraEnv: Record<string, string> = {}, nodeArgs: readonly string[] = []): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "kingside-bench-"));
  // node itself, not `npm run serve` (whose child would outlive a SIGTERM to npm and hold the pipes open).
  const child = spawn(process.execPath, builtServerArgs(nodeArgs), {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "error", NODE_ENV: "production", HTTPS_ONLY: "0", SITE_URL: "http://127.0.0.1", SEED_DEMO_DATA: "1", TRUST_PROXY: "0", ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const baseUrl = await waitForListening(child, /serving on (http:\/\/\S+)/);
  return { baseUrl: baseUrl.replace("localhost", "127.0.0.1"), pid: child.pid ?? 0, stop: stopper(child, () => rmSync(dataDir, { recursive: true, force: true })) };
}

/** The baseline bare Fastify process. */
export async function startBareFastify(): Promise<RunningServer> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/bare-fastify.ts"], { env: { ...process.env, PORT: "0" }, stdio: ["ignore", "pipe", "pipe"] });
  const baseUrl = await waitForListening(child, /listening (http:\/\/\S+)/);
  return { baseUrl, pid: child.pid ?? 0, stop: stopper(child) };
}
