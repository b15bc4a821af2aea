import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { watchPage } from "./site-health.ts";

/** The e2e server's outbox: DATA_DIR=.e2e-data (playwright.config.ts), mail under <DATA_DIR>/mail-outbox. */
const OUTBOX = join(".e2e-data", "mail-outbox");
const PASSWORD = "correct-horse-battery";

function freshUsername(): string {
  return `ab_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`.slice(0, 25);
}

/** Registers a new member through the form; the page is signed in as them afterwards. */
async function register(page: Page): Promise<{ username: string; email: string }> {
  const username = freshUsername();
  const email = `${username}@example.org`;
  await page.goto("/register");
  await page.getByLabel("Username").fill(username);
  await expect(page.locator("#register-username-status")).toHaveText(`${username} is available.`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Country").selectOption("NO");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/home(\?welcome=1)?$/);
  return { username, email };
}

/** The newest message in the outbox addressed to `address` (parallel journeys write there too). */
async function newestMailTo(address: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => {
      const files = readdirSync(OUTBOX)
        .filter((file) => file.endsWith(".eml"))
        .map((file) => join(OUTBOX, file))
        .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
      found = files.map((file) => readFileSync(file, "utf8")).find((mail) => mail.includes(`\r\nTo: ${address}\r\n`) && mail.includes("/reset-password/"));
      return found !== undefined;
    }, { timeout: 10_000 })
    .toBe(true);
  return found ?? "";
}

test("a member who forgot their password resets it from the mailed link and signs in with the new one", async ({ browser }) => {
  const setup = await browser.newContext();
  const { username, email } = await register(await setup.newPage());
  await setup.close();

  const context = await browser.newContext({ colorScheme: "dark" });
  const page = await context.newPage();
  const health = watchPage(page);
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  const mail = await newestMailTo(email);
  const link = /https?:\/\/[^/\s]+(\/reset-password\/[A-Za-z0-9_-]{43})/.exec(mail)?.[1];
  expect(link).toBeTruthy();
  await page.goto(link ?? "/");
  const newPassword = "a-brand-new-secret-77";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Save the new password" }).click();

  await expect(page).toHaveURL(/\/login\?done=password_reset/);
  await expect(page.getByRole("status").filter({ hasText: "Your password was changed" })).toBeVisible();
  await expect(page.getByLabel("Username or email")).toHaveValue(username);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/home(\?welcome=1)?$/);
  await expect(page.locator("nav#sb").getByRole("link", { name: username })).toBeVisible();

  // The link worked once.
  await page.goto(link ?? "/");
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  health.expectHealthy();
  await context.close();
});

test("a member changes their avatar in /settings and sees it on their profile", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ colorScheme: "dark" });
  const page = await context.newPage();
  const health = watchPage(page);
  const { username } = await register(page);

  const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 160, b: 90 } } }).png().toBuffer();
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 2, name: "Profile" })).toBeVisible();
  await page.getByLabel("New avatar").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: picture });
  await page.getByRole("button", { name: "Upload avatar" }).click();
  await expect(page).toHaveURL(/\/settings\?done=avatar_saved#profile$/);
  await expect(page.getByRole("status").filter({ hasText: "Your new avatar is saved." })).toBeVisible();

  await page.getByRole("link", { name: "View my profile" }).click();
  await expect(page).toHaveURL(new RegExp(`/member/${username}$`));
  const avatar = page.getByRole("img", { name: new RegExp(username) }).first();
  await expect(avatar).toHaveAttribute("src", /^\/uploads\/avatars\/\d+-[0-9a-f]{16}\.webp$/);
  // The browser decoded it: a real 256 px square image.
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0))).toBe(256);
  await testInfo.attach("profile", { body: await page.screenshot(), contentType: "image/png" });
  health.expectHealthy();
  await context.close();
});
