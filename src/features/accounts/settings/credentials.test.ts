import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { accountTokens, sessions } from "../accounts.tables.server.ts";
import { freshOutbox, linkPathIn, mailTo } from "../email-links/mail-outbox.test-support.ts";
import { createTestBrowser, createTestMember, memberRow, signIn, type TestBrowser } from "../two-factor/test-browser.ts";

const PASSWORD = "correct-horse-battery";
const NEW_PASSWORD = "staunton-pieces-1849";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe.each(databaseTargets())("password and email changes in /settings on $name", (target) => {
  const outbox = freshOutbox("credentials");
  const suite = appForSuite(target, { seedDemoData: false, mailOutboxDir: outbox });
  const db = () => suite.current.kingside.database.db;

  async function signedIn(username: string, password = PASSWORD, userAgent?: string): Promise<TestBrowser> {
    const browser = createTestBrowser(suite.current.baseUrl, userAgent);
    expect((await signIn(browser, username, password)).location).toBe("/home");
    return browser;
  }

  it("refuses visitors", async () => {
    const visitor = createTestBrowser(suite.current.baseUrl);
    await visitor.get("/login");
    for (const path of ["/settings/password", "/settings/email"]) {
      expect((await visitor.post(path, { current_password: PASSWORD, password: NEW_PASSWORD, email: "x@example.test" })).location, path).toBe("/login_and_go?redirectUrl=%2Fsettings");
      expect((await visitor.post(path, {}, { json: true })).status, path).toBe(401);
    }
  });

  it("changes the password with the current one, following the registration rules, and signs out the other sessions", async () => {
    const userId = await createTestMember(db(), "cr_changer", PASSWORD);
    const laptop = await signedIn("cr_changer");
    const phone = await signedIn("cr_changer", PASSWORD, SAFARI_IPHONE);

    const page = await laptop.get("/settings");
    expect(page.text).toContain('action="/settings/password"');
    const wrong = await laptop.post("/settings/password", { current_password: "not-my-password", password: NEW_PASSWORD });
    expect(wrong.location).toBe("/settings?error=wrong_password#password");
    const missing = await laptop.post("/settings/password", { password: NEW_PASSWORD }, { json: true });
    expect(missing.status).toBe(422);
    expect(JSON.parse(missing.text)).toMatchObject({ code: "password_required" });
    // passwordProblems(): the username, the email and common passwords are refused, as at registration.
    for (const [weak, code] of [["cr_changer", "password.same_as_username"], ["cr_changer@example.test", "password.same_as_email"], ["password123", "password.too_common"], ["short", "password.too_short"]] as const) {
      const refused = await laptop.post("/settings/password", { current_password: PASSWORD, password: weak });
      expect(refused.location, weak).toBe(`/settings?error=${encodeURIComponent(code)}#password`);
    }
    expect((await laptop.get("/settings?error=password.same_as_username")).text).toContain('role="alert">Your password must not be the same as your username.</p>');
    expect(await db().select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(2);
    expect((await signIn(createTestBrowser(suite.current.baseUrl), "cr_changer", PASSWORD)).location).toBe("/home");

    const done = await laptop.post("/settings/password", { current_password: PASSWORD, password: NEW_PASSWORD });
    expect(done.location).toBe("/settings?done=password_changed#password");
    // This browser stays signed in; every other session ended (the one signed in just above too).
    expect((await laptop.get("/settings")).status).toBe(200);
    expect((await phone.get("/settings")).location).toBe("/login_and_go?redirectUrl=%2Fsettings");
    expect(await db().select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1);
    expect((await signIn(createTestBrowser(suite.current.baseUrl), "cr_changer", PASSWORD)).location).toMatch(/^\/login\?error=/);
    expect((await signIn(createTestBrowser(suite.current.baseUrl), "cr_changer", NEW_PASSWORD)).location).toBe("/home");
  });

  it("changes the email only when the link sent to the new address is opened, and tells the old address", async () => {
    const userId = await createTestMember(db(), "cr_mover", PASSWORD);
    const browser = await signedIn("cr_mover");

    const wrong = await browser.post("/settings/email", { email: "new-home@example.test", password: "not-my-password" });
    expect(wrong.location).toBe("/settings?error=wrong_password#email");
    const invalid = await browser.post("/settings/email", { email: "not an address", password: PASSWORD }, { json: true });
    expect(invalid.status).toBe(422);
    const same = await browser.post("/settings/email", { email: "CR_Mover@example.test", password: PASSWORD }, { json: true });
    expect(JSON.parse(same.text)).toMatchObject({ code: "email_unchanged" });
    expect(mailTo(outbox, "new-home@example.test")).toEqual([]);

    const sent = await browser.post("/settings/email", { email: "new-home@example.test", password: PASSWORD });
    expect(sent.location).toBe("/settings?done=email_link_sent#email");
    const [confirmation] = mailTo(outbox, "new-home@example.test");
    expect(confirmation).toContain("Subject: Confirm your new email address on Kingside");
    // Not changed yet.
    expect((await memberRow(db(), userId)).email).toBe("cr_mover@example.test");

    const link = linkPathIn(confirmation ?? "", "/settings/email/confirm/");
    const token = link.split("/").pop() ?? "";
    // Opening the page changes nothing by itself (mail scanners open links): it names the address and asks.
    const visitor = createTestBrowser(suite.current.baseUrl);
    const page = await visitor.get(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<strong>new-home@example.test</strong>");
    expect((await memberRow(db(), userId)).email).toBe("cr_mover@example.test");

    // No session needed: the link is the proof.
    const confirmed = await visitor.post("/settings/email/confirm", { token });
    expect(confirmed.location).toBe("/settings?done=email_changed#email");
    expect((await memberRow(db(), userId)).email).toBe("new-home@example.test");
    const [notice] = mailTo(outbox, "cr_mover@example.test");
    expect(notice).toContain("Subject: The email address of your Kingside account was changed");
    expect(notice).toContain("new-home@example.test");

    // Single use.
    const again = await visitor.post("/settings/email/confirm", { token }, { json: true });
    expect(again.status).toBe(410);
    expect((await visitor.get(link)).text).toContain("<p>This confirmation link has expired or has already been used.</p>");
    // Only the hash is stored.
    const [row] = await db().select().from(accountTokens).where(eq(accountTokens.userId, userId));
    expect(row?.tokenHash).not.toBe(token);
  });

  it("refuses an expired confirmation link", async () => {
    const userId = await createTestMember(db(), "cr_slow", PASSWORD);
    const browser = await signedIn("cr_slow");
    await browser.post("/settings/email", { email: "slow-new@example.test", password: PASSWORD });
    const token = linkPathIn(mailTo(outbox, "slow-new@example.test")[0] ?? "", "/settings/email/confirm/").split("/").pop() ?? "";
    await db().update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accountTokens.userId, userId));
    const late = await browser.post("/settings/email/confirm", { token }, { json: true });
    expect(late.status).toBe(410);
    expect((await memberRow(db(), userId)).email).toBe("cr_slow@example.test");
  });

  it("answers the same for an address of another account, whose owner is told, and sends it no link", async () => {
    const userId = await createTestMember(db(), "cr_taker", PASSWORD);
    await createTestMember(db(), "cr_owner", PASSWORD);
    const browser = await signedIn("cr_taker");
    const answer = await browser.post("/settings/email", { email: "cr_owner@example.test", password: PASSWORD });
    expect(answer.location).toBe("/settings?done=email_link_sent#email");
    const [notice] = mailTo(outbox, "cr_owner@example.test");
    expect(notice).toContain("Subject: Your email address was entered on Kingside");
    expect(notice).not.toContain("/settings/email/confirm/");
    expect(await db().select().from(accountTokens).where(eq(accountTokens.userId, userId))).toEqual([]);
    expect((await memberRow(db(), userId)).email).toBe("cr_taker@example.test");
  });
});
