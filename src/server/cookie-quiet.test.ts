import { describe, expect, it } from "vitest";
import { databaseTargets } from "../test/databases.ts";
import { browsersForSuite } from "../test/signed-in.ts";
import { appForSuite } from "../test/start-app.ts";

/** The names of the cookies a response sets. */
function cookiesSet(response: Response): string[] {
  return response.headers.getSetCookie().map((line) => line.slice(0, line.indexOf("=")));
}

/**
 * Decision 0047: a read of a JSON call sets no cookie (no browser id, no CSRF
 * token); pages and state-changing calls still mint both, so the CSRF flow of
 * spec 001 §7.7 is unchanged.
 */
describe.each(databaseTargets())("cookie-quiet JSON reads on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const { anonymous, as } = browsersForSuite(suite);

  it("answers the polled calls of a cookie-less browser without setting any cookie", async () => {
    const browser = anonymous();
    for (const path of ["/callback/presence?ids=1,2,3", "/callback/user/popup/bob", "/callback/notifications/unread"]) {
      const response = await browser.get(path);
      expect(response.status, path).toBeLessThan(500);
      expect(cookiesSet(response), path).toEqual([]);
    }
    const presence = await browser.get("/callback/presence?ids=1,2,3");
    expect(presence.status).toBe(200);
    // The same for everyone and cookie-less: a cache may keep it for a second.
    expect(presence.headers.get("cache-control")).toBe("public, max-age=1");
    expect((await browser.get("/callback/user/popup/bob")).status).toBe(200);
    expect(browser.cookies.size).toBe(0);
  });

  it("answers a signed-in member whose CSRF cookie is gone without minting one on a JSON read", async () => {
    const alice = await as("alice");
    const token = alice.cookies.get("XSRF-TOKEN");
    alice.cookies.delete("XSRF-TOKEN");
    try {
      const count = await alice.get("/callback/notifications/unread");
      expect(count.status).toBe(200);
      expect(await count.json()).toHaveProperty("unread");
      expect(cookiesSet(count)).toEqual([]);
    } finally {
      if (token) alice.cookies.set("XSRF-TOKEN", token);
    }
  });

  it("leaves a stale session cookie to the next page rather than clearing it on a JSON read", async () => {
    const browser = anonymous();
    browser.cookies.set("ks_session", "stale-or-forged-session-id");
    const presence = await browser.get("/callback/presence?ids=1,2,3");
    expect(presence.status).toBe(200);
    expect(cookiesSet(presence)).toEqual([]);
    const page = await browser.get("/login");
    expect(cookiesSet(page)).toContain("ks_session");
    expect(browser.cookies.has("ks_session")).toBe(false);
  });

  it("still mints the browser id and the CSRF token on a page", async () => {
    const page = await anonymous().get("/login");
    expect(page.status).toBe(200);
    expect(cookiesSet(page)).toEqual(expect.arrayContaining(["ks-browser", "XSRF-TOKEN"]));
  });

  it("still refuses a state-changing call without its token, with a fresh token that the retry succeeds with", async () => {
    const browser = anonymous();
    // A cookie-less browser that only polled: its first write is refused and gets what it needs to retry.
    await browser.get("/callback/presence?ids=1");
    const refused = await browser.request("POST", "/login", { json: { username: "bob", password: "wrong" }, csrf: false });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "csrf_token_invalid" });
    const fresh = refused.headers.get("x-csrf-token");
    expect(fresh).toBeTruthy();
    expect(cookiesSet(refused)).toEqual(expect.arrayContaining(["ks-browser", "XSRF-TOKEN"]));
    const retried = await browser.request("POST", "/login", { json: { username: "bob", password: "wrong" }, headers: { "x-xsrf-token": fresh ?? "" }, csrf: false });
    expect(retried.status).toBe(401);
  });
});
