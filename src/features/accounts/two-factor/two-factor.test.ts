import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, count, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { recoveryCodes, sessions, signInFailures, users } from "../accounts.tables.server.ts";
import { waitAfterFailures } from "../attempt-escalation.ts";
import { ATTEMPT_LIMITS } from "./attempt-limit.server.ts";
import { createTestBrowser, createTestMember, memberRow, signIn, type TestBrowser } from "./test-browser.ts";
import { hashRecoveryCode, newTotpSecret, totpCodeAt } from "./totp.server.ts";

const PASSWORD = "correct-horse-battery";

/** The code the app shows now, or one step ahead (a later step than any code used before it). */
const codeNow = (secret: string) => totpCodeAt(secret, Date.now());
const codeNextStep = (secret: string) => totpCodeAt(secret, Date.now() + 30_000);

function recoveryCodesIn(html: string): string[] {
  const list = /<ol class="ks-recovery-codes"[^>]*>(.*?)<\/ol>/s.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((match) => match[1] ?? "");
}

describe.each(databaseTargets())("two-factor sign-in on $name", (target) => {
  const outbox = mkdtempSync(join(tmpdir(), "kingside-two-factor-mail-"));
  const suite = appForSuite(target, { seedDemoData: false, mailOutboxDir: outbox });
  const mailsTo = (address: string) => readdirSync(outbox).map((file) => readFileSync(join(outbox, file), "utf8")).filter((text) => text.includes(`\r\nTo: ${address}\r\n`));
  const db = () => suite.current.kingside.database.db;

  describe("anonymous visitors", () => {
    it("are sent from /settings and /2fa to the sign-in page", async () => {
      const browser = createTestBrowser(suite.current.baseUrl);
      const settings = await browser.get("/settings");
      expect(settings.status).toBe(302);
      expect(settings.location).toBe("/login_and_go?redirectUrl=%2Fsettings");
      const localized = await browser.get("/es/settings");
      expect(localized.location).toBe("/es/login_and_go?redirectUrl=%2Fes%2Fsettings");
      const step = await browser.get("/2fa");
      expect(step.status).toBe(302);
      expect(step.location).toBe("/login");
    });

    it("cannot start, confirm or turn off two-factor sign-in", async () => {
      const browser = createTestBrowser(suite.current.baseUrl);
      await browser.get("/login");
      const form = await browser.post("/settings/two-factor/start");
      expect(form.status).toBe(303);
      expect(form.location).toBe("/login_and_go?redirectUrl=%2Fsettings");
      for (const path of ["/settings/two-factor/start", "/settings/two-factor/confirm", "/settings/two-factor/disable"]) {
        const json = await browser.post(path, { code: "123456" }, { json: true });
        expect(json.status, path).toBe(401);
        expect(JSON.parse(json.text)).toMatchObject({ code: "unauthenticated" });
      }
      const step = await browser.post("/2fa", { code: "123456" }, { json: true });
      expect(step.status).toBe(401);
    });
  });

  describe("enrolment, sign-in and recovery codes", () => {
    let userId: number;
    let browser: TestBrowser;
    let secret: string;
    let codes: string[] = [];
    let confirmationCode = "";

    beforeAll(async () => {
      userId = await createTestMember(db(), "tf_enrol", PASSWORD);
      browser = createTestBrowser(suite.current.baseUrl);
      const signedIn = await signIn(browser, "tf_enrol", PASSWORD);
      expect(signedIn.location).toBe("/home");
    });

    it("needs the CSRF token to start", async () => {
      const refused = await browser.post("/settings/two-factor/start", {}, { csrf: false });
      expect(refused.status).toBe(403);
      expect((await memberRow(db(), userId)).totpSecret).toBeNull();
    });

    it("starts with a secret that is stored but not yet in force, shown as a QR code and as text", async () => {
      const page = await browser.get("/settings");
      expect(page.status).toBe(200);
      expect(page.text).toContain('action="/settings/two-factor/start"');
      expect(page.text).toContain('data-testid="two-factor-status">Off</span>');
      const started = await browser.post("/settings/two-factor/start");
      expect(started.status).toBe(303);
      expect(started.location).toBe("/settings?done=two_factor_started");
      const row = await memberRow(db(), userId);
      expect(row.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
      expect(row.totpEnabledAt).toBeNull();
      secret = row.totpSecret ?? "";

      const enrolment = await browser.get("/settings?done=two_factor_started");
      expect(enrolment.text).toContain(`data-secret="${secret}"`);
      const qr = /<img class="ks-qr-code" src="data:image\/svg\+xml;base64,([^"]+)"/.exec(enrolment.text)?.[1];
      expect(qr).toBeTruthy();
      expect(Buffer.from(qr ?? "", "base64").toString("utf8")).toMatch(/^<svg /);
      // A member still enrolling signs in with the password alone.
      expect((await memberRow(db(), userId)).totpEnabledAt).toBeNull();
    });

    it("refuses a wrong confirmation code and stays off", async () => {
      const wrongCode = codeNow(secret) === "000000" ? "111111" : "000000";
      const refused = await browser.post("/settings/two-factor/confirm", { code: wrongCode });
      expect(refused.status).toBe(303);
      expect(refused.location).toBe("/settings?error=invalid_code");
      expect((await memberRow(db(), userId)).totpEnabledAt).toBeNull();
      const page = await browser.get(refused.location ?? "/settings");
      expect(page.text).toContain('role="alert">That code is not right. Check the code in your app and try again.</p>');
    });

    it("turns on with a current code and shows ten recovery codes exactly once, stored only as hashes", async () => {
      confirmationCode = codeNow(secret);
      const confirmed = await browser.post("/settings/two-factor/confirm", { code: confirmationCode });
      expect(confirmed.status).toBe(303);
      expect(confirmed.location).toBe("/settings?done=two_factor_enabled");
      expect((await memberRow(db(), userId)).totpEnabledAt).toBeInstanceOf(Date);

      const first = await browser.get("/settings?done=two_factor_enabled");
      codes = recoveryCodesIn(first.text);
      expect(codes).toHaveLength(10);
      const stored = await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      expect(stored.map((row) => row.codeHash).sort()).toEqual(codes.map(hashRecoveryCode).sort());
      expect(JSON.stringify(stored)).not.toContain(codes[0]);

      const again = await browser.get("/settings");
      expect(recoveryCodesIn(again.text)).toEqual([]);
      expect(again.text).toContain("10 recovery codes left");
    });

    it("asks for a code after the password, and /2fa is the only way on", async () => {
      await browser.post("/logout");
      const signedIn = await signIn(browser, "tf_enrol", PASSWORD, "/clubs");
      expect(signedIn.status).toBe(303);
      expect(signedIn.location).toBe("/2fa?redirectUrl=%2Fclubs");
      const [pending] = await db().select().from(sessions).where(eq(sessions.userId, userId));
      expect(pending?.twoFactorPending).toBe(true);

      // Not logged in yet: member pages send the session to the code step.
      const settings = await browser.get("/settings");
      expect(settings.location).toBe("/2fa?redirectUrl=%2Fsettings");
      const page = await browser.get("/2fa?redirectUrl=%2Fclubs");
      expect(page.status).toBe(200);
      expect(page.text).toContain('autoComplete="one-time-code"');
      expect(page.text).toContain('inputMode="numeric"');
      // On the code step the member is not logged in yet: the navigation offers "Log in".
      expect(page.text).toContain('href="/login"');
    });

    it("refuses a wrong code and a code that was already used", async () => {
      const wrong = await browser.post("/2fa", { code: "12345", redirectUrl: "/clubs" });
      expect(wrong.location).toBe("/2fa?error=invalid_code&redirectUrl=%2Fclubs");
      // The code that confirmed the enrolment is still within its window, but its step was used.
      const replay = await browser.post("/2fa", { code: confirmationCode, redirectUrl: "/clubs" }, { json: true });
      expect(replay.status).toBe(422);
      expect(JSON.parse(replay.text)).toMatchObject({ code: "code_already_used" });
      const [still] = await db().select().from(sessions).where(eq(sessions.userId, userId));
      expect(still?.twoFactorPending).toBe(true);
    });

    it("completes the sign-in with a fresh code and lands on the safe target", async () => {
      const passed = await browser.post("/2fa", { code: codeNextStep(secret), redirectUrl: "/clubs" });
      expect(passed.status).toBe(303);
      expect(passed.location).toBe("/clubs");
      const [session] = await db().select().from(sessions).where(eq(sessions.userId, userId));
      expect(session?.twoFactorPending).toBe(false);
      expect((await browser.get("/settings")).status).toBe(200);
      // Past the step, /2fa just sends the member on.
      expect((await browser.get("/2fa")).location).toBe("/home");
    });

    it("ignores an unsafe redirect target", async () => {
      await browser.post("/logout");
      await signIn(browser, "tf_enrol", PASSWORD);
      const passed = await browser.post("/2fa", { recoveryCode: codes[9] ?? "", redirectUrl: "https://evil.example/" });
      expect(passed.location).toBe("/home");
    });

    it("accepts a recovery code once", async () => {
      await browser.post("/logout");
      await signIn(browser, "tf_enrol", PASSWORD);
      const used = await browser.post("/2fa", { recoveryCode: codes[0] ?? "" });
      expect(used.location).toBe("/home");
      const [spent] = await db()
        .select()
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(codes[0] ?? ""))));
      expect(spent?.usedAt).toBeInstanceOf(Date);

      await browser.post("/logout");
      await signIn(browser, "tf_enrol", PASSWORD);
      const reused = await browser.post("/2fa", { recoveryCode: codes[0] ?? "" });
      expect(reused.location).toBe("/2fa?error=invalid_code");
      // Typed into the code field, in capitals, with a space: still a recovery code.
      const other = await browser.post("/2fa", { code: (codes[1] ?? "").toUpperCase().replace("-", " ") });
      expect(other.location).toBe("/home");
      const left = await db().select().from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      expect(left).toHaveLength(7);
    });

    it("turns off with the password (not with a wrong one), and sign-in needs no code afterwards", async () => {
      const nothing = await browser.post("/settings/two-factor/disable", {});
      expect(nothing.location).toBe("/settings?error=code_or_password_required");
      const wrong = await browser.post("/settings/two-factor/disable", { password: "not-the-password" });
      expect(wrong.location).toBe("/settings?error=wrong_password");
      expect((await memberRow(db(), userId)).totpEnabledAt).toBeInstanceOf(Date);

      const disabled = await browser.post("/settings/two-factor/disable", { password: PASSWORD });
      expect(disabled.location).toBe("/settings?done=two_factor_disabled");
      const row = await memberRow(db(), userId);
      expect(row.totpEnabledAt).toBeNull();
      expect(row.totpSecret).toBeNull();
      expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId))).toEqual([]);

      await browser.post("/logout");
      expect((await signIn(browser, "tf_enrol", PASSWORD)).location).toBe("/home");
    });
  });

  describe("as JSON, with a code to turn off", () => {
    it("returns the recovery codes in the confirmation and turns off with a current code", async () => {
      const userId = await createTestMember(db(), "tf_json", PASSWORD);
      const browser = createTestBrowser(suite.current.baseUrl);
      await signIn(browser, "tf_json", PASSWORD);
      const started = await browser.post("/settings/two-factor/start", {}, { json: true });
      expect(JSON.parse(started.text)).toMatchObject({ status: "ok", redirect: "/settings?done=two_factor_started" });
      const again = await browser.post("/settings/two-factor/start", {}, { json: true });
      expect(again.status).toBe(200);
      const secret = (await memberRow(db(), userId)).totpSecret ?? "";

      const confirmed = await browser.post("/settings/two-factor/confirm", { code: codeNow(secret) }, { json: true });
      expect(confirmed.status).toBe(200);
      const body: unknown = JSON.parse(confirmed.text);
      expect(body).toMatchObject({ status: "ok", recoveryCodes: expect.any(Array) });
      expect(confirmed.setCookies.join()).not.toContain("ks_recovery_codes");

      const twice = await browser.post("/settings/two-factor/start", {}, { json: true });
      expect(twice.status).toBe(409);
      expect(JSON.parse(twice.text)).toMatchObject({ code: "two_factor_already_enabled", message: "Two-factor sign-in is already on." });

      const off = await browser.post("/settings/two-factor/disable", { code: codeNextStep(secret) }, { json: true });
      expect(off.status).toBe(200);
      expect((await memberRow(db(), userId)).totpEnabledAt).toBeNull();
    });
  });

  describe("the rate limit", () => {
    it("makes wrong codes wait longer after five, tells the member by mail, and leaves the address's sign-ins alone", async () => {
      const secret = newTotpSecret();
      const userId = await createTestMember(db(), "tf_limit", PASSWORD);
      await db().update(users).set({ totpSecret: secret, totpEnabledAt: new Date() }).where(eq(users.id, userId));
      const browser = createTestBrowser(suite.current.baseUrl);
      expect((await signIn(browser, "tf_limit", PASSWORD)).location).toBe("/2fa?redirectUrl=%2Fhome");
      const right = codeNextStep(secret);
      const wrong = right === "000000" ? "111111" : "000000";
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const refused = await browser.post("/2fa", { code: wrong }, { json: true });
        expect(refused.status, `attempt ${attempt}`).toBe(422);
      }
      const limited = await browser.post("/2fa", { code: right }, { json: true });
      expect(limited.status).toBe(429);
      expect(JSON.parse(limited.text)).toMatchObject({ code: "too_many_attempts" });
      const [session] = await db().select().from(sessions).where(eq(sessions.userId, userId));
      expect(session?.twoFactorPending).toBe(true);
      // The waits grow: every recorded wrong code pushes the next try further away.
      const lastWait = await db().select({ n: count() }).from(signInFailures).where(eq(signInFailures.usernameKey, `2FA:${userId}`));
      expect(lastWait[0]?.n).toBe(5);
      expect(waitAfterFailures(6, ATTEMPT_LIMITS.twoFactor)).toBeGreaterThan(waitAfterFailures(5, ATTEMPT_LIMITS.twoFactor));
      const notices = mailsTo("tf_limit@example.test");
      expect(notices).toHaveLength(1);
      expect(notices[0]).toContain("Wrong verification codes were entered");
      // Many wrong codes from this address never use up its sign-ins (20 per 15 minutes).
      await db().insert(signInFailures).values(Array.from({ length: 25 }, () => ({ usernameKey: `2FA:${userId}`, ip: "127.0.0.1" })));
      await createTestMember(db(), "tf_neighbour", PASSWORD);
      expect((await signIn(createTestBrowser(suite.current.baseUrl), "tf_neighbour", PASSWORD)).status).toBe(303);
    });
  });
});
