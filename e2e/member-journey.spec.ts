import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./members.ts";
import { FINISHED_GAME_ID } from "./sample-pages.ts";
import { watchPage } from "./site-health.ts";

/**
 * Issue 22's whole journey (decision 0070): a new member registers, follows
 * the first steps (follows someone, joins a club), chooses a board style and a
 * piece set and sees them on a game, and awards a trophy that shows on the
 * recipient's profile. And the award from a game page: the dialog is a chunk
 * of its own, loaded on the first click, with the game filled in.
 */

function freshUsername(): string {
  return `trek_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e4).toString(36)}`.slice(0, 25);
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector("main#main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__react"));
  });
}

/** The white king's image and the board's dark squares, read in one step (the board may be replaced after hydration). */
function boardLook(page: Page) {
  return page.evaluate(() => {
    const king = document.querySelector(".ks-board-frame piece.king.white");
    return { image: king ? getComputedStyle(king).backgroundImage : "", darkSquare: getComputedStyle(document.documentElement).getPropertyValue("--ks-board-dark").trim() };
  });
}

test("a new member registers, takes the first steps, chooses a board and pieces, sets a flair, and awards a trophy that shows on the recipient's profile", async ({ page }) => {
  test.setTimeout(150_000);
  const health = watchPage(page);
  const username = freshUsername();

  // Registering lands on the welcome.
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

  // First steps: follow the first suggestion, join the first suggested club.
  await hydrated(page);
  await steps.getByRole("button", { name: /^Follow / }).first().click();
  await expect(steps.getByRole("button", { name: "Following" })).toBeVisible();
  const clubLink = steps.locator("a[href^='/club/']").first();
  const clubName = (await clubLink.textContent()) ?? "";
  await clubLink.click();
  await page.getByRole("button", { name: "Join club" }).click();
  await expect(page.getByText("You are a member of this club.")).toBeVisible();
  await page.goto("/home");
  await expect(page.locator("[data-first-steps] [data-step-done='true']")).toHaveCount(2);
  await expect(page.locator("#home-clubs").locator("..")).toContainText(clubName);

  // A board style and a piece set, then a game wears them.
  await page.goto("/settings/themes");
  await hydrated(page);
  await page.getByRole("group", { name: "Board style" }).getByRole("radio", { name: "Walnut" }).check();
  await expect(page.getByRole("status").filter({ hasText: "Theme saved." })).toBeVisible();
  await page.getByRole("group", { name: "Piece set" }).getByRole("radio", { name: "Staunton" }).check();
  await expect(page.getByRole("radio", { name: "Staunton" })).toBeChecked();
  // The theme's stylesheet is swapped in place (for a moment both are linked): asked until only the new one is.
  await expect
    .poll(() => page.locator("link[rel=stylesheet][href^='/pub/themes/']").evaluateAll((elements) => elements.map((element) => element.getAttribute("href"))))
    .toEqual([expect.stringMatching(/^\/pub\/themes\/walnut\/staunton\//)]);
  await page.goto(`/game/live/${FINISHED_GAME_ID}`);
  await expect.poll(async () => (await boardLook(page)).image).toContain("/pieces/staunton/wk.svg");
  expect((await boardLook(page)).darkSquare).toBe("#8f5e34");
  await page.screenshot({ path: "test-results/journey-game-walnut-staunton.png" });

  // A flair from the free set, chosen in the settings, shows beside the name on the card (decision 0069).
  await page.goto("/settings#flair");
  await hydrated(page);
  const flair = page.locator("section#flair");
  await flair.getByRole("radio", { name: "heart" }).check();
  await expect(flair.getByRole("status").first()).toContainText("You wear heart.");
  const card = await page.request.get(`/callback/user/popup/${username}`, { headers: { accept: "application/json" } });
  expect(((await card.json()) as { user: { flair: unknown } }).user.flair).toEqual({ code: "heart" });

  // A trophy for carla, from her profile: the card's "award" leads to #award-trophy, which opens the dialog at its select state.
  await page.goto("/member/carla#award-trophy");
  const dialog = page.getByRole("dialog", { name: "Award a trophy to carla" });
  // After hydration, and the dialog's own chunk (a loaded machine takes a while).
  await hydrated(page);
  await expect(dialog.getByRole("group", { name: "Choose a trophy" })).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole("button", { name: "Great Sport" }).click();
  await dialog.getByLabel("Message (optional)").fill("Thanks for the <welcome>!");
  await dialog.getByRole("button", { name: "Award", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Trophy awarded to carla." })).toBeVisible();
  await page.keyboard.press("Escape");

  // On the recipient's profile, for anyone: the trophy, from this member, with the message as written.
  const visitor = await page.context().browser()?.newContext({ colorScheme: "dark" });
  if (!visitor) throw new Error("no browser");
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/member/carla");
  const cabinet = visitorPage.locator("#trophies");
  const awarded = cabinet.locator("li[data-trophy='great_sport']").filter({ hasText: `from ${username}` });
  await expect(awarded).toBeVisible();
  await expect(awarded).toContainText("Thanks for the <welcome>!");
  await cabinet.screenshot({ path: "test-results/journey-trophy-cabinet.png" });
  await visitor.close();
  health.expectHealthy();
});

test("a player awards the opponent a trophy from the game page: the dialog loads on the first click, with the game filled in", async ({ browser }) => {
  test.setTimeout(90_000);
  const alice = await signIn(browser, "alice", "/home");
  const health = watchPage(alice.page);
  const { page } = alice;
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.locator("a[aria-label='Open game against bob']").first().click();
  await page.waitForURL(/\/game\/\d+$/);
  const gameId = /\/game\/(\d+)$/.exec(page.url())?.[1] ?? "";
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  const award = page.getByRole("button", { name: "Award a trophy to bob" });
  await expect(award).toBeVisible();
  expect(scripts.filter((path) => path.includes("award-trophy-dialog"))).toEqual([]);

  await award.click();
  const dialog = page.getByRole("dialog", { name: "Award a trophy to bob" });
  await dialog.getByRole("button", { name: "Good Game" }).click();
  await expect(dialog.getByLabel("Game link or id (optional)")).toHaveValue(gameId);
  expect(scripts.filter((path) => path.includes("award-trophy-dialog"))).toHaveLength(1);
  await page.screenshot({ path: "test-results/journey-award-from-game.png" });
  await dialog.getByRole("button", { name: "Award", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Trophy awarded to bob." })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto("/member/bob");
  await expect(page.locator("#trophies li[data-trophy='good_game']").filter({ hasText: "from alice" }).first()).toBeVisible();
  health.expectHealthy();
  await alice.context.close();
});
