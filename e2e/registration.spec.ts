import { expect, test } from "@playwright/test";
import { bellCountAnswered } from "./members.ts";
import { watchPage } from "./site-health.ts";

/** A name no other run or parallel worker has used (letters, digits and _ only, at most 25 characters). */
function freshUsername(): string {
  return `e2e_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`.slice(0, 25);
}

test("a visitor registers, lands on /home signed in, and signs out again", async ({ page }) => {
  const health = watchPage(page);
  const username = freshUsername();
  await page.goto("/register");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign up");

  await page.getByLabel("Username").fill(username);
  // The live check answers once the name is typed (after hydration).
  await expect(page.locator("#register-username-status")).toHaveText(`${username} is available.`);
  await page.getByLabel("Email").fill(`${username}@example.org`);
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByLabel("Country").selectOption("NO");
  const bellReady = bellCountAnswered(page);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/home\?welcome=1$/);
  const nav = page.locator("nav#sb");
  await expect(nav.getByRole("link", { name: username })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Sign up" })).toHaveCount(0);

  await bellReady;
  await nav.getByRole("button", { name: "Log out" }).click();
  await expect(nav.getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(nav.getByRole("link", { name: username })).toHaveCount(0);
  health.expectHealthy();
});

test("a refused registration shows its message and keeps the entries", async ({ page }) => {
  const health = watchPage(page);
  const username = freshUsername();
  await page.goto("/register");
  await page.getByLabel("Username").fill("alice");
  await expect(page.locator("#register-username-status")).toHaveText("This username is already taken.");

  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(`${username}@example.org`);
  await page.getByLabel("Password").fill("password123");
  await page.getByLabel("Country").selectOption("GB");
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/register\?/);
  await expect(page.locator("form .ks-form-error[role=alert]")).toHaveText("Please correct the fields marked below.");
  await expect(page.getByText("This password is too common. Please choose one that is harder to guess.")).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveValue(username);
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expect(page.locator("nav#sb").getByRole("link", { name: "Log in" })).toBeVisible();
  health.expectHealthy();
});

test("a visitor can play as a guest from the register page", async ({ page }) => {
  const health = watchPage(page);
  await page.goto("/register");
  await page.getByRole("button", { name: "Play as a guest" }).click();
  await expect(page).toHaveURL(/\/play\/online\/new$/);
  await expect(page.locator("nav#sb").getByRole("link", { name: /^Guest\d{10}$/ })).toBeVisible();
  health.expectHealthy();
});
