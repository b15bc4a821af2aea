import { expect, test, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { signIn } from "./members.ts";
import { watchPage } from "./site-health.ts";

/**
 * Flair (issue 22 item 5, decision 0069): the settings picker by membership
 * level, the "Want Your Own Flair?" upsell, and a chosen flair beside the
 * name on the card, a leaderboard row and a game's player bar. Screenshots of
 * the picker and a player bar, dark and light, go to test-results/flair/.
 */

const shots = "test-results/flair";

async function screenshotBoth(page: Page, name: string, target: () => Promise<void>) {
  mkdirSync(shots, { recursive: true });
  for (const scheme of ["dark", "light"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await target();
    await page.screenshot({ path: `${shots}/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "dark" });
}

test("a basic member chooses from the free flair; a premium one opens the upsell", async ({ browser }) => {
  test.setTimeout(90_000);
  const bob = await signIn(browser, "bob", "/settings", { viewport: { width: 1280, height: 900 } });
  const { page } = bob;
  const health = watchPage(page);
  const section = page.locator("section#flair");
  await expect(section.getByRole("heading", { name: "Flair" })).toBeVisible();
  await expect(section.locator('input[name="flairCode"]')).toHaveCount(4);
  await expect(section.locator("[data-flair-locked]").first()).toBeVisible();

  // A premium flair: the dialog, not a choice.
  await section.locator('[data-flair-locked="crown"]').click();
  const dialog = page.getByRole("dialog", { name: "Want Your Own Flair?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", /\/membership\?c=flair/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // A free one is saved at once, by keyboard too.
  await section.getByRole("radio", { name: "heart" }).check();
  await expect(section.getByRole("status").first()).toContainText("You wear heart.");
  await section.scrollIntoViewIfNeeded();
  await screenshotBoth(page, "settings-picker-basic", () => section.scrollIntoViewIfNeeded());
  const card = await page.request.get("/callback/user/popup/bob", { headers: { accept: "application/json" } });
  expect(((await card.json()) as { user: { flair: unknown } }).user.flair).toEqual({ code: "heart" });
  health.expectHealthy();
  await bob.context.close();
});

test("a premium member's chosen flair shows on the card, a leaderboard row and the game's player bar", async ({ browser }) => {
  test.setTimeout(150_000);
  const alice = await signIn(browser, "alice", "/settings", { viewport: { width: 1280, height: 900 } });
  const { page } = alice;
  const section = page.locator("section#flair");
  await expect(section.locator("[data-flair-locked]")).toHaveCount(0);
  await section.getByRole("radio", { name: "rocket" }).check();
  await expect(section.getByRole("status").first()).toContainText("You wear rocket.");
  await screenshotBoth(page, "settings-picker-premium", () => section.scrollIntoViewIfNeeded());

  // The card (a visitor's, from another browser: nothing kept from before the change).
  const visitor = await browser.newContext();
  const card = await visitor.request.get("/callback/user/popup/alice", { headers: { accept: "application/json" } });
  expect(((await card.json()) as { user: { flair: unknown } }).user.flair).toEqual({ code: "rocket" });
  await visitor.close();

  // The profile's card tagline.
  await page.goto("/member/alice");
  await expect(page.locator('main [data-flair="rocket"]').first()).toBeVisible();

  // A leaderboard row. The ranks are built by a job a minute after the server starts: wait for the board first.
  await expect
    .poll(async () => {
      await page.goto("/leaderboard/live/blitz");
      return page.locator("tr .ks-leader").count();
    }, { timeout: 120_000, intervals: [5_000] })
    .toBeGreaterThan(0);
  // Demo leaders wear flair: drawn as plain images from the code the server sent.
  await expect(page.locator("tr .ks-leader [data-flair] img").first()).toHaveAttribute("src", /^\/flair\/[a-z_]+\.svg$/);
  // (alice is not ranked in the e2e data: a leader's row shows the flair the card says, both decided by the server.)
  const leader = page.locator("tr .ks-leader", { has: page.locator("[data-flair]") }).first();
  const leaderName = (await leader.locator("a[href^='/member/']").first().textContent()) ?? "";
  const leaderFlair = await leader.locator("[data-flair]").getAttribute("data-flair");
  const leaderCard = await page.request.get(`/callback/user/popup/${leaderName}`, { headers: { accept: "application/json" } });
  expect(((await leaderCard.json()) as { user: { flair: unknown } }).user.flair).toEqual({ code: leaderFlair });

  // A game of hers: the player bar draws the flair as a plain image with its name.
  await page.goto("/games/archive/alice");
  await page.locator(".ks-archive-board-link").first().click();
  await page.waitForURL(/\/game\//);
  const bar = page.locator(".ks-player-bar", { has: page.getByRole("link", { name: "alice", exact: true }) });
  const flair = bar.locator('img[src="/flair/rocket.svg"]');
  await expect(flair).toBeVisible();
  await expect(flair).toHaveAttribute("alt", "Flair: rocket");
  await screenshotBoth(page, "player-bar", () => bar.scrollIntoViewIfNeeded());

  // Hidden: gone from the player bar.
  await page.goto("/settings#flair");
  await section.getByRole("radio", { name: "Hidden" }).check();
  await expect(section.getByRole("status").first()).toContainText("it is hidden");
  await page.goBack();
  await page.reload();
  await expect(page.locator(".ks-player-bar").first()).toBeVisible();
  await expect(page.locator('.ks-player-bar img[src="/flair/rocket.svg"]')).toHaveCount(0);
  await alice.context.close();
});
