import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./members.ts";
import { watchPage } from "./site-health.ts";

/**
 * Issue 22 items 1–2: a new member registers, is welcomed on /home with first
 * steps, follows someone and joins a club from them, and /home shows both
 * steps taken and the club's news; a demo member's /home has their games,
 * ratings and feed. Screenshots of both in test-results/ (dark theme).
 */

function freshUsername(): string {
  return `home_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e4).toString(36)}`.slice(0, 25);
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const link = document.querySelector("nav#sb a");
    return link !== null && Object.keys(link).some((key) => key.startsWith("__reactProps"));
  });
}

test("a new member registers, sees the welcome, follows someone and joins a club from the first steps, and /home shows it", async ({ page }) => {
  test.setTimeout(90_000);
  const health = watchPage(page);
  const username = freshUsername();
  await page.goto("/register");
  await page.getByLabel("Username").fill(username);
  await expect(page.locator("#register-username-status")).toHaveText(`${username} is available.`);
  await page.getByLabel("Email").fill(`${username}@example.org`);
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByLabel("Country").selectOption("NO");
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/home\?welcome=1$/);
  const steps = page.locator("[data-first-steps]");
  await expect(steps.getByRole("heading", { name: `Welcome to Kingside, ${username}!` })).toBeVisible();
  await expect(steps.locator("[data-step-done='false']")).toHaveCount(4);
  await expect(steps.getByRole("link", { name: "New here? Read how Kingside works" })).toHaveAttribute("href", "/help");
  await page.screenshot({ path: "test-results/home-new-member.png", fullPage: true });

  // Follow the first suggestion (the button says so at once), then join the first suggested club.
  await hydrated(page);
  const follow = steps.getByRole("button", { name: /^Follow / }).first();
  const followed = ((await follow.textContent()) ?? "").replace(/^Follow /, "");
  await follow.click();
  await expect(steps.getByRole("button", { name: "Following" })).toBeVisible();

  const clubLink = steps.locator("a[href^='/club/']").first();
  const clubName = (await clubLink.textContent()) ?? "";
  await clubLink.click();
  await page.getByRole("button", { name: "Join club" }).click();
  await expect(page.getByText("You are a member of this club.")).toBeVisible();

  await page.goto("/home");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome back, ${username}`);
  await expect(page.locator("[data-first-steps] [data-step-done='true']")).toHaveCount(2);
  await expect(page.locator("#home-clubs").locator("..")).toContainText(clubName);
  await expect(page.locator("[data-feed='following']")).toBeVisible();
  // The followed member's name links from the feed once they do something; today the feed may be empty but says why not.
  expect(followed.length).toBeGreaterThan(0);

  // The quick pairing leads into the real seek form, set to the chosen control.
  await page.locator("[data-quick-pairing='3+2']").click();
  await expect(page).toHaveURL(/\/play\/online\/new\?control=3%2B2$/);
  await expect(page.getByRole("radio", { name: "3+2" })).toBeChecked();
  health.expectHealthy();
});

test("a demo member's home shows their games, ratings and feed, and the help page is linked from the footer", async ({ browser }) => {
  test.setTimeout(90_000);
  const alice = await signIn(browser, "alice", "/home");
  const health = watchPage(alice.page);
  await expect(alice.page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, alice");
  await expect(alice.page.locator("#home-games")).toBeVisible();
  await expect(alice.page.locator("#home-ratings")).toBeVisible();
  await expect(alice.page.locator("#home-feed")).toBeVisible();
  await expect(alice.page.locator("[data-quick-pairing]")).toHaveCount(4);
  await hydrated(alice.page);
  await alice.page.waitForLoadState("networkidle");
  await alice.page.screenshot({ path: "test-results/home-demo-member.png", fullPage: true });
  await alice.page.getByRole("contentinfo").getByRole("link", { name: "Help" }).click();
  await expect(alice.page).toHaveURL(/\/help$/);
  await expect(alice.page.getByRole("heading", { name: "Privacy and blocking" })).toBeVisible();
  health.expectHealthy();
  await alice.context.close();
});

test("a signed-in member's /home stays within the page budgets on a cold cache", async ({ browser }) => {
  test.setTimeout(90_000);
  const alice = await signIn(browser, "alice", "/member/alice");
  // A fresh context with alice's cookies only: nothing cached.
  const cold = await browser.newContext({ storageState: await alice.context.storageState(), colorScheme: "dark" });
  await alice.context.close();
  const page = await cold.newPage();
  const sizes: Promise<{ type: string; bytes: number; file: string }>[] = [];
  page.on("requestfinished", (request) => sizes.push(request.sizes().then((size) => ({ type: request.resourceType(), bytes: size.responseBodySize, file: new URL(request.url()).pathname.split("/").pop() ?? "" }))));
  await page.goto("/home", { waitUntil: "networkidle" });
  // Hydrated, with the member's view and the signed-in shell loaded.
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  const finished = await Promise.all(sizes);
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const scriptKb = kb(finished.filter((entry) => entry.type === "script").reduce((sum, entry) => sum + entry.bytes, 0));
  const htmlKb = kb(finished.find((entry) => entry.type === "document")?.bytes ?? 0);
  console.log(`/home signed in as alice: ${scriptKb} KB JS, ${htmlKb} KB HTML`, finished.filter((entry) => entry.type === "script").map((entry) => `${entry.file} ${kb(entry.bytes)}`).join(", "));
  expect(scriptKb).toBeGreaterThan(10);
  expect(htmlKb).toBeLessThanOrEqual(20);
  // The whole is about 120 KB, of which the shell, the entry and the signed-in shell are about 116 KB (measured 120.4 KB on
  // 2026-11-28): the home's own chunks are held to what is left; the shell's share is for the issue that trims it.
  const ownKb = kb(finished.filter((entry) => entry.type === "script" && /^(home-page|member-home-view|feed-date)-/.test(entry.file)).reduce((sum, entry) => sum + entry.bytes, 0));
  expect(ownKb).toBeGreaterThan(1);
  expect(ownKb).toBeLessThanOrEqual(4.5);
  await cold.close();
});
