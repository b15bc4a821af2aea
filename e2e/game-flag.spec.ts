import { expect, test, type Page } from "@playwright/test";
import { boardReady, click, command, drag, movesShown } from "./board.ts";
import { signIn } from "./members.ts";
import { ownServer } from "./own-server.ts";

/**
 * A 1+0 game lost on time (issue 21 item 1): the flagged clock shows 0:00 to
 * both players when the sweeper ends the game, and still on a fresh load of
 * the finished page, not the time its turn began with.
 */

const baseURL = ownServer("game-flag");
test.use({ baseURL });

const whiteClock = (page: Page) => page.locator(".ks-game-clock[data-color='white']");

test("a 1+0 game lost on time shows the flagged clock at 0:00 to both players and on the finished page", async ({ browser }) => {
  test.setTimeout(180_000);
  const alice = (await signIn(browser, "alice", "/home", { baseURL })).page;
  const bob = (await signIn(browser, "bob", "/home", { baseURL })).page;
  const challenge = (await command(alice, "challenge.create", {
    opponent: "bob",
    terms: { rules: "standard", control: { kind: "live", baseSeconds: 60, incrementSeconds: 0 }, rated: false, color: "white" },
  })) as { id: number };
  const { gameId } = (await command(bob, "challenge.accept", { id: challenge.id })) as { gameId: number };
  const path = `/game/live/${gameId}`;
  for (const page of [alice, bob]) {
    await page.goto(path);
    await boardReady(page);
  }
  await drag(alice, "e2", "e4");
  await movesShown(bob, ["e4"]);
  await click(bob, "e7", "e5");
  for (const page of [alice, bob]) await movesShown(page, ["e4", "e5"]);

  // White's minute runs out (plus the lag allowance the sweeper waits for); nobody moves.
  for (const page of [alice, bob]) {
    await expect(page.locator(".ks-game-result")).toContainText("time", { timeout: 90_000 });
    await expect(whiteClock(page)).toHaveText("0:00.0");
  }
  // The finished page, loaded afresh (server-rendered from the stored clocks).
  await alice.reload();
  await expect(alice.locator(".ks-game-result")).toContainText("time");
  await expect(whiteClock(alice)).toHaveText("0:00.0");
});
