import { expect, test, type Page } from "@playwright/test";
import { command } from "./board.ts";
import { signIn } from "./members.ts";
import { ownServer } from "./own-server.ts";
import { watchPage } from "./site-health.ts";

/**
 * Board options and the site theme (issue 22 items 3 and 4): a member
 * changes coordinates, orientation and theme in /settings and sees them on
 * their game, after a reload too; the theme is in the HTML from the first
 * byte, and a visitor's page follows their device. Its own server: the
 * member's saved options must not leak into other journeys.
 */

const baseURL = ownServer("board-options");
test.use({ baseURL });

const wide = { width: 1366, height: 900 };

/** The page's background colour, as painted. */
function background(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
}

/** Waits for the settings service to save one change made on the page. */
function saved(page: Page): Promise<unknown> {
  return page.waitForResponse((response) => new URL(response.url()).pathname === "/callback/settings/users/me" && response.request().method() === "POST" && response.ok());
}

test("a member sets coordinates, white at the bottom and the light theme, and their game shows them, after a reload too", async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = await signIn(browser, "alice", "/home", { baseURL, viewport: wide });
  const bob = await signIn(browser, "bob", "/home", { baseURL, viewport: wide });
  const health = watchPage(bob.page);
  const challenge = (await command(alice.page, "challenge.create", {
    opponent: "bob",
    terms: { rules: "standard", control: { kind: "live", baseSeconds: 600, incrementSeconds: 0 }, rated: false, color: "white" },
  })) as { id: number };
  const { gameId } = (await command(bob.page, "challenge.accept", { id: challenge.id })) as { gameId: number };
  const gamePath = `/game/live/${gameId}`;

  // The defaults: bob plays black, so black is at the bottom, with coordinates; the theme follows his device (dark here).
  await bob.page.goto(gamePath);
  const board = bob.page.locator(".ks-board-frame .cg-wrap");
  await expect(board).toHaveClass(/orientation-black/);
  await expect(board.locator("coords")).toHaveCount(2);
  await expect(bob.page.locator("html")).toHaveAttribute("data-theme", "system");

  await bob.page.goto("/settings#board");
  const section = bob.page.getByRole("region", { name: "Board and theme" });
  await expect(section).toBeVisible();
  let change = saved(bob.page);
  await section.getByRole("combobox", { name: /^Coordinates/ }).selectOption("off");
  await change;
  change = saved(bob.page);
  await section.getByLabel("White always at the bottom").check();
  await change;
  change = saved(bob.page);
  await section.getByLabel("Light", { exact: true }).check();
  await change;
  // The new theme shows at once, without a reload.
  await expect(bob.page.locator("html")).toHaveAttribute("data-theme", "light");
  await expect.poll(() => background(bob.page)).toBe("rgb(244, 243, 240)");
  await expect(section.getByRole("status")).toHaveText("Saved");

  await bob.page.goto(gamePath);
  await expect(board).toHaveClass(/orientation-white/);
  await expect(board.locator("coords")).toHaveCount(0);
  expect(await background(bob.page)).toBe("rgb(244, 243, 240)");
  await bob.page.reload();
  await expect(board).toHaveClass(/orientation-white/);
  await expect(board.locator("coords")).toHaveCount(0);
  await expect(bob.page.locator("html")).toHaveAttribute("data-theme", "light");

  // Coordinates outside the board: the frame leaves them a strip.
  await bob.page.goto("/settings#board");
  change = saved(bob.page);
  await section.getByRole("combobox", { name: /^Coordinates/ }).selectOption("outside");
  await change;
  await bob.page.goto(gamePath);
  await expect(bob.page.locator(".ks-board-frame.ks-coords-outside coords")).toHaveCount(2);

  // The settings page shows what was saved, read back from the server.
  await bob.page.goto("/settings#board");
  await expect(section.getByRole("combobox", { name: /^Coordinates/ })).toHaveValue("outside");
  await expect(section.getByLabel("White always at the bottom")).toBeChecked();
  await expect(section.getByLabel("Light", { exact: true })).toBeChecked();
  health.expectHealthy();
  await alice.context.close();
  await bob.context.close();
});

test("the chosen theme is in the first byte of the HTML, and a visitor's page follows the device without a script", async ({ browser, request }) => {
  const carla = await signIn(browser, "carla", "/home", { baseURL, viewport: wide });
  const token = (await carla.context.cookies()).find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
  const answer = await carla.page.request.post("/callback/settings/users/me", { headers: { accept: "application/json", "x-xsrf-token": decodeURIComponent(token) }, data: { "site.dark_mode": 0 } });
  expect(answer.status()).toBe(200);
  const html = await (await carla.page.request.get("/clubs")).text();
  expect(html).toMatch(/^<!DOCTYPE html><html [^>]*data-theme="light"/);
  expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/tokens-light-[\w-]+\.css" media="all"\/>/);
  await carla.context.close();

  const visitorHtml = await (await request.get("/clubs")).text();
  expect(visitorHtml).toMatch(/<html [^>]*data-theme="system"/);
  expect(visitorHtml).toContain('media="(prefers-color-scheme: light)"');

  // No script at all: the colours come from the stylesheets and the device's setting alone.
  for (const [colorScheme, expected] of [["light", "rgb(244, 243, 240)"], ["dark", "rgb(27, 26, 24)"]] as const) {
    const context = await browser.newContext({ baseURL, colorScheme, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/clubs");
    expect(await background(page), colorScheme).toBe(expected);
    await context.close();
  }
});
