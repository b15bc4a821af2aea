import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { boardReady, command, movesShown } from "./board.ts";
import { signIn as signInAs } from "./members.ts";
import { watchPage } from "./site-health.ts";

/**
 * The game page by keyboard, for screen readers and on a phone (issue 21
 * items 7–9): a game played to mate by typed moves only, the move list as one
 * tab stop, and a phone's first screen holding the board, both clocks and
 * the player's buttons, with the moves on one line that follows the game.
 */

// The shared server (each journey makes its own game); the two journeys one after the other, as they share bob.
test.describe.configure({ mode: "serial" });

const wide = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };

async function signIn(browser: Browser, username: string, viewport: { width: number; height: number }): Promise<Page> {
  return (await signInAs(browser, username, "/home", { viewport })).page;
}

/** A live 5+0 game between the two, `white` playing White; answers its path. */
async function newGame(white: Page, black: Page, blackName: string): Promise<string> {
  const challenge = (await command(white, "challenge.create", {
    opponent: blackName,
    terms: { rules: "standard", control: { kind: "live", baseSeconds: 300, incrementSeconds: 0 }, rated: false, color: "white" },
  })) as { id: number };
  const accepted = (await command(black, "challenge.accept", { id: challenge.id })) as { gameId: number };
  return `/game/live/${accepted.gameId}`;
}

const moveField = (page: Page) => page.getByRole("textbox", { name: "Type a move" });

/** Types a move and presses Enter, as a keyboard player does. */
async function typeMove(page: Page, text: string): Promise<void> {
  await moveField(page).fill(text);
  await moveField(page).press("Enter");
}

test("a game is played to mate by typed moves only, with wrong input explained and moves announced", async ({ browser }) => {
  test.setTimeout(300_000);
  const alice = await signIn(browser, "alice", wide);
  const bob = await signIn(browser, "bob", phone);
  const path = await newGame(alice, bob, "bob");
  const health = [alice, bob].map((page) => watchPage(page));
  // Both pages at once, and the first moves at once: an unmoved game is aborted after 30 s.
  await Promise.all([alice, bob].map(async (page) => {
    await page.goto(path);
    await boardReady(page);
  }));

  // Scholar's mate in the spellings people type: SAN, UCI, a lower-case piece, captures with and without x.
  const moves: [Page, string][] = [[alice, "e4"], [bob, "e7e5"], [alice, "Bc4"], [bob, "nc6"], [alice, "Qh5"], [bob, "Nf6"], [alice, "Qxf7#"]];
  const played = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"];
  for (const [index, [page, text]] of moves.entries()) {
    await typeMove(page, text);
    for (const viewer of [alice, bob]) await movesShown(viewer, played.slice(0, index + 1));
    // The field is emptied for the next move (the mate ends the game, and the field goes).
    if (index < moves.length - 1) await expect(moveField(page)).toHaveValue("");
    if (index === 1) {
      // Alice's screen reader hears bob's move as it comes, and her focused board tells the position and the last move.
      await expect(alice.locator("[aria-live='polite']").filter({ hasText: "Black played e5" })).toHaveCount(1);
      const board = alice.locator(".ks-board-live");
      const description = await board.getAttribute("aria-describedby");
      await expect(alice.locator(`[id="${description}"]`)).toHaveText(/^White to move\. Last move 1… e5\. White: king e1; queen d1; .*pawn a2 b2 c2 d2 e4 f2 g2 h2\. Black: king e8;/);

      // Not bob's turn: nothing is sent, and he is told why.
      await typeMove(bob, "Nc6");
      await expect(bob.getByRole("alert")).toHaveText(/Wait for your turn/);
      // Illegal and unreadable input is explained beside the field and sends nothing.
      await typeMove(alice, "Ke3");
      await expect(alice.getByRole("alert")).toHaveText("Ke3 is not a legal move here.");
      await expect(moveField(alice)).toHaveAttribute("aria-invalid", "true");
      await typeMove(alice, "hello");
      await expect(alice.getByRole("alert")).toHaveText(/“hello” is not a move/);
      for (const viewer of [alice, bob]) await movesShown(viewer, played.slice(0, 2));
    }
  }
  for (const page of [alice, bob]) {
    await expect(page.locator(".ks-game-result")).toContainText("White wins");
    // The game is over: no field to type in.
    await expect(moveField(page)).toHaveCount(0);
  }

  // The finished game's move list is one tab stop: Tab from the shown move leaves the list.
  const list = alice.locator(".ks-move-list");
  await expect(list.locator("button[tabindex='0']")).toHaveCount(1);
  await list.locator("button[tabindex='0']").focus();
  await alice.keyboard.press("ArrowLeft");
  await expect(list.locator("button[aria-current='step']")).toHaveText("Nf6");
  await expect(list.locator("button[aria-current='step']")).toBeFocused();
  await alice.keyboard.press("Home");
  // The finished game's board (the static one) shows the start.
  await expect(alice.locator(".ks-board-static[data-fen]")).toHaveAttribute("data-fen", /^rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w/);
  await expect(list.locator("button:focus")).toHaveText("e4");
  await alice.keyboard.press("Tab");
  expect(await alice.evaluate(() => document.activeElement?.closest(".ks-move-list") === null)).toBe(true);
  for (const check of health) check.expectHealthy();
});

