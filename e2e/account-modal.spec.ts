import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./members.ts";

/**
 * Issue 10 item 9: the login/register modal of spec 000 §2 opens from the
 * navigation and from an action that needs an account, and signing in there
 * brings the visitor back to the page they were on; the browser reports its
 * uncaught errors to /error-reporting/web.
 */

/** React has hydrated the page (its props sit on the DOM nodes). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const link = document.querySelector("nav#sb a");
    return link !== null && Object.keys(link).some((key) => key.startsWith("__reactProps"));
  });
}

test("a visitor's Add friend opens the login modal, and signing in there comes back to the profile", async ({ page }) => {
  await page.goto("/member/bob");
  await hydrated(page);
  await page.locator("main [data-action='addFriend']").click();
  const dialog = page.getByRole("dialog", { name: "Log in to Kingside" });
  await expect(dialog).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/member/bob");
  await expect(dialog.getByRole("link", { name: "Create a free account" })).toHaveAttribute("href", "/register?redirectUrl=%2Fmember%2Fbob");

  await dialog.getByLabel("Password").fill("not the password");
  await dialog.getByLabel("Username or email").fill("alice");
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();

  await dialog.getByLabel("Password").fill(DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname === "/member/bob");
  await expect(page.locator("nav#sb").getByRole("button", { name: "Log out" })).toBeVisible();
  // Signed in, the card's own actions replace the invitations.
  await expect(page.locator("main [data-account-modal]")).toHaveCount(0);
});

test("the navigation's Log in opens the modal instead of leaving the page; Sign up goes to the register page", async ({ page }) => {
  await page.goto("/clubs");
  await hydrated(page);
  await page.locator("nav#sb").getByRole("link", { name: "Log in" }).click();
  await expect(page.getByRole("dialog", { name: "Log in to Kingside" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/clubs");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // The register dialog is written for blocked actions (issue 22 item 2): the header's Sign up is a plain link.
  await page.locator("nav#sb").getByRole("link", { name: "Sign up" }).click();
  await page.waitForURL((url) => url.pathname === "/register");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("an uncaught error in the page is reported to /error-reporting/web", async ({ page }) => {
  const reports: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/error-reporting/web")) reports.push(request.method());
  });
  await page.goto("/clubs");
  await hydrated(page);
  expect(reports).toEqual([]);
  // A beacon's body is not visible to Playwright: the server's 202 says it took the report (browser-errors.test.ts checks the body).
  const accepted = page.waitForResponse((response) => response.url().endsWith("/error-reporting/web") && response.status() === 202);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("e2e uncaught failure");
    }, 0);
  });
  await accepted;
  expect(reports).toEqual(["POST"]);
});
