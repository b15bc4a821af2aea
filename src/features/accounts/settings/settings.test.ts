import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { sessions } from "../accounts.tables.server.ts";
import { levels } from "../levels.ts";
import { createTestBrowser, createTestMember, memberRow, signIn, type TestBrowser } from "../two-factor/test-browser.ts";

const PASSWORD = "correct-horse-battery";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** The public session ids the page offers to revoke. */
function revocableSessionIds(html: string): string[] {
  return [...html.matchAll(/name="session" value="([0-9a-f]{32})"/g)].map((match) => match[1] ?? "");
}

describe.each(databaseTargets())("account settings on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: false });
  const db = () => suite.current.kingside.database.db;

  const sessionCount = async (userId: number) => (await db().select().from(sessions).where(eq(sessions.userId, userId))).length;

  async function signedIn(username: string, userAgent?: string): Promise<TestBrowser> {
    const browser = createTestBrowser(suite.current.baseUrl, userAgent);
    const response = await signIn(browser, username, PASSWORD);
    expect(response.location).toBe("/home");
    return browser;
  }

  it("refuses anonymous visitors and guests", async () => {
    const visitor = createTestBrowser(suite.current.baseUrl);
    expect((await visitor.get("/settings")).location).toBe("/login_and_go?redirectUrl=%2Fsettings");
    await visitor.get("/login");
    for (const path of ["/settings/sessions/revoke", "/settings/sessions/revoke-others", "/settings/close-account"]) {
      const form = await visitor.post(path, { session: "0".repeat(32), password: PASSWORD, confirm: "1" });
      expect(form.status, path).toBe(303);
      expect(form.location, path).toBe("/login_and_go?redirectUrl=%2Fsettings");
      expect((await visitor.post(path, {}, { json: true })).status, path).toBe(401);
    }

    await createTestMember(db(), "st_guest", PASSWORD, levels.guest);
    const guest = await signedIn("st_guest");
    expect((await guest.get("/settings")).status).toBe(403);
    expect((await guest.post("/settings/close-account", { password: PASSWORD, confirm: "1" }, { json: true })).status).toBe(403);
  });

  it("lists the member's sessions with device, address, times and this device marked", async () => {
    await createTestMember(db(), "st_lister", PASSWORD);
    const laptop = await signedIn("st_lister");
    await signedIn("st_lister", FIREFOX_WINDOWS);
    await signedIn("st_lister", SAFARI_IPHONE);
    const page = await laptop.get("/settings");
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h2 id="sessions-title">Active sessions</h2>');
    expect(page.text).toContain("Chrome on Linux");
    expect(page.text).toContain("Firefox on Windows");
    expect(page.text).toContain("Safari on iOS");
    expect(page.text.match(/class="ks-status-pill ks-status-pill-on">This device</g)).toHaveLength(1);
    expect(page.text).toContain("127.0.0.1");
    expect(page.text).toMatch(/<time class="ks-relative-time" dateTime="[^"]+"/i);
    // Two other sessions can be revoked; this one cannot (it is the log-out button's job).
    expect(revocableSessionIds(page.text)).toHaveLength(2);
    // Never the cookie token or its stored hash.
    const [stored] = await db().select().from(sessions).limit(1);
    expect(page.text).not.toContain(stored?.tokenHash ?? "missing");
  });

  it("revokes one of the member's own sessions, which is then signed out", async () => {
    const userId = await createTestMember(db(), "st_revoker", PASSWORD);
    const laptop = await signedIn("st_revoker");
    const phone = await signedIn("st_revoker", SAFARI_IPHONE);
    const [phoneSessionId] = revocableSessionIds((await laptop.get("/settings")).text);
    expect(phoneSessionId).toBeTruthy();

    const revoked = await laptop.post("/settings/sessions/revoke", { session: phoneSessionId ?? "" });
    expect(revoked.status).toBe(303);
    expect(revoked.location).toBe("/settings?done=session_revoked");
    expect(await sessionCount(userId)).toBe(1);
    expect((await phone.get("/settings")).location).toBe("/login_and_go?redirectUrl=%2Fsettings");
    expect((await laptop.get("/settings?done=session_revoked")).text).toContain('role="status">The session was signed out.</p>');

    const again = await laptop.post("/settings/sessions/revoke", { session: phoneSessionId ?? "" }, { json: true });
    expect(again.status).toBe(404);
    expect(JSON.parse(again.text)).toMatchObject({ code: "session_not_found" });
  });

  it("refuses to revoke another member's session and changes nothing", async () => {
    await createTestMember(db(), "st_attacker", PASSWORD);
    const victimId = await createTestMember(db(), "st_victim", PASSWORD);
    const attacker = await signedIn("st_attacker");
    const victim = await signedIn("st_victim");
    await signedIn("st_victim", FIREFOX_WINDOWS);
    const victimSessionIds = revocableSessionIds((await victim.get("/settings")).text);
    expect(victimSessionIds).toHaveLength(1);
    const before = await sessionCount(victimId);

    const form = await attacker.post("/settings/sessions/revoke", { session: victimSessionIds[0] ?? "" });
    expect(form.location).toBe("/settings?error=session_not_found");
    const json = await attacker.post("/settings/sessions/revoke", { session: victimSessionIds[0] ?? "" }, { json: true });
    expect(json.status).toBe(404);
    const malformed = await attacker.post("/settings/sessions/revoke", { session: "../../etc" }, { json: true });
    expect(malformed.status).toBe(404);

    expect(await sessionCount(victimId)).toBe(before);
    expect((await victim.get("/settings")).status).toBe(200);
  });

  it("signs out everywhere else and keeps this session", async () => {
    const userId = await createTestMember(db(), "st_everywhere", PASSWORD);
    const laptop = await signedIn("st_everywhere");
    const phone = await signedIn("st_everywhere", SAFARI_IPHONE);
    await signedIn("st_everywhere", FIREFOX_WINDOWS);
    expect(await sessionCount(userId)).toBe(3);
    const done = await laptop.post("/settings/sessions/revoke-others");
    expect(done.location).toBe("/settings?done=other_sessions_revoked");
    expect(await sessionCount(userId)).toBe(1);
    expect((await laptop.get("/settings")).status).toBe(200);
    expect((await phone.get("/settings")).status).toBe(302);
  });

  it("closes the member's own account with the password; sign-in is then refused as Closed: Inactive", async () => {
    const userId = await createTestMember(db(), "st_leaver", PASSWORD);
    const laptop = await signedIn("st_leaver");
    await signedIn("st_leaver", SAFARI_IPHONE);

    const page = await laptop.get("/settings");
    expect(page.text).toContain('action="/settings/close-account"');
    const unconfirmed = await laptop.post("/settings/close-account", { password: PASSWORD });
    expect(unconfirmed.location).toBe("/settings?error=confirmation_required");
    const wrong = await laptop.post("/settings/close-account", { password: "not-the-password", confirm: "1" });
    expect(wrong.location).toBe("/settings?error=wrong_password");
    expect((await memberRow(db(), userId)).membershipLevel).toBe(levels.basic);
    expect(await sessionCount(userId)).toBe(2);

    const closed = await laptop.post("/settings/close-account", { password: PASSWORD, confirm: "1" });
    expect(closed.status).toBe(303);
    expect(closed.location).toBe("/settings?done=account_closed");
    expect(closed.setCookies.some((cookie) => /^ks_session=;/.test(cookie))).toBe(true);
    const row = await memberRow(db(), userId);
    expect(row.membershipLevel).toBe(levels.closed_voluntarily);
    expect(row.closedAt).toBeInstanceOf(Date);
    expect(await sessionCount(userId)).toBe(0);
    expect((await laptop.get("/settings?done=account_closed")).text).toContain("<h2>Your account is closed</h2>");

    const retry = createTestBrowser(suite.current.baseUrl);
    const form = await signIn(retry, "st_leaver", PASSWORD);
    expect(form.location).toBe("/login?error=account_closed&username=st_leaver");
    const json = await retry.post("/login", { username: "st_leaver", password: PASSWORD }, { json: true });
    expect(json.status).toBe(403);
    expect(JSON.parse(json.text)).toMatchObject({ code: "account_closed", message: expect.stringContaining("Closed: Inactive") });
  });

  it("is in sections, and lists the members this one blocked and muted with Unblock and Unmute", async () => {
    await createTestMember(db(), "st_quiet", PASSWORD);
    await createTestMember(db(), "st_noisy", PASSWORD);
    await createTestMember(db(), "st_rude", PASSWORD);
    const quiet = await signedIn("st_quiet");
    let page = await quiet.get("/settings");
    for (const section of ["account", "profile", "email", "password", "preferences", "two-factor", "sessions", "blocked", "close-account"]) {
      expect(page.text, section).toContain(`id="${section}"`);
      expect(page.text, section).toContain(`href="#${section}"`);
    }
    // (The page also carries the message catalogue: look for the rendered element.)
    const noneBlocked = '<p class="ks-muted">You have not blocked anyone.</p>';
    expect(page.text).toContain(noneBlocked);
    expect(page.text).toContain('<p class="ks-muted">You have not muted anyone.</p>');

    // Through the social feature's own calls, as the card makes them.
    expect((await quiet.post("/callback/member/st_rude/block", {}, { json: true })).status).toBe(200);
    expect((await quiet.post("/callback/member/st_noisy/mute-account", {}, { json: true })).status).toBe(200);
    page = await quiet.get("/settings");
    expect(page.text).toMatch(/<li class="ks-quieted-member" data-username="st_rude">[\s\S]*?aria-label="Unblock st_rude"/);
    expect(page.text).toMatch(/<li class="ks-quieted-member" data-username="st_noisy">[\s\S]*?aria-label="Unmute st_noisy"/);
    expect(page.text).not.toContain(noneBlocked);

    expect((await quiet.post("/callback/member/st_rude/unblock", {}, { json: true })).status).toBe(200);
    expect((await quiet.post("/callback/member/st_noisy/unmute-account", {}, { json: true })).status).toBe(200);
    page = await quiet.get("/settings");
    expect(page.text).not.toContain('data-username="st_rude"');
    expect(page.text).not.toContain('data-username="st_noisy"');
    // Another member's lists are their own.
    const rude = await signedIn("st_rude");
    expect((await rude.get("/settings")).text).toContain(noneBlocked);
  });
});
