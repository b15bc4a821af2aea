import { expect, test } from "@playwright/test";
import { bellCountAnswered } from "./members.ts";
import { watchPage } from "./site-health.ts";

const PASSWORD = "kingside-demo";

test("login_and_go signs in and lands on the target", async ({ page }) => {
  const health = watchPage(page);
  await page.goto("/login_and_go?redirectUrl=/clubs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in to continue");
  await page.getByLabel("Username or email").fill("bob");
  await page.getByLabel("Password").fill(PASSWORD);
  const bellReady = bellCountAnswered(page);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/clubs$/);
  await expect(page.locator("nav#sb").getByRole("link", { name: "bob" })).toBeVisible();
  await bellReady;
  await page.locator("nav#sb").getByRole("button", { name: "Log out" }).click();
  await expect(page.locator("nav#sb").getByRole("link", { name: "Log in" })).toBeVisible();
  health.expectHealthy();
});

test("an off-site redirect target lands on /home instead", async ({ page }) => {
  await page.goto("/login_and_go?redirectUrl=https://evil.example/");
  await page.getByLabel("Username or email").fill("bob");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/home(\?welcome=1)?$/);
});

test("a wrong password is refused with a message and the name kept", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Username or email").fill("alice");
  await page.getByLabel("Password").fill("certainly-not-her-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid username or password.");
  await expect(page.getByLabel("Username or email")).toHaveValue("alice");
});

test("settings send an anonymous visitor to sign in first", async ({ page }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login_and_go\?redirectUrl=%2Fsettings$/);
});
