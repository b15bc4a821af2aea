import { describe, expect, it } from "vitest";
import { databaseTargets } from "../test/databases.ts";
import { HttpSession } from "../test/http-session.ts";
import { browsersForSuite } from "../test/signed-in.ts";
import { appForSuite } from "../test/start-app.ts";

/** The nonce a page's CSP header allows for scripts. */
function nonceOf(policy: string | null): string {
  const match = /script-src [^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? "");
  if (!match?.[1]) throw new Error(`no script nonce in ${policy}`);
  return match[1];
}

describe.each(databaseTargets())("page and answer headers on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const { anonymous, as } = browsersForSuite(suite);

  it("sends a Content-Security-Policy with a fresh nonce on every page, and the nonce on every inline script", async () => {
    const alice = await as("alice");
    const seen = new Set<string>();
    for (const [browser, path] of [[anonymous(), "/"], [anonymous(), "/login"], [anonymous(), "/register"], [alice, "/home"], [alice, "/member/bob"], [alice, "/settings"], [anonymous(), "/no-such-page"]] as const) {
      const response = await browser.get(path);
      const policy = response.headers.get("content-security-policy");
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).toContain("object-src 'none'");
      const scriptSrc = /script-src ([^;]*)/.exec(policy ?? "")?.[1] ?? "";
      expect(scriptSrc, path).not.toContain("unsafe-inline");
      expect(scriptSrc, path).not.toContain("unsafe-eval");
      const nonce = nonceOf(policy);
      expect(seen.has(nonce), "a nonce is never reused").toBe(false);
      seen.add(nonce);
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? "");
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const attributes of scripts.filter((attributes) => !/\bsrc=/.test(attributes))) {
        expect(attributes, `${path}: inline script without the nonce`).toContain(`nonce="${nonce}"`);
      }
    }
  });

  it("says charset=utf-8 on HTML and keeps pages, tokens and private answers out of caches", async () => {
    const page = await anonymous().get("/login");
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toContain("no-store");
    const alice = await as("alice");
    expect((await alice.get("/settings")).headers.get("cache-control")).toContain("no-store");
    // A JSON answer that sets the CSRF cookie (a 403 with a fresh token) and one with private data.
    const refused = await anonymous().request("POST", "/callback/user/note", { json: { username: "bob", note: "x" }, csrf: false });
    expect(refused.headers.getSetCookie().some((cookie) => cookie.startsWith("XSRF-TOKEN="))).toBe(true);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const notes = await alice.get("/callback/user/notes");
    expect(notes.status).toBe(200);
    expect(notes.headers.get("cache-control")).toContain("no-store");
    // Built assets keep their long-lived caching.
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await (await anonymous().get("/login")).text())?.[1] ?? /href="(\/assets\/[^"]+\.js)"/.exec(await (await anonymous().get("/login")).text())?.[1];
    expect(asset).toBeTruthy();
    expect((await anonymous().get(asset ?? "")).headers.get("cache-control")).toContain("immutable");
  });

  it("clears a stale session cookie on a page answer too", async () => {
    const browser = anonymous();
    browser.cookies.set("ks_session", "stale-or-forged-session-id");
    const page = await browser.get("/login");
    expect(page.status).toBe(200);
    const cleared = page.headers.getSetCookie().find((cookie) => cookie.startsWith("ks_session="));
    expect(cleared).toMatch(/^ks_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    expect(browser.cookies.has("ks_session")).toBe(false);
  });

  describe("login CSRF", () => {
    it("refuses a sign-in whose anonymous token was planted from another browser", async () => {
      const attacker = anonymous();
      await attacker.get("/login");
      const victim = anonymous();
      await victim.get("/login");
      // The attacker plants their own (valid for them) anonymous token in the victim's browser.
      victim.cookies.set("XSRF-TOKEN", attacker.csrfToken);
      const response = await victim.request("POST", "/login", { json: { username: "bob", password: "kingside-demo" }, headers: {} });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: "csrf_token_invalid" });
      expect(victim.cookies.has("ks_session")).toBe(false);
      // A browser with no pre-session id at all cannot use one either.
      const bare = new HttpSession(suite.current.baseUrl);
      bare.cookies.set("XSRF-TOKEN", attacker.csrfToken);
      expect((await bare.request("POST", "/login", { json: { username: "bob", password: "x" } })).status).toBe(403);
    });

    it("refuses /login and /register sent from another site's page", async () => {
      const browser = anonymous();
      await browser.get("/login");
      const fromElsewhere = await browser.request("POST", "/login", { json: { username: "bob", password: "x" }, headers: { origin: "https://evil.example" } });
      expect(fromElsewhere.status).toBe(403);
      expect(await fromElsewhere.json()).toMatchObject({ code: "cross_origin" });
      const register = await browser.request("POST", "/register", { json: { username: "someone", email: "s@example.com", password: "x" }, headers: { "sec-fetch-site": "cross-site" } });
      expect(register.status).toBe(403);
      expect((await browser.request("POST", "/login", { json: { username: "bob", password: "x" }, headers: { origin: "null" } })).status).toBe(403);
      // The site's own origin is welcome.
      const own = await browser.request("POST", "/login", { json: { username: "bob", password: "wrong" }, headers: { origin: suite.current.baseUrl } });
      expect(own.status).toBe(401);
    });
  });
});
