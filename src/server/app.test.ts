import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../platform/db/client.server.ts";
import { parseFeatureFlags } from "../platform/flags/feature-flags.ts";
import { databaseTargets } from "../test/databases.ts";
import { appForSuite, rawGet, startApp, type RunningApp } from "../test/start-app.ts";

const get = (app: RunningApp, path: string, headers: Record<string, string> = {}) =>
  fetch(`${app.baseUrl}${path}`, { headers, redirect: "manual" });

describe.each(databaseTargets())("the site on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  let app: RunningApp;
  beforeAll(() => {
    app = suite.current;
  });

  it("migrates the database and fills it with demo members", async () => {
    const result = await queryRows(app.kingside.database.db, sql`select count(*)::int as members from users`);
    expect(Number(result[0]?.members)).toBeGreaterThanOrEqual(300);
  });

  it("answers /healthz with the database and the bus checked", async () => {
    const response = await get(app, "/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: { kind: target.name, ok: true }, bus: { kind: "memory", ok: true } });
  });

  it("compresses pages and JSON with brotli or gzip, as the client accepts", async () => {
    const brotliPage = await get(app, "/clubs", { "accept-encoding": "br, gzip" });
    expect(brotliPage.headers.get("content-encoding")).toBe("br");
    expect(await brotliPage.text()).toContain('id="sb"');
    const gzipPage = await get(app, "/clubs", { "accept-encoding": "gzip" });
    expect(gzipPage.headers.get("content-encoding")).toBe("gzip");
    const plainPage = await get(app, "/clubs", { "accept-encoding": "identity" });
    expect(plainPage.headers.get("content-encoding")).toBeNull();
    expect(await plainPage.text()).toContain('id="sb"');
  });

  it("server-renders pages with the navigation and the locale", async () => {
    const english = await get(app, "/clubs");
    expect(english.status).toBe(200);
    const html = await english.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('id="sb"');
    expect(html).toMatch(/<h1[^>]*>Clubs<\/h1>/);

    const spanish = await (await get(app, "/es/clubs")).text();
    expect(spanish).toContain('<html lang="es"');
    expect(spanish).toContain('href="/es/clubs"');
  });

  it("selects the language of a language subdomain", async () => {
    const response = await rawGet(app.baseUrl, "/clubs", { host: "schach.kingside.test" });
    expect(response.body).toContain('<html lang="de"');
  });

  it("shows real members on the landing page", async () => {
    const html = await (await get(app, "/")).text();
    expect(html).toMatch(/href="\/member\/[a-z0-9_-]+"/);
  });

  it("gives a member page for a member and a 404 page for a stranger", async () => {
    expect((await get(app, "/member/alice")).status).toBe(200);
    // A username's canonical address is lower-case (issue 10 item 3).
    const upper = await get(app, "/member/ALICE");
    expect(upper.status).toBe(301);
    expect(upper.headers.get("location")).toBe("/member/alice");
    const missing = await get(app, "/member/no-such-member-here");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Member not found");
  });

  it.each(["/members/enable/abc", "/stats/daily/chess/alice/12", "/leagues/wood/abc", "/xx/clubs", "/nowhere", "/club/matches/x1"])(
    "answers %s, which breaks a route rule, with the 404 page",
    async (path) => {
      const response = await get(app, path);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("text/html");
    },
  );

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await get(app, "/callback/nothing/here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: "not_found", message: "Not found." });
  });

  it("localizes JSON errors on a language subdomain", async () => {
    const response = await rawGet(app.baseUrl, "/callback/nothing", { host: "ajedrez.kingside.test" });
    const body: unknown = JSON.parse(response.body);
    expect(body).toMatchObject({ code: "not_found" });
    expect(body).not.toMatchObject({ message: "Not found." });
  });

  it("redirects a trailing slash to the canonical path", async () => {
    const response = await get(app, "/clubs/?x=1");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/clubs?x=1");
  });

  it("sends security headers on pages and JSON", async () => {
    for (const path of ["/home", "/healthz"]) {
      const response = await get(app, path);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("stores a browser error report and refuses a malformed one", async () => {
    const report = {
      ip: "203.0.113.9",
      user: { countryCode: "DE", id: 7, membershipCode: "gold", membershipLevel: 30, timezone: "Europe/Berlin", username: "alice" },
      userAgent: "Mozilla/5.0 test",
      error: "TypeError: x is undefined",
    };
    const accepted = await fetch(`${app.baseUrl}/error-reporting/web`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(report) });
    expect(accepted.status).toBe(202);
    const stored = await queryRows(app.kingside.database.db, sql`select username, error, user_agent from client_error_reports order by id desc limit 1`);
    expect(stored[0]).toMatchObject({ username: null, error: "TypeError: x is undefined", user_agent: "Mozilla/5.0 test" }); // the body's user is never believed

    const before = await queryRows(app.kingside.database.db, sql`select count(*)::int as n from client_error_reports`);
    const refused = await fetch(`${app.baseUrl}/error-reporting/web`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...report, error: 42 }) });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: "validation_failed", fields: { error: expect.any(String) } });
    const after = await queryRows(app.kingside.database.db, sql`select count(*)::int as n from client_error_reports`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it("accepts client metrics and refuses unknown kinds", async () => {
    const post = (body: unknown) => fetch(`${app.baseUrl}/client-metrics`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await post({ kind: "http_error", method: "POST", url: "/callback/x", status: 422, message: "Validation Failed" })).status).toBe(204);
    expect((await post({ kind: "chunk_error", code: "CSS_CHUNK_LOAD_FAILED", url: "/assets/a.css", message: "x" })).status).toBe(204);
    expect((await post({ kind: "mystery" })).status).toBe(422);
  });
});

