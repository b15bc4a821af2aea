import { expect, test, type Browser, type Page } from "@playwright/test";
import { boardReady, click, command, drag, movesShown } from "./board.ts";
import { signIn as signInAs } from "./members.ts";
import { ownServer } from "./own-server.ts";
import { watchPage } from "./site-health.ts";

/**
 * The game page's actions in Chromium (issue 9 item 3): a game aborted before
 * both sides moved; a Chess960 game in which a draw offer is declined, then
 * another accepted; and the rematch that takes both players to a new game.
 * Alice plays on a wide screen by drag, bob on a phone by click; every
 * action is a button of the page, not a socket command.
 */

const baseURL = ownServer("game-actions");
test.use({ baseURL });

const wide = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };

async function signIn(browser: Browser, username: string, viewport: { width: number; height: number }): Promise<Page> {
  return (await signInAs(browser, username, "/home", { baseURL, viewport })).page;
}

/** A live game between alice (white) and bob, from a challenge bob accepts; both open its page. */
async function newGame(alice: Page, bob: Page, rules: "standard" | "chess960"): Promise<string> {
  const challenge = (await command(alice, "challenge.create", {
    opponent: "bob",
    terms: { rules, control: { kind: "live", baseSeconds: 300, incrementSeconds: 0 }, rated: false, color: "white" },
  })) as { id: number };
  const { gameId } = (await command(bob, "challenge.accept", { id: challenge.id })) as { gameId: number };
  const path = `/game/live/${gameId}`;
  await alice.goto(path);
  await bob.goto(path);
  for (const page of [alice, bob]) await boardReady(page);
  return path;
}

test("players abort, decline and accept a draw in Chess960, and meet again in a rematch, all from the page's buttons", async ({ browser }) => {
  test.setTimeout(180_000);
  const alice = await signIn(browser, "alice", wide);
  const bob = await signIn(browser, "bob", phone);
  const health = [alice, bob].map((page) => watchPage(page));

  // Before both sides moved, a player may abort: nobody wins, nothing is rated.
  await newGame(alice, bob, "standard");
  await alice.locator("[data-action='abort']").click();
  for (const page of [alice, bob]) {
    await expect(page.locator(".ks-game-result")).toContainText("Game aborted");
    await expect(page.locator(".ks-game-result")).toContainText("before both players moved");
  }

  // Chess960: the page names the rules; the pawns start on their usual ranks, so e4 and e5 are legal in every position.
  await newGame(alice, bob, "chess960");
  for (const page of [alice, bob]) await expect(page.getByText("Chess960", { exact: true })).toBeVisible();
  await drag(alice, "e2", "e4");
  await movesShown(bob, ["e4"]);
  await click(bob, "e7", "e5");
  for (const page of [alice, bob]) await movesShown(page, ["e4", "e5"]);

  // Alice offers a draw; bob declines it, and she may offer again.
  await alice.locator("[data-action='draw.offer']").click();
  await expect(alice.getByRole("button", { name: "Draw offered" })).toBeDisabled();
  await expect(bob.getByText("Your opponent offers a draw.")).toBeVisible();
  await bob.locator("[data-action='draw.decline']").click();
  await expect(bob.getByText("Your opponent offers a draw.")).toHaveCount(0);
  await expect(alice.locator("[data-action='draw.offer']")).toBeVisible();
  await expect(alice.locator(".ks-game-result")).toHaveCount(0);

  // Bob offers one; alice accepts: a draw by agreement for both.
  await bob.locator("[data-action='draw.offer']").click();
  await expect(alice.getByText("Your opponent offers a draw.")).toBeVisible();
  await alice.locator("[data-action='draw.accept']").click();
  for (const page of [alice, bob]) {
    const result = page.locator(".ks-game-result");
    await expect(result).toContainText("Draw");
    await expect(result).toContainText("by agreement");
    await expect(result).toContainText("½-½");
  }

  // A rematch: alice asks, bob accepts, and both pages move to the new game.
  const finished = new URL(alice.url()).pathname;
  await alice.locator("[data-action='rematch.offer']").click();
  await bob.locator("[data-action='rematch.offer']").click();
  for (const page of [alice, bob]) {
    await expect(page).not.toHaveURL(new RegExp(`${finished}$`));
    await expect(page).toHaveURL(/\/game\/live\/\d+$/);
  }
  expect(new URL(alice.url()).pathname).toBe(new URL(bob.url()).pathname);
  for (const page of [alice, bob]) await expect(page.getByText("Chess960", { exact: true })).toBeVisible();

  for (const check of health) check.expectHealthy();
});
