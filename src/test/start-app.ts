import { request as httpRequest } from "node:http";
import { afterAll, beforeAll } from "vitest";
import { readConfig, type ServerConfig } from "../server/config.server.ts";
import type { DatabaseTarget } from "./databases.ts";
import { createKingsideApp, type KingsideApp } from "../server/app.server.ts";

export interface RunningApp {
  readonly kingside: KingsideApp;
  readonly baseUrl: string;
  close(): Promise<void>;
}

/** The real application on a loopback port, with the given configuration. */
export async function startApp(overrides: Partial<ServerConfig> & { databaseUrl: string | undefined }): Promise<RunningApp> {
  const config: ServerConfig = {
    ...readConfig({ NODE_ENV: "test" }),
    dataDir: "memory://",
    redisUrl: undefined,
    seedDemoData: false,
    logLevel: "silent",
    host: "127.0.0.1",
    port: 0,
    ...overrides,
  };
  const kingside = await createKingsideApp(config);
  await kingside.app.listen({ port: 0, host: "127.0.0.1" });
  const address = kingside.app.server.address();
  if (!address || typeof address === "string") throw new Error("the app is not listening on a TCP port");
  return { kingside, baseUrl: `http://127.0.0.1:${address.port}`, close: () => kingside.close() };
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/** A GET with any headers, Host included (fetch refuses to set Host). */
export function rawGet(baseUrl: string, path: string, headers: Record<string, string>): Promise<RawResponse> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

/**
 * The app for one describe block: started on a fresh database of the target
 * before the tests, closed and dropped after them. Read `.current` inside tests.
 */
export function appForSuite(target: DatabaseTarget, overrides: Partial<ServerConfig> = {}): { readonly current: RunningApp } {
  let app: RunningApp | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await target.create();
    drop = database.drop;
    app = await startApp({ ...overrides, databaseUrl: database.databaseUrl });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });
  return {
    get current(): RunningApp {
      if (!app) throw new Error("the app is not started yet");
      return app;
    },
  };
}