/** The element lies within the first screen (no scrolling needed to see all of it). */
async function onFirstScreen(locator: Locator, height: number): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, "element is laid out").not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${await locator.first().textContent()} bottom`).toBeLessThanOrEqual(height);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test("on a phone the board, both clocks and the player's buttons are on the first screen, the moves one line that follows the game", async ({ browser }) => {
  test.setTimeout(300_000);
  const carla = await signIn(browser, "carla", phone);
  const bob = await signIn(browser, "bob", wide);
  const path = await newGame(carla, bob, "bob");
  await carla.goto(path);
  await boardReady(carla);

  await onFirstScreen(carla.locator(".ks-board-frame"), phone.height);
  for (const clock of await carla.locator(".ks-game-clock").all()) await onFirstScreen(clock, phone.height);
  await onFirstScreen(carla.getByRole("button", { name: "Abort" }), phone.height);
  await noSidewaysScroll(carla);
  await carla.screenshot({ path: "test-results/game-phone-start.png" });

  // A dozen moves each (sent as socket commands), then the strip: one line, scrolled to the last move.
  const line = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7", "f1e1", "b7b5", "a4b3", "d7d6", "c2c3", "e8g8", "h2h3", "c6a5", "b3c2", "c7c5", "d2d4", "d8c7", "b1d2", "c5d4"];
  const gameId = Number(path.split("/").pop());
  for (const [ply, uci] of line.entries()) await command(ply % 2 === 0 ? carla : bob, "game.move", { gameId, ply, uci });
  await expect(carla.locator(".ks-move-list button.ks-move")).toHaveCount(line.length, { timeout: 10_000 });
  const strip = carla.locator(".ks-move-list");
  const stripBox = (await strip.boundingBox())!;
  expect(stripBox.height, "the moves are one line").toBeLessThan(48);
  expect(await strip.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  const lastMove = (await strip.locator("button[aria-current='step']").boundingBox())!;
  expect(lastMove.x).toBeGreaterThanOrEqual(stripBox.x - 1);
  expect(lastMove.x + lastMove.width).toBeLessThanOrEqual(stripBox.x + stripBox.width + 1);

  // The four steps beside the strip: named buttons whose arrows are drawn at full size (they were squeezed to dots).
  for (const name of ["First position", "Previous move", "Next move", "Current position"]) {
    const step = carla.getByRole("button", { name, exact: true });
    await onFirstScreen(step, phone.height);
    const icon = (await step.locator("svg").boundingBox())!;
    expect(icon.width, `${name}'s arrow`).toBeGreaterThanOrEqual(14);
    expect(icon.height, `${name}'s arrow`).toBeGreaterThanOrEqual(14);
  }
  await carla.locator(".ks-game-moves").screenshot({ path: "test-results/game-phone-strip.png" });

  await onFirstScreen(carla.locator(".ks-board-frame"), phone.height);
  for (const clock of await carla.locator(".ks-game-clock").all()) await onFirstScreen(clock, phone.height);
  await onFirstScreen(strip, phone.height);
  await onFirstScreen(carla.getByRole("button", { name: "Resign" }), phone.height);
  await onFirstScreen(carla.getByRole("button", { name: "Offer a draw" }), phone.height);
  await noSidewaysScroll(carla);
  await carla.screenshot({ path: "test-results/game-phone-moves.png" });
  await bob.goto(path);
  await boardReady(bob);
  await bob.screenshot({ path: "test-results/game-desktop-moves.png" });
});
