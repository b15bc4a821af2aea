import { expect, test } from "@playwright/test";
import { signIn } from "./members.ts";
import { watchPage } from "./site-health.ts";

/**
 * Issue 23 in Chromium: a member browses the blitz board, switches to bullet
 * with the game-type menu, narrows to a country and to friends, goes to page
 * 2 of the whole board, and opens a player's stats page from a rank link.
 */
test("a member browses blitz, switches to bullet, filters by country and by friends, pages on and opens a player's stats from a rank link", async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = await signIn(browser, "alice", "/leaderboard/live/blitz", { viewport: { width: 1366, height: 900 } });
  const { page } = alice;
  const health = watchPage(page);
  const leaders = page.locator("#leaderboard-table tbody tr[data-username]");
  await expect(page.getByRole("heading", { level: 1, name: "Blitz leaderboard" })).toBeVisible();
  await expect(leaders.first()).toBeVisible();

  // The game-type menu navigates to bullet.
  const typeMenu = page.locator("details.ks-link-menu", { hasText: "Game type" });
  await typeMenu.locator("summary").click();
  await typeMenu.getByRole("link", { name: "Bullet", exact: true }).click();
  await expect(page).toHaveURL(/\/leaderboard\/live\/bullet$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bullet leaderboard" })).toBeVisible();
  await expect(leaders.first()).toBeVisible();

  // The first leader's country narrows the board to that country: every row shows its flag.
  const code = await leaders.first().locator("[data-country]").first().getAttribute("data-country");
  expect(code).toMatch(/^[A-Z]{2}$/);
  await page.getByLabel("Country").selectOption(code ?? "");
  await page.getByRole("button", { name: "Show country" }).click();
  await expect(page).toHaveURL(new RegExp(`/leaderboard/live/bullet\\?country=${code}$`));
  await expect(leaders.first()).toBeVisible();
  const flags = await leaders.locator(`td [data-country]`).evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-country")));
  expect(new Set(flags)).toEqual(new Set([code]));

  // Friends only: alice and her friends, alice among them or the board's empty state.
  const filterMenu = page.locator("details.ks-link-menu").filter({ has: page.locator("summary", { hasText: "Country" }) });
  await filterMenu.locator("summary").click();
  await filterMenu.getByRole("link", { name: "Friends", exact: true }).click();
  await expect(page).toHaveURL(/\/leaderboard\/live\/bullet\?friendsOnly=1$/);
  await expect(leaders.first().or(page.getByText("Leaderboard currently unavailable"))).toBeVisible();

  // Page 2 of the whole blitz board.
  await page.goto("/leaderboard/live/blitz");
  await page.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/leaderboard\/live(\/blitz)?\?page=2$/);
  await expect(page.locator("#leaderboard-table tbody tr[data-username] td a").first()).toHaveText("#51");

  // A rank link opens the player's blitz stats page.
  const first = page.locator("#leaderboard-table tbody tr[data-username]").first();
  const username = await first.getAttribute("data-username");
  await first.locator("td.ks-leaderboard-rank a").click();
  await expect(page).toHaveURL(new RegExp(`/stats/live/blitz/${(username ?? "").toLowerCase()}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(username ?? "");
  health.expectHealthy();
  await alice.context.close();
});
