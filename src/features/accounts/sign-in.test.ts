import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../platform/db/client.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { HttpSession } from "../../test/http-session.ts";
import { appForSuite } from "../../test/start-app.ts";
import { users } from "./accounts.tables.server.ts";
import { sessionCookieName } from "./session-cookie.server.ts";
import { SIGN_IN_LIMITS } from "./sign-in.service.server.ts";

/** The test servers serve plain http: the session cookie has its development name. */
const SESSION_COOKIE = sessionCookieName({ secure: false });

const PASSWORD = "kingside-demo";

describe.each(databaseTargets())("signing in and out on $name", (target) => {
  const outbox = mkdtempSync(join(tmpdir(), "kingside-sign-in-mail-"));
  const suite = appForSuite(target, { seedDemoData: true, mailOutboxDir: outbox });
  const mailsTo = (address: string) => readdirSync(outbox).map((file) => readFileSync(join(outbox, file), "utf8")).filter((text) => text.includes(`\r\nTo: ${address}\r\n`));
  const userId = async (username: string) => (await suite.current.kingside.database.db.select({ id: users.id }).from(users).where(eq(users.usernameKey, username)))[0]?.id;
  const session = () => new HttpSession(suite.current.baseUrl);

  it("signs a member in with a form post and lands on the same-site target", async () => {
    const browser = session();
    await browser.get("/login_and_go?redirectUrl=/clubs");
    const response = await browser.request("POST", "/login", { form: { username: "alice", password: PASSWORD, redirectUrl: "/clubs", _token: browser.csrfToken }, csrf: false });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/clubs");
    const html = await (await browser.get("/clubs")).text();
    expect(html).toContain('href="/member/alice"');
    expect(html).toContain('action="/logout"');
  });

  it("accepts the email as the login, in any case", async () => {
    const response = await session().signIn("ALICE@example.com", PASSWORD);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", redirect: "/home" });
  });

  it("refuses an open redirect and lands on /home instead", async () => {
    for (const target of ["https://evil.example/", "//evil.example", "/\\evil.example", "/.//evil.example", "/%2e%2e//evil.example", "/\t/evil.example"]) {
      const browser = session();
      await browser.ensureCsrf();
      const response = await browser.request("POST", "/login", { json: { username: "bob", password: PASSWORD, redirectUrl: target } });
      expect(await response.json()).toMatchObject({ redirect: "/home" });
    }
  });

  it("never answers a form sign-in with a Location that leaves the site", async () => {
    const browser = session();
    await browser.ensureCsrf();
    const response = await browser.request("POST", "/login", { form: { username: "bob", password: PASSWORD, redirectUrl: "/.//evil.example", _token: browser.csrfToken }, csrf: false });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/home");
  });

  it("gives a new session id at every sign-in and ends the previous one", async () => {
    const browser = session();
    await browser.signIn("carla", PASSWORD);
    const first = browser.cookies.get(SESSION_COOKIE);
    expect(first).toBeTruthy();
    await browser.signIn("carla", PASSWORD);
    const second = browser.cookies.get(SESSION_COOKIE);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const stale = new HttpSession(suite.current.baseUrl);
    stale.cookies.set(SESSION_COOKIE, first ?? "");
    expect(await (await stale.get("/clubs")).text()).not.toContain('href="/member/carla"');
  });

  it("refuses a state-changing request without the CSRF token, with a fresh token to retry", async () => {
    const browser = session();
    await browser.ensureCsrf();
    const refused = await browser.request("POST", "/login", { json: { username: "bob", password: PASSWORD }, csrf: false });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "csrf_token_invalid" });
    const fresh = refused.headers.get("x-csrf-token");
    expect(fresh).toBeTruthy();
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    const retried = await browser.request("POST", "/login", { json: { username: "bob", password: PASSWORD }, headers: { "x-xsrf-token": fresh ?? "" }, csrf: false });
    expect(retried.status).toBe(200);
  });

  it("refuses a token from another session", async () => {
    const victim = session();
    await victim.signIn("bob", PASSWORD);
    const attacker = session();
    await attacker.ensureCsrf();
    // The attacker's own (anonymous) token, planted with the victim's session cookie.
    const forged = new HttpSession(suite.current.baseUrl);
    forged.cookies.set(SESSION_COOKIE, victim.cookies.get(SESSION_COOKIE) ?? "");
    forged.cookies.set("XSRF-TOKEN", attacker.csrfToken);
    const response = await forged.request("POST", "/logout", { json: {} });
    expect(response.status).toBe(403);
    expect(await (await victim.get("/clubs")).text()).toContain('href="/member/bob"');
  });

  it("signs out through the logout form", async () => {
    const browser = session();
    await browser.signIn("bob", PASSWORD);
    const response = await browser.request("POST", "/logout", { form: { _token: browser.csrfToken }, csrf: false });
    expect(response.status).toBe(303);
    expect(await (await browser.get("/clubs")).text()).not.toContain('action="/logout"');
  });

  it("refuses a wrong password without saying whether the member exists", async () => {
    const wrongPassword = await session().signIn("alice", "not-her-password");
    const unknownMember = await session().signIn("nobody-by-that-name", "whatever-123");
    expect(wrongPassword.status).toBe(401);
    expect(unknownMember.status).toBe(401);
    expect(await wrongPassword.json()).toEqual(await unknownMember.json());
  });

  it("stores passwords as argon2id hashes only", async () => {
    const rows = await queryRows(suite.current.kingside.database.db, sql`select password_hash from users where password_hash is not null`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(String(row.password_hash)).toMatch(/^\$argon2id\$/);
  });

  it("slows an attacker's browser after five wrong passwords, tells the member, and still lets the member in from a browser they used before", async () => {
    // The member signed in from this browser before: it carries a signed "recognised browser" cookie.
    const ownBrowser = session();
    expect((await ownBrowser.signIn("moderator", PASSWORD)).status).toBe(200);
    expect([...ownBrowser.cookies.keys()]).toContain("ks-known");
    await ownBrowser.request("POST", "/logout", { json: {} });
    // An attacker tries passwords from fresh browsers (and through the email as the login: one count per account).
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perAccount.free; attempt++) {
      expect((await session().signIn(attempt % 2 ? "moderator" : "MODERATOR@example.com", `wrong-${attempt}`)).status).toBe(401);
    }
    const slowed = await session().signIn("moderator", PASSWORD);
    expect(slowed.status).toBe(429);
    expect(await slowed.json()).toMatchObject({ code: "too_many_attempts" });
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThan(0);
    // A forged or foreign recognised-browser cookie does not help.
    const forger = session();
    forger.cookies.set("ks-known", `${(await userId("moderator"))}.forged-signature`);
    expect((await forger.signIn("moderator", PASSWORD)).status).toBe(429);
    // The member's own browser is not slowed.
    const owner = await ownBrowser.signIn("moderator", PASSWORD);
    expect(owner.status).toBe(200);
    const notices = mailsTo("moderator@example.com");
    expect(notices).toHaveLength(1);
    // In the member's own language (the demo moderator reads Dutch), with a link to their settings.
    expect(notices[0]).toContain("Er zijn verkeerde wachtwoorden geprobeerd op je Kingside-account");
    expect(notices[0]).toMatch(/http:\/\/127\.0\.0\.1:\d+\/settings/);
  });

  it("refuses closed and disabled accounts and says why", async () => {
    const db = suite.current.kingside.database.db;
    await db.update(users).set({ membershipLevel: 6 }).where(eq(users.usernameKey, "carla"));
    const closed = await session().signIn("carla", PASSWORD);
    expect(closed.status).toBe(403);
    expect(await closed.json()).toMatchObject({ code: "account_closed", message: expect.stringContaining("Closed: Abuse") });

    await db.update(users).set({ membershipLevel: 50, isEnabled: false }).where(eq(users.usernameKey, "carla"));
    const disabled = await session().signIn("carla", PASSWORD);
    expect(disabled.status).toBe(403);
    expect(await disabled.json()).toMatchObject({ code: "account_disabled" });
    await db.update(users).set({ isEnabled: true }).where(eq(users.usernameKey, "carla"));
  });

  it("shows a refused form post its message on the page", async () => {
    const browser = session();
    await browser.ensureCsrf();
    const response = await browser.request("POST", "/login", { form: { username: "alice", password: "nope-nope", _token: browser.csrfToken }, csrf: false });
    expect(response.status).toBe(303);
    const location = response.headers.get("location") ?? "";
    expect(location).toContain("error=invalid_credentials");
    const html = await (await browser.get(location)).text();
    expect(html).toContain("Invalid username or password.");
  });
});
