import { expect, request as playwrightRequest, test, type Browser, type Page } from "@playwright/test";
import { ownServer } from "./own-server.ts";
import { watchPage } from "./site-health.ts";

/**
 * Staff account actions in Chromium (issue 3: "a staff member disables a
 * member, who can then no longer sign in"). The journey runs against a server
 * of its own (in-memory database, demo data): it registers the member it
 * disables, so no account that other journeys sign in with is touched, and
 * its one registration does not count against the shared server's human-check
 * limit for 127.0.0.1.
 */

const baseURL = ownServer("the staff journey's server");
const STAFF_PASSWORD = "kingside-demo";

test.describe.configure({ mode: "serial" });
test.use({ baseURL, colorScheme: "dark" });

/** A new member of this test's own, registered through the API (GET a page for the CSRF cookie, then POST). */
async function registerMember(): Promise<{ username: string; password: string }> {
  const member = { username: `victim${Date.now() % 1_000_000}`, email: "", password: "a-long-and-unusual-passphrase-42", country: "NL" };
  member.email = `${member.username}@example.com`;
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await api.get("/register");
    const token = (await api.storageState()).cookies.find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
    const response = await api.post("/register", { data: member, headers: { "x-xsrf-token": token, accept: "application/json" } });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await api.dispose();
  }
  return { username: member.username, password: member.password };
}

async function signIn(page: Page, username: string, password: string, redirectUrl = "/home"): Promise<void> {
  await page.goto(`/login_and_go?redirectUrl=${encodeURIComponent(redirectUrl)}`);
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL, colorScheme: "dark" });
  return context.newPage();
}

test("a staff member disables a member, who is signed out and can no longer sign in; enabling lets them back", async ({ browser }) => {
  test.setTimeout(90_000);
  const member = await registerMember();
  const profilePath = `/member/${member.username.toLowerCase()}`;

  // The member is signed in on their own device.
  const memberPage = await newPage(browser);
  await signIn(memberPage, member.username, member.password);
  await expect(memberPage).toHaveURL(/\/home(\?welcome=1)?$/);
  await expect(memberPage.locator("nav#sb").getByRole("link", { name: member.username })).toBeVisible();

  // Staff open the member's profile and disable the account (with a confirmation).
  const staffPage = await newPage(browser);
  const health = watchPage(staffPage);
  await signIn(staffPage, "staff", STAFF_PASSWORD, profilePath);
  await expect(staffPage).toHaveURL(new RegExp(`${profilePath}$`));
  const tools = staffPage.locator("section.ks-staff-panel");
  await expect(tools.getByRole("heading", { name: "Staff tools" })).toBeVisible();
  // The confirmation closes on any scroll (spec 001 §4.6): let the page's chunks arrive (a late one can move the page under
  // scroll anchoring), bring the button into view, let the scroll events settle, then click.
  await staffPage.waitForLoadState("networkidle");
  const disableButton = tools.getByRole("button", { name: "Disable account" });
  await disableButton.scrollIntoViewIfNeeded();
  await staffPage.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const confirm = staffPage.getByRole("dialog");
  // Opened again if a stray scroll on a loaded machine closed it before it could be read.
  await expect(async () => {
    if (!(await confirm.isVisible())) await disableButton.click();
    await expect(confirm).toContainText(`Disable the account of ${member.username}?`, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await confirm.getByRole("button", { name: "Disable" }).click();
  await expect(staffPage.locator(".ks-alert--success")).toContainText("The account has been disabled.");
  await expect(staffPage.locator("[data-account-disabled]")).toHaveText("This account has been disabled.");
  await expect(tools.getByRole("link", { name: "Enable account" })).toBeVisible();

  // The member's session is over...
  await memberPage.reload();
  await expect(memberPage.locator("nav#sb").getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(memberPage.locator("nav#sb").getByRole("link", { name: member.username })).toHaveCount(0);

  // ...and signing in again is refused, with the reason.
  await signIn(memberPage, member.username, member.password);
  await expect(memberPage).toHaveURL(/\/login\?.*error=account_disabled/);
  await expect(memberPage.locator(".ks-form-error[role=alert]")).toHaveText("This account has been disabled by our staff.");
  await expect(memberPage.locator("nav#sb").getByRole("link", { name: "Log in" })).toBeVisible();

  // Staff enable the account again from the confirm page, and the member can sign in.
  await tools.getByRole("link", { name: "Enable account" }).click();
  await expect(staffPage).toHaveURL(/\/members\/enable\/\d+$/);
  await expect(staffPage.getByRole("heading", { level: 1 })).toHaveText("Enable member");
  await staffPage.getByRole("button", { name: "Enable account" }).click();
  await expect(staffPage).toHaveURL(new RegExp(`${profilePath}\\?done=enabled$`));
  await expect(staffPage.locator(".ks-form-success")).toHaveText("The account has been enabled.");
  await expect(staffPage.locator("[data-account-disabled]")).toHaveCount(0);
  health.expectHealthy();

  await signIn(memberPage, member.username, member.password);
  await expect(memberPage).toHaveURL(/\/home(\?welcome=1)?$/);
  await expect(memberPage.locator("nav#sb").getByRole("link", { name: member.username })).toBeVisible();
});

test("a moderator sees no staff tools and is refused the enable page", async ({ page }) => {
  await signIn(page, "moderator", STAFF_PASSWORD, "/member/alice");
  await expect(page).toHaveURL(/\/member\/alice$/);
  await expect(page.locator("section.ks-staff-panel")).toHaveCount(0);
  const response = await page.goto("/members/enable/1");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Staff only");
});
