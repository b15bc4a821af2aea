import { expect, test, type Page } from "@playwright/test";
import { boardReady } from "./board.ts";
import { signIn, type Member } from "./members.ts";
import { ownServer } from "./own-server.ts";
import { watchPage } from "./site-health.ts";

/**
 * Issue 26's arena journey in Chromium, on a server of its own (the arena's
 * players must not be paired into other journeys' games): Alice creates an
 * arena starting within the minute, she, Bob and Carla join, it starts and
 * pairs two of them; one berserks and wins when the other resigns; the next
 * wave pairs the winner with the player who waited, and that game is
 * resigned too. A visitor watching the page sees the standings change
 * without reloading.
 */

const baseURL = ownServer("arena");
test.use({ baseURL, colorScheme: "dark" });
test.describe.configure({ mode: "serial" });

/** "YYYY-MM-DDTHH:mm" (UTC, as the form reads it) of the next minute that is at least 25 s away. */
function soonestStart(): string {
  const at = new Date(Date.now() + 25_000);
  at.setUTCSeconds(0, 0);
  at.setUTCMinutes(at.getUTCMinutes() + 1);
  return at.toISOString().slice(0, 16);
}

/** Whose arena page offers a game now (the polled standings carry the viewer's game). */
async function inGame(page: Page): Promise<boolean> {
  return (await page.getByRole("link", { name: "Your game is on: play" }).count()) > 0;
}

async function resign(member: Member): Promise<void> {
  await member.page.getByRole("link", { name: "Your game is on: play" }).click();
  await expect(member.page).toHaveURL(/\/game\/live\/\d+$/);
  // The interactive page has taken over (a click on the server's button before that does nothing).
  await boardReady(member.page);
  await member.page.getByRole("button", { name: "Resign" }).click();
  await member.page.getByRole("dialog").getByRole("button", { name: "Resign" }).click();
  await expect(member.page.getByText("by resignation").first()).toBeVisible();
}

test("three members join an arena, two games end, one berserk win scores 3, and a watching visitor sees the standings change live", async ({ browser }) => {
  test.setTimeout(300_000);
  const options = { baseURL, viewport: { width: 1280, height: 900 } };
  const alice = await signIn(browser, "alice", "/play/online/create-tournament", options);
  const health = watchPage(alice.page);

  await alice.page.getByLabel("Name", { exact: true }).fill("Journey Arena");
  await alice.page.getByLabel("Start (UTC)").fill(soonestStart());
  await alice.page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(alice.page).toHaveURL(/\/tournament\/live\/arena\/[a-z0-9-]+$/);
  const arenaPath = new URL(alice.page.url()).pathname;
  await alice.page.getByRole("button", { name: "Join", exact: true }).click();
  await expect(alice.page.getByTestId("arena-standings").locator("[data-player='alice']")).toBeVisible();

  const bob = await signIn(browser, "bob", arenaPath, options);
  await bob.page.getByRole("button", { name: "Join", exact: true }).click();
  const carla = await signIn(browser, "carla", arenaPath, options);
  await carla.page.getByRole("button", { name: "Join", exact: true }).click();

  // A visitor watches: the page keeps its standings current by itself.
  const visitorContext = await browser.newContext({ baseURL, colorScheme: "dark" });
  const visitor = await visitorContext.newPage();
  const visitorHealth = watchPage(visitor);
  await visitor.goto(arenaPath);
  const standings = visitor.getByTestId("arena-standings");
  await expect(standings.locator("tbody tr")).toHaveCount(3);
  const scoreOf = (username: string) => standings.locator(`[data-player='${username}'] [data-testid='arena-score']`);

  // The start pairs two of the three; the third waits.
  const members = { alice, bob, carla };
  await expect(async () => {
    const playing = await Promise.all(Object.values(members).map((member) => inGame(member.page)));
    expect(playing.filter(Boolean)).toHaveLength(2);
  }).toPass({ timeout: 150_000, intervals: [1_000] });
  const paired: string[] = [];
  for (const [name, member] of Object.entries(members)) if (await inGame(member.page)) paired.push(name);
  const [berserkerName, resignerName] = paired as [keyof typeof members, keyof typeof members];
  const waiterName = (Object.keys(members) as (keyof typeof members)[]).find((name) => !paired.includes(name)) ?? "carla";
  const berserker = members[berserkerName];

  // Berserk before the first move, then the opponent resigns: 2 for the win and 1 for the berserk.
  await berserker.page.getByRole("button", { name: /^Berserk/ }).click();
  await expect(berserker.page.getByText("Berserk! Your clock is halved.")).toBeVisible();
  await resign(members[resignerName]);
  await expect(scoreOf(berserkerName)).toHaveText("3", { timeout: 20_000 });
  await expect(scoreOf(resignerName)).toHaveText("0");

  // The next wave pairs the winner with the one who waited (never the same opponent again at once).
  const waiter = members[waiterName];
  await expect(async () => {
    await waiter.page.reload();
    expect(await inGame(waiter.page)).toBe(true);
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  await resign(waiter);
  await expect(scoreOf(berserkerName)).toHaveText("5", { timeout: 20_000 });
  await visitor.screenshot({ path: "test-results/arena-standings.png", fullPage: true });

  health.expectHealthy();
  visitorHealth.expectHealthy();
  await visitorContext.close();
});