describe("production mode", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ databaseUrl: undefined, production: true, httpsOnly: true, trustProxy: { hops: 1 }, siteUrl: new URL("https://kingside.test"), features: parseFeatureFlags("error_reporting=0") });
  });
  afterAll(() => app?.close());

  it("redirects plain http (as the proxy reports it) to https with a 301", async () => {
    const response = await rawGet(app.baseUrl, "/clubs?x=1", { "x-forwarded-proto": "http", host: "kingside.test" });
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe("https://kingside.test/clubs?x=1");
  });

  it("serves https requests with HSTS", async () => {
    const response = await get(app, "/clubs", { "x-forwarded-proto": "https", host: "kingside.test" });
    expect(response.status).toBe(200);
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
  });

  it("keeps /healthz reachable over plain http for load balancers", async () => {
    expect((await get(app, "/healthz", { "x-forwarded-proto": "http" })).status).toBe(200);
  });

  it("turns error reporting off with its flag", async () => {
    const response = await fetch(`${app.baseUrl}/error-reporting/web`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-proto": "https" },
      body: JSON.stringify({ userAgent: "x", error: "y" }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "feature_disabled" });
  });
});

describe("when the database is gone", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ databaseUrl: undefined, seedDemoData: false });
    await app.kingside.database.close();
  });
  afterAll(() => app?.close().catch(() => undefined));

  it("shows the localized 500 page instead of a broken one", async () => {
    const english = await get(app, "/clubs");
    expect(english.status).toBe(500);
    expect(await english.text()).toContain("Something went wrong");
    const german = await get(app, "/de/clubs");
    expect(german.status).toBe(500);
    const html = await german.text();
    expect(html).toContain('<html lang="de"');
    expect(html).not.toContain("Something went wrong");
  });

  it("tells the load balancer through /healthz", async () => {
    const response = await get(app, "/healthz");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "unavailable", database: { ok: false } });
  });
});

describe("closing", () => {
  it("does not wait for a client that stopped reading a page: its connection is cut after the drain time", async () => {
    const app = await startApp({ databaseUrl: undefined, seedDemoData: false });
    const unread = await fetch(`${app.baseUrl}/clubs`);
    expect(unread.status).toBe(200);
    // Without the cut this waits for the socket's 72 s timeout, past the test's own.
    await app.kingside.close({ drainMs: 100 });
    await expect(fetch(`${app.baseUrl}/healthz`)).rejects.toThrow();
  });
});

describe("feature flags", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ databaseUrl: undefined, features: parseFeatureFlags("abuse_report_stopping=1,sanction_belarus_flag=0") });
  });
  afterAll(() => app?.close());

  it("reach the browser with the page", async () => {
    const html = await (await get(app, "/clubs")).text();
    const enabled = /data-features="([^"]*)"/.exec(html)?.[1]?.split(" ") ?? [];
    expect(enabled).toContain("abuse_report_stopping");
    expect(enabled).toContain("sanction_russia_flag");
    expect(enabled).not.toContain("sanction_belarus_flag");
  });
});
