import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { ownServer } from "./own-server.ts";
import { watchPage } from "./site-health.ts";

/**
 * The human check in Chromium (spec 001 §4.7). These journeys run against a
 * server of their own (in-memory database): the check counts registrations
 * per address, and every Playwright test reaches the shared server from
 * 127.0.0.1, so registering here would challenge the other journeys.
 */

const baseURL = ownServer("the human-check server");

test.describe.configure({ mode: "serial" });
test.use({ baseURL, colorScheme: "dark" });

let serial = 0;
function newMember() {
  serial += 1;
  const name = `human${Date.now() % 100000}n${serial}`;
  return { username: name, email: `${name}@example.com`, password: "a-long-and-unusual-passphrase-42", country: "NL" };
}

/** Registers through the API from the same address, as a script would: GET a page for the CSRF cookie, then POST. */
async function registerByScript(): Promise<number> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await api.get("/register");
    const token = (await api.storageState()).cookies.find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
    const response = await api.post("/register", { data: newMember(), headers: { "x-xsrf-token": token, accept: "application/json" } });
    return response.status();
  } finally {
    await api.dispose();
  }
}

async function fillRegistration(page: Page, member: ReturnType<typeof newMember>) {
  await page.locator("#register-username").fill(member.username);
  await page.locator("#register-email").fill(member.email);
  await page.locator("#register-password").fill(member.password);
  await page.locator("#register-country").selectOption(member.country);
}

test("a registration past the limit goes to the verification page, which says why; ticking the box there brings back the form as it was typed", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const health = watchPage(page);
  // Three registrations from this address use up the hour's allowance.
  for (let registration = 0; registration < 3; registration += 1) expect(await registerByScript()).toBe(200);

  await page.goto("/register");
  const member = newMember();
  await fillRegistration(page, member);
  await page.locator("form[action='/register'] button[type='submit']").click();
  await expect(page).toHaveURL(/\/verification\?redirect=%2Fregister%3F/);
  // The password never travels in a URL.
  expect(page.url()).not.toContain(member.password);
  await expect(page.getByRole("heading", { level: 1, name: "Verification" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Check the box to proceed." })).toBeVisible();
  await expect(page.getByText("You see this check because many requests like yours came from your network in a short time.")).toBeVisible();
  const box = page.getByRole("checkbox", { name: "I am human" });
  await expect(box).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath("verification-page.png"), fullPage: true });

  await box.check();
  await expect(page).toHaveURL(/\/register\?.*human_check=passed/, { timeout: 30_000 });
  const pass = (await page.context().cookies()).find((cookie) => cookie.name === "ks_human_pass");
  expect(pass).toMatchObject({ httpOnly: true, sameSite: "Lax" });

  // Back on the form: what was typed is there (the password aside), and a line says the check passed.
  await expect(page.locator("form[action='/register'] .ks-form-success")).toHaveText("The check passed. What you typed is filled in again (passwords aside): send the form once more.");
  await expect(page.locator("#register-username")).toHaveValue(member.username);
  await expect(page.locator("#register-email")).toHaveValue(member.email);
  await expect(page.locator("#register-country")).toHaveValue(member.country);
  await expect(page.locator("#register-password")).toHaveValue("");
  await expect(page.locator("#register-password")).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath("form-after-the-check.png"), fullPage: true });

  await page.keyboard.type(member.password);
  await page.locator("form[action='/register'] button[type='submit']").click();
  await expect(page).toHaveURL(/\/home(\?welcome=1)?$/);
  await expect(page.locator("nav#sb").getByRole("link", { name: member.username })).toBeVisible();
  health.expectHealthy();
});

test("a call of the page's HTTP client that is challenged opens the dialog, and is replayed once the box is ticked", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const health = watchPage(page, { allowStatus: (url, status) => status === 403 && url.includes("/callback/user/valid") });
  // The server challenges the first username check, as it would any guarded call past its limit;
  // the check itself (challenge, work in the browser, verify, pass cookie) and the replay are real.
  const checks: number[] = [];
  await page.route("**/callback/user/valid?*", async (route) => {
    checks.push(checks.length + 1);
    if (checks.length === 1) {
      await route.fulfill({
        status: 403,
        headers: { "x-kingside-challenge": "1", "content-type": "application/json" },
        body: JSON.stringify({ code: "challenge_required", message: "Please confirm that you are human to continue." }),
      });
      return;
    }
    await route.continue();
  });

  await page.goto("/register");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const username = newMember().username;
  await page.locator("#register-username").fill(username);

  const dialog = page.getByRole("dialog", { name: "Check the box to proceed." });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("human-check-dialog.png") });
  await dialog.getByRole("checkbox", { name: "I am human" }).check();
  await expect(dialog).toHaveCount(0, { timeout: 30_000 });

  await expect(page.locator("#register-username-status")).toHaveText(`${username} is available.`);
  expect(checks).toEqual([1, 2]);
  const pass = (await page.context().cookies()).find((cookie) => cookie.name === "ks_human_pass");
  expect(pass).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  health.expectHealthy();
});

test("without JavaScript the verification page says the check needs it", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/verification?redirect=%2Fclubs");
  // Playwright's text matching skips <noscript>; the rendered text shows what the member reads.
  await expect(page.locator("main noscript .ks-form-error")).toBeVisible();
  expect(await page.locator("main").innerText()).toContain("This check needs JavaScript. Please turn JavaScript on and reload the page.");
  await expect(page.getByRole("checkbox", { name: "I am human" })).toBeDisabled();
  await context.close();
});
