import { expect, test, type Page } from "@playwright/test";
import { watchPage } from "./site-health.ts";

const PASSWORD = "kingside-demo";

/** Records every CSP violation the page reports (the listener is installed before any of the page's own scripts). */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/** Hydrated: React Router's inline module script ran (it defines the route modules) and the client router took over. */
async function expectHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => "__reactRouterRouteModules" in window && "__reactRouterDataRouter" in window);
}

const publicPages = ["/", "/home", "/login", "/register", "/member/alice"];

for (const path of publicPages) {
  test(`${path} hydrates under the Content-Security-Policy with no violation`, async ({ page }) => {
    const violations = await watchCsp(page);
    const health = watchPage(page);
    const response = await page.goto(path);
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
    await expectHydrated(page);
    expect(violations).toEqual([]);
    health.expectHealthy();
  });
}

test("a member's /settings and /member/{name} hydrate under the policy, and client navigation still works", async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto("/login_and_go?redirectUrl=/settings");
  await page.getByLabel("Username or email").fill("carla");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expectHydrated(page);
  await page.goto("/member/carla");
  await expectHydrated(page);
  await page.locator("nav#sb").getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/home(\?welcome=1)?$/);
  expect(violations).toEqual([]);
});
