import { desc } from "drizzle-orm";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { clientErrorReports } from "../platform/http/client-reports.tables.server.ts";
import { registerSiteOrigin } from "../platform/http/site-origin.server.ts";
import { databaseTargets } from "../test/databases.ts";
import { appForSuite, type RunningApp } from "../test/start-app.ts";
import { readConfig } from "./config.server.ts";
import { fastifyTrustProxy, parseTrustProxy, type TrustProxySetting } from "./trust-proxy.ts";

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, false],
    ["0", false],
    ["1", { hops: 1 }],
    ["2", { hops: 2 }],
    ["10.0.0.0/8, 192.168.1.7", { addresses: ["10.0.0.0/8", "192.168.1.7"] }],
    ["fd00::/8", { addresses: ["fd00::/8"] }],
  ])("reads %j", (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
  });

  it.each(["true", "everyone", "10.0.0.0/40", "10.0.0.1/8/2", "1.2.3"])("refuses %j at start-up", (raw) => {
    expect(() => parseTrustProxy(raw)).toThrow(/TRUST_PROXY/);
  });

  it("needs SITE_URL in production, as an origin", () => {
    expect(() => readConfig({ NODE_ENV: "production" })).toThrow(/SITE_URL/);
    expect(() => readConfig({ NODE_ENV: "production", SITE_URL: "https://kingside.test/path" })).toThrow(/SITE_URL/);
    expect(readConfig({ NODE_ENV: "production", SITE_URL: "https://kingside.test" }).siteUrl?.origin).toBe("https://kingside.test");
  });

  it("needs an https SITE_URL to redirect plain http to", () => {
    expect(() => readConfig({ NODE_ENV: "production", SITE_URL: "http://kingside.test" })).toThrow(/SITE_URL/);
    expect(() => readConfig({ HTTPS_ONLY: "1" })).toThrow(/SITE_URL/);
    expect(readConfig({ NODE_ENV: "production", HTTPS_ONLY: "0", SITE_URL: "http://127.0.0.1" }).httpsOnly).toBe(false);
  });
});

describe("absolute links", () => {
  async function originSeen(siteUrl: URL | null, headers: Record<string, string>): Promise<string> {
    const app = Fastify({ trustProxy: fastifyTrustProxy({ hops: 1 }) });
    registerSiteOrigin(app, siteUrl);
    app.get("/origin", async (request) => request.siteOrigin);
    const response = await app.inject({ method: "GET", url: "/origin", headers });
    await app.close();
    return response.body;
  }

  it("come from SITE_URL, whatever Host or X-Forwarded-Host say", async () => {
    expect(await originSeen(new URL("https://kingside.test"), { host: "evil.example", "x-forwarded-host": "evil.example" })).toBe("https://kingside.test");
  });

  it("come from the request only without SITE_URL (development)", async () => {
    expect(await originSeen(null, { host: "localhost:3000" })).toBe("http://localhost:3000");
  });
});

async function reportFrom(app: RunningApp, forwardedFor: string): Promise<Response> {
  return fetch(`${app.baseUrl}/error-reporting/web`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
    body: JSON.stringify({ userAgent: "test", error: "boom" }),
  });
}

async function lastReportAddress(app: RunningApp): Promise<string | undefined> {
  const rows = await app.kingside.database.db.select({ ip: clientErrorReports.ip }).from(clientErrorReports).orderBy(desc(clientErrorReports.id)).limit(1);
  return rows[0]?.ip;
}

const settings: [string, TrustProxySetting, string][] = [
  ["one hop", { hops: 1 }, "203.0.113.7"],
  ["the proxy's address", { addresses: ["127.0.0.1/32"] }, "203.0.113.7"],
  ["no proxy", false, "127.0.0.1"],
];

describe.each(databaseTargets())("behind a proxy on $name", (target) => {
  describe.each(settings)("trusting %s", (_name, trustProxy, expectedAddress) => {
    const suite = appForSuite(target, { trustProxy });

    it("sees the address the trusted hop saw, not the one the client wrote", async () => {
      // The client wrote 6.6.6.6; the proxy appended the address it saw.
      expect((await reportFrom(suite.current, "6.6.6.6, 203.0.113.7")).status).toBe(202);
      expect(await lastReportAddress(suite.current)).toBe(expectedAddress);
    });

    it("keeps counting one address against its limit however the client spoofs X-Forwarded-For", async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 40; attempt += 1) statuses.push((await reportFrom(suite.current, `6.6.6.${attempt}, 203.0.113.9`)).status);
      expect(statuses).toContain(429);
    });
  });
});
