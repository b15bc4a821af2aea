import { expect, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { users } from "../src/features/accounts/accounts.tables.server.ts";
import { createTestMember } from "../src/features/accounts/two-factor/test-browser.ts";
import { startApp, type RunningApp } from "../src/test/start-app.ts";
import { watchPage } from "./site-health.ts";

/**
 * Turning on two-factor sign-in and signing in with a code. The journey runs
 * against its own Kingside (the real server on a fresh in-memory database) with
 * its own member, so enabling 2FA cannot disturb journeys that sign in as the
 * demo members on the shared server.
 */
const USERNAME = "totp_traveller";
const PASSWORD = "correct-horse-battery";

/** A second member whose two-factor sign-in is already on. */
const ENROLLED = "totp_regular";
const enrolledSecret = new Secret({ size: 20 }).base32;

let app: RunningApp;

test.beforeAll(async () => {
  // A whole app with its migrations: more than a test's 30 s on a loaded machine (it timed out once with other builds running).
  test.setTimeout(120_000);
  app = await startApp({ databaseUrl: undefined, seedDemoData: false });
  const db = app.kingside.database.db;
  await createTestMember(db, USERNAME, PASSWORD);
  const enrolledId = await createTestMember(db, ENROLLED, PASSWORD);
  await db.update(users).set({ totpSecret: enrolledSecret, totpEnabledAt: new Date() }).where(eq(users.id, enrolledId));
});

test.afterAll(async () => {
  await app?.close();
});

/** What an authenticator app shows for this key, `offsetMs` from now. */
function appCode(secret: string, offsetMs = 0): string {
  const totp = new TOTP({ issuer: "Kingside", algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + offsetMs });
}

test("a member turns on two-factor sign-in, then signs in with a code from the app", async ({ page }) => {
  const health = watchPage(page);
  const site = app.baseUrl;

  await page.goto(`${site}/login_and_go?redirectUrl=/settings`);
  await page.getByLabel("Username or email").fill(USERNAME);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(`${site}/settings`);
  await expect(page.getByTestId("two-factor-status")).toHaveText("Off");

  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page).toHaveURL(`${site}/settings?done=two_factor_started`);
  const qrCode = page.getByRole("img", { name: "QR code for setting up two-factor sign-in" });
  await expect(qrCode).toBeVisible();
  expect(await qrCode.evaluate((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0)).toBe(true);
  // The key as the member would type it into the app by hand.
  const shownKey = (await page.locator(".ks-totp-secret").innerText()).replace(/\s+/g, "");
  expect(shownKey).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByLabel("Code from the app").fill(appCode(shownKey));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page).toHaveURL(`${site}/settings?done=two_factor_enabled`);
  await expect(page.getByTestId("two-factor-status")).toHaveText("On");
  await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);

  // The recovery codes are shown once.
  await page.reload();
  await expect(page.getByTestId("recovery-codes")).toHaveCount(0);
  await expect(page.getByText("10 recovery codes left")).toBeVisible();

  const nav = page.locator("nav#sb");
  await nav.getByRole("button", { name: "Log out" }).click();
  await expect(nav.getByRole("link", { name: "Log in" })).toBeVisible();

  await page.goto(`${site}/login_and_go?redirectUrl=/clubs`);
  await page.getByLabel("Username or email").fill(USERNAME);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(`${site}/2fa?redirectUrl=%2Fclubs`);
  const codeField = page.getByLabel("Authentication code");
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await expect(codeField).toHaveAttribute("inputmode", "numeric");
  // Not logged in until the code is in.
  await expect(nav.getByRole("link", { name: "Log in" })).toBeVisible();

  // The current step's code confirmed the enrolment; the app's next code is the one to use.
  await codeField.fill(appCode(shownKey, 30_000));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`${site}/clubs`);
  await expect(nav.getByRole("link", { name: USERNAME })).toBeVisible();
  health.expectHealthy();
});

test("a wrong code keeps the member on the code step; the right one lets them in", async ({ page }) => {
  const health = watchPage(page);
  const site = app.baseUrl;
  // Without a password first, the code step sends the visitor to the login page.
  await page.goto(`${site}/2fa`);
  await expect(page).toHaveURL(`${site}/login`);

  await page.getByLabel("Username or email").fill(ENROLLED);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(`${site}/2fa?redirectUrl=%2Fhome`);
  const right = appCode(enrolledSecret);
  await page.getByLabel("Authentication code").fill(right === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`${site}/2fa?error=invalid_code&redirectUrl=%2Fhome`);
  await expect(page.getByRole("alert")).toHaveText("That code is not right. Check the code in your app and try again.");

  await page.getByLabel("Authentication code").fill(right);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`${site}/home`);
  await expect(page.locator("nav#sb").getByRole("link", { name: ENROLLED })).toBeVisible();
  health.expectHealthy();
});
