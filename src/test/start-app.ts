import { request as httpRequest } from "node:http";
import { afterAll, beforeAll } from "vitest";
import { readConfig, type ServerConfig } from "../server/config.server.ts";
import type { DatabaseTarget } from "./databases.ts";
import { createKingsideApp, type KingsideApp } from "../server/app.server.ts";

/** Options of the app itself, beyond its configuration (e.g. a stream that captures the log). */
export type AppOptions = NonNullable<Parameters<typeof createKingsideApp>[1]>;

export interface RunningApp {
  readonly kingside: KingsideApp;
  readonly baseUrl: string;
  close(): Promise<void>;
}

/** The real application on a loopback port, with the given configuration. */
export async function startApp(overrides: Partial<ServerConfig> & { databaseUrl: string | undefined }, appOptions: AppOptions = {}): Promise<RunningApp> {
  const config: ServerConfig = {
    ...readConfig({ NODE_ENV: "test" }),
    dataDir: "memory://",
    redisUrl: undefined,
    seedDemoData: false,
    // Suites that seed look at members, not archives: a few games keep them quick (demo-games.test.ts checks the games).
    demoGames: 40,
    logLevel: "silent",
    host: "127.0.0.1",
    port: 0,
    ...overrides,
  };
  const kingside = await createKingsideApp(config, appOptions);
  await kingside.app.listen({ port: 0, host: "127.0.0.1" });
  const address = kingside.app.server.address();
  if (!address || typeof address === "string") throw new Error("the app is not listening on a TCP port");
  // Tests need no grace for responses a test did not read to the end.
  return { kingside, baseUrl: `http://127.0.0.1:${address.port}`, close: () => kingside.close({ drainMs: 0 }) };
}

/** The site a production-mode test server believes it is (SITE_URL). */
export const PRODUCTION_SITE = new URL("https://kingside.test");

/**
 * A production server's configuration as readConfig builds it (https only,
 * one trusted proxy, SITE_URL, info logs), for startApp or appForSuite.
 * Requests reach it as from its proxy: X-Forwarded-Proto says https or http.
 */
export function productionConfig(): Partial<ServerConfig> {
  const { production, httpsOnly, trustProxy, siteUrl, logLevel } = readConfig({ NODE_ENV: "production", SITE_URL: PRODUCTION_SITE.origin });
  return { production, httpsOnly, trustProxy, siteUrl, logLevel };
}

/** What the proxy before a production server adds to a request that reached it over https. */
export const OVER_HTTPS: Readonly<Record<string, string>> = { "x-forwarded-proto": "https" };

export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/** A GET with any headers, Host included (fetch refuses to set Host). */
export function rawGet(baseUrl: string, path: string, headers: Record<string, string>): Promise<RawResponse> {
  return rawRequest(baseUrl, "GET", path, headers);
}

/** Any method (fetch refuses TRACE), any headers and an optional body, sent as given. */
export function rawRequest(baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname: url.hostname, port: url.port, method, path, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * The app for one describe block: started on a fresh database of the target
 * before the tests, closed and dropped after them. Read `.current` inside tests.
 */
export function appForSuite(target: DatabaseTarget, overrides: Partial<ServerConfig> = {}, appOptions: AppOptions = {}): { readonly current: RunningApp } {
  let app: RunningApp | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await target.create();
    drop = database.drop;
    app = await startApp({ ...overrides, databaseUrl: database.databaseUrl }, appOptions);
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
