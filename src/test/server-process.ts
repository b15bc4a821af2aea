import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/** A loopback port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<void>;
  /** What it wrote so far, stdout and stderr. */
  output(): string;
}

/**
 * The server in a child process: `node` with `args` (node itself, not a
 * launcher such as tsx's or npm's, so that a signal reaches the server and
 * not a parent that leaves it running), resolved once it says it serves.
 */
export async function startServerProcess(args: readonly string[], env: Record<string, string>, options: { cwd?: string } = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { ...process.env, HOST: "127.0.0.1", REDIS_URL: "", LOG_LEVEL: "warn", NODE_ENV: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (/serving on/.test(output)) resolve();
      else if (child.exitCode !== null) reject(new Error(`the server exited:\n${output}`));
      else setTimeout(check, 100);
    };
    check();
  });
  return { child, exited, output: () => output };
}
