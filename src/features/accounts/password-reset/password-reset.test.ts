import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { accountTokens, sessions } from "../accounts.tables.server.ts";
import { createAccountTokens, hashAccountToken, MAX_LIVE_TOKENS } from "../email-links/account-tokens.server.ts";
import { freshOutbox, linkPathIn, mailTo, waitForMail } from "../email-links/mail-outbox.test-support.ts";
import { createTestBrowser, createTestMember, signIn, type TestBrowser } from "../two-factor/test-browser.ts";

const PASSWORD = "correct-horse-battery";
const NEW_PASSWORD = "staunton-pieces-1849";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

describe.each(databaseTargets())("password reset on $name", (target) => {
  const outbox = freshOutbox("password-reset");
  const suite = appForSuite(target, { seedDemoData: false, mailOutboxDir: outbox });
  const db = () => suite.current.kingside.database.db;
  const visitor = () => createTestBrowser(suite.current.baseUrl);

  async function askForLink(browser: TestBrowser, email: string) {
    await browser.get("/forgot-password");
    return browser.post("/forgot-password", { email });
  }

  /** Asks for a link for `email` and returns its path (/reset-password/<token>). */
  async function resetLinkFor(email: string): Promise<string> {
    const before = mailTo(outbox, email).length;
    await askForLink(visitor(), email);
    const mail = await waitForMail(outbox, email, before + 1);
    expect(mail).toHaveLength(before + 1);
    return linkPathIn(mail[before] ?? "", "/reset-password/");
  }

  it("offers “Forgot password?” on the login page", async () => {
    const login = await visitor().get("/login");
    expect(login.text).toMatch(/<a href="\/forgot-password">Forgot password\?<\/a>/);
  });

  it("answers the same for a known and an unknown address, and mails only the known one", async () => {
    await createTestMember(db(), "pr_known", PASSWORD);
    const known = await askForLink(visitor(), "PR_Known@example.test");
    const unknown = await askForLink(visitor(), "nobody-here@example.test");
    const malformed = await askForLink(visitor(), "not an address");
    for (const answer of [known, unknown, malformed]) {
      expect(answer.status).toBe(303);
      expect(answer.location).toBe("/forgot-password?done=sent");
    }
    const json = await visitor().post("/forgot-password", { email: "nobody-here@example.test" }, { json: true });
    const jsonKnown = await visitor().post("/forgot-password", { email: "pr_known@example.test" }, { json: true });
    expect(JSON.parse(json.text)).toEqual(JSON.parse(jsonKnown.text));

    const mail = await waitForMail(outbox, "pr_known@example.test", 2);
    expect(mail[0]).toContain("Subject: Reset your Kingside password");
    expect(linkPathIn(mail[0] ?? "", "/reset-password/")).toMatch(/^\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(mailTo(outbox, "nobody-here@example.test")).toEqual([]);
    const sent = await visitor().get("/forgot-password?done=sent");
    expect(sent.text).toContain("<h2>Check your email</h2>");
  });

  it("keeps only the token's hash", async () => {
    const userId = await createTestMember(db(), "pr_hashed", PASSWORD);
    const link = await resetLinkFor("pr_hashed@example.test");
    const token = link.split("/").pop() ?? "";
    const rows = await db().select().from(accountTokens).where(eq(accountTokens.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashAccountToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    // One hour.
    const lifetime = (rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0);
    expect(lifetime).toBe(60 * 60_000);
  });

  it("sets the new password once, signs the member out everywhere, and refuses the link a second time", async () => {
    const userId = await createTestMember(db(), "pr_resetter", PASSWORD);
    const laptop = createTestBrowser(suite.current.baseUrl);
    expect((await signIn(laptop, "pr_resetter", PASSWORD)).location).toBe("/home");
    const phone = createTestBrowser(suite.current.baseUrl, FIREFOX);
    expect((await signIn(phone, "pr_resetter", PASSWORD)).location).toBe("/home");

    const link = await resetLinkFor("pr_resetter@example.test");
    const token = link.split("/").pop() ?? "";
    const browser = visitor();
    const page = await browser.get(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain('action="/reset-password"');
    expect(page.text).toContain(`name="token" value="${token}"`);

    // A password the rules refuse leaves the link usable.
    const weak = await browser.post("/reset-password", { token, password: "pr_resetter" });
    expect(weak.location).toBe(`${link}?error=password.same_as_username`);
    expect((await browser.get(`${link}?error=password.same_as_username`)).text).toContain('role="alert">Your password must not be the same as your username.</p>');
    const short = await browser.post("/reset-password", { token, password: "short" }, { json: true });
    expect(short.status).toBe(422);
    expect(JSON.parse(short.text)).toMatchObject({ code: "password.too_short" });

    const done = await browser.post("/reset-password", { token, password: NEW_PASSWORD });
    expect(done.status).toBe(303);
    expect(done.location).toBe("/login?done=password_reset&username=pr_resetter");
    expect((await browser.get(done.location ?? "")).text).toContain('role="status">Your password was changed');
    // Every session ended: both browsers are signed out.
    expect(await db().select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect((await laptop.get("/settings")).location).toBe("/login_and_go?redirectUrl=%2Fsettings");
    expect((await phone.get("/settings")).location).toBe("/login_and_go?redirectUrl=%2Fsettings");
    // The old password is gone, the new one works.
    expect((await signIn(visitor(), "pr_resetter", PASSWORD)).location).toMatch(/^\/login\?error=/);
    expect((await signIn(visitor(), "pr_resetter", NEW_PASSWORD)).location).toBe("/home");

    // Single use: the same link again, by form and by JSON, changes nothing.
    const again = await browser.post("/reset-password", { token, password: "another-good-password" });
    expect(again.location).toBe("/forgot-password?error=invalid_link");
    const againJson = await browser.post("/reset-password", { token, password: "another-good-password" }, { json: true });
    expect(againJson.status).toBe(410);
    expect(JSON.parse(againJson.text)).toMatchObject({ code: "invalid_link" });
    expect((await browser.get(link)).text).toContain("<h2>This link no longer works</h2>");
    expect((await signIn(visitor(), "pr_resetter", NEW_PASSWORD)).location).toBe("/home");
  });

  it("refuses an expired link and keeps the password", async () => {
    const userId = await createTestMember(db(), "pr_late", PASSWORD);
    const link = await resetLinkFor("pr_late@example.test");
    const token = link.split("/").pop() ?? "";
    // An hour and a minute later.
    await db().update(accountTokens).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(accountTokens.userId, userId));
    const browser = visitor();
    const page = await browser.get(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h2>This link no longer works</h2>");
    expect(page.text).not.toContain('action="/reset-password"');
    const late = await browser.post("/reset-password", { token, password: NEW_PASSWORD }, { json: true });
    expect(late.status).toBe(410);
    expect((await signIn(visitor(), "pr_late", PASSWORD)).location).toBe("/home");
    expect((await signIn(visitor(), "pr_late", NEW_PASSWORD)).location).toMatch(/^\/login\?error=/);
  });

  it("uses up the member's other reset links with the one that was used", async () => {
    await createTestMember(db(), "pr_twice", PASSWORD);
    const first = await resetLinkFor("pr_twice@example.test");
    const second = await resetLinkFor("pr_twice@example.test");
    const browser = visitor();
    await browser.get(second);
    expect((await browser.post("/reset-password", { token: second.split("/").pop() ?? "", password: NEW_PASSWORD })).location).toBe("/login?done=password_reset&username=pr_twice");
    const stale = await browser.post("/reset-password", { token: first.split("/").pop() ?? "", password: "yet-another-password" }, { json: true });
    expect(stale.status).toBe(410);
  });

  it("keeps at most three live links per member, even when asked at once", async () => {
    const userId = await createTestMember(db(), "pr_flooded", PASSWORD);
    const tokens = createAccountTokens(db());
    const issued = await Promise.all(Array.from({ length: 6 }, () => tokens.issue(userId, "password_reset")));
    expect(issued.filter((token) => token !== null)).toHaveLength(MAX_LIVE_TOKENS);
    expect(await db().select().from(accountTokens).where(eq(accountTokens.userId, userId))).toHaveLength(MAX_LIVE_TOKENS);
    expect(await tokens.issue(userId, "password_reset")).toBeNull();
  });

  it("answers a malformed or unknown token with the expired-link page, never an error", async () => {
    const browser = visitor();
    expect((await browser.get(`/reset-password/${"A".repeat(43)}`)).text).toContain("<h2>This link no longer works</h2>");
    expect((await browser.get("/reset-password/short")).status).toBe(404);
    await browser.get("/login");
    const bogus = await browser.post("/reset-password", { token: "../../etc/passwd", password: NEW_PASSWORD }, { json: true });
    expect(bogus.status).toBe(410);
  });

  // Last: it uses up this address's requests for the minute.
  it("rate-limits the requests for links per address", async () => {
    const browser = visitor();
    await browser.get("/forgot-password");
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await browser.post("/forgot-password", { email: "nobody-here@example.test" })).status);
    expect(statuses).toContain(429);
  });
});
