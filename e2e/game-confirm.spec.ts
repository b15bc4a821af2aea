import { expect, test, type Browser, type Page } from "@playwright/test";
import { boardReady, click, command, drag, movesShown } from "./board.ts";
import { signIn as signInAs } from "./members.ts";
import { watchPage } from "./site-health.ts";

/**
 * Move confirmation for daily games (issue 21 item 7, decision 0063): with
 * "Confirm moves" on, a move made by drag or typed waits on the player's board
 * with Confirm / Cancel and reaches the opponent only when confirmed; the
 * option stays on for the member; a live game never asks.
 */

const wide = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };

async function signIn(browser: Browser, username: string, viewport = wide): Promise<Page> {
  return (await signInAs(browser, username, "/home", { viewport })).page;
}

/** A game between the two on these terms, alice playing White; answers its id. */
async function newGame(alice: Page, carla: Page, control: unknown): Promise<number> {
  const challenge = (await command(alice, "challenge.create", { opponent: "carla", terms: { rules: "standard", control, rated: false, color: "white" } })) as { id: number };
  return ((await command(carla, "challenge.accept", { id: challenge.id })) as { gameId: number }).gameId;
}

/** The squares holding a piece on the page's live board (chessground keeps each piece's square on its element). */
const occupied = (page: Page): Promise<string[]> =>
  page.locator(".ks-board-live cg-board piece").evaluateAll((pieces) => pieces.map((piece) => (piece as HTMLElement & { cgKey?: string }).cgKey ?? "").sort());

test("a daily player who confirms moves sees each move held with Confirm / Cancel; a live game never asks", async ({ browser }) => {
  test.setTimeout(240_000);
  const alice = await signIn(browser, "alice");
  const carla = await signIn(browser, "carla");
  const health = [alice, carla].map((page) => watchPage(page));

  const daily = await newGame(alice, carla, { kind: "daily", daysPerMove: 3 });
  for (const page of [alice, carla]) {
    await page.goto(`/game/${daily}`);
    await boardReady(page);
  }
  const option = alice.getByRole("checkbox", { name: "Confirm each move before it is sent" });
  await expect(option).not.toBeChecked();
  await option.check();

  // A dragged move waits on alice's board, with Confirm focused; Escape takes it back.
  await drag(alice, "e2", "e4");
  const question = alice.getByRole("group", { name: "Your move e4 is not sent yet: confirm or cancel it." });
  await expect(question).toBeVisible();
  await expect(alice.getByRole("button", { name: "Confirm move" })).toBeFocused();
  expect(await occupied(alice)).toContain("e4");
  await alice.screenshot({ path: "test-results/game-confirm-waiting.png" });
  await alice.keyboard.press("Escape");
  await expect(question).toHaveCount(0);
  await expect.poll(() => occupied(alice)).toContain("e2");
  expect(await occupied(alice)).not.toContain("e4");

  // A typed move waits too: Enter in the field, then Enter on Confirm sends it. Carla gets d4, never the cancelled e4.
  const field = alice.getByRole("textbox", { name: "Type a move" });
  await field.fill("d4");
  await field.press("Enter");
  await expect(alice.getByRole("group", { name: "Your move d4 is not sent yet: confirm or cancel it." })).toBeVisible();
  await alice.keyboard.press("Enter");
  for (const page of [alice, carla]) await movesShown(page, ["d4"]);
  await expect(field).toBeFocused();

  // Carla has not turned the option on: her move goes at once.
  await click(carla, "d7", "d5");
  await movesShown(alice, ["d4", "d5"]);

  // The option stays on for alice (a fresh load), and a click on Confirm sends a dragged move.
  await alice.reload();
  await boardReady(alice);
  await expect(option).toBeChecked();
  await drag(alice, "c2", "c4");
  await alice.getByRole("button", { name: "Confirm move" }).click();
  for (const page of [alice, carla]) await movesShown(page, ["d4", "d5", "c4"]);

  // On a phone the waiting move's buttons are on the first screen, under the board.
  const phonePage = await signIn(browser, "carla", phone);
  await phonePage.goto(`/game/${daily}`);
  await boardReady(phonePage);
  await phonePage.getByRole("checkbox", { name: "Confirm each move before it is sent" }).check();
  await click(phonePage, "e7", "e6");
  const phoneConfirm = phonePage.getByRole("button", { name: "Confirm move" });
  await expect(phoneConfirm).toBeVisible();
  const box = (await phoneConfirm.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(phone.height);
  await expect.poll(() => occupied(phonePage)).toContain("e6");
  await phonePage.waitForTimeout(300); // the click-move animation, for the picture
  await phonePage.screenshot({ path: "test-results/game-confirm-phone.png" });
  await phoneConfirm.click();
  await movesShown(alice, ["d4", "d5", "c4", "e6"]);
  await command(alice, "game.act", { gameId: daily, action: "resign" });

  // A live game has no option and sends at once, though alice's option is on.
  const live = await newGame(alice, carla, { kind: "live", baseSeconds: 300, incrementSeconds: 0 });
  await alice.goto(`/game/live/${live}`);
  await carla.goto(`/game/live/${live}`);
  for (const page of [alice, carla]) await boardReady(page);
  await expect(option).toHaveCount(0);
  await drag(alice, "e2", "e4");
  await movesShown(carla, ["e4"]);
  await expect(alice.getByRole("button", { name: "Confirm move" })).toHaveCount(0);
  await command(alice, "game.act", { gameId: live, action: "abort" });

  for (const check of health) check.expectHealthy();
});
