import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./members.ts";

/**
 * Issue 22 item 4 (decision 0065): a member picks a board style and a piece
 * set at /settings/themes; the theme applies in place (the stylesheet is
 * swapped, the page is not reloaded), carries over to a game page opened
 * from there, and is still there after a reload.
 */

/**
 * What the board on the page shows: a white king's image and the board's dark squares. Read in one step in the
 * page (the interactive board replaces the server's static one after hydration: a located element may be gone).
 */
async function boardLook(page: Page, boardSelector: string) {
  await expect(page.locator(`${boardSelector} piece.king.white`).first()).toBeVisible();
  return page.evaluate((selector) => {
    const king = document.querySelector(`${selector} piece.king.white`);
    return {
      image: king ? getComputedStyle(king).backgroundImage : "",
      darkSquare: getComputedStyle(document.documentElement).getPropertyValue("--ks-board-dark").trim(),
    };
  }, boardSelector);
}

/** The white king's image, asked until it is `expected`'s (the page may still be swapping its board or stylesheet). */
async function expectKingImage(page: Page, boardSelector: string, expected: string) {
  await expect.poll(async () => (await boardLook(page, boardSelector)).image).toContain(expected);
}

test("a member's board style and piece set show on the preview and a game at once, and after a reload", async ({ browser }) => {
  const member = await signIn(browser, "alice", "/settings/themes");
  const { page } = member;
  // Set in this document: a reload would lose it.
  await page.evaluate(() => Reflect.set(window, "sameDocument", true));

  const boards = page.getByRole("group", { name: "Board style" });
  const pieces = page.getByRole("group", { name: "Piece set" });
  await expect(boards.getByRole("radio", { name: "Green" })).toBeChecked();
  await expect(pieces.getByRole("radio", { name: "Neo" })).toBeChecked();
  expect(await boardLook(page, ".ks-theme-picker__preview")).toEqual({ image: expect.stringContaining("/pieces/neo/wk.svg"), darkSquare: "#769656" });

  await boards.getByRole("radio", { name: "Walnut" }).check();
  await expect(page.getByRole("status").filter({ hasText: "Theme saved." })).toBeVisible();
  await pieces.getByRole("radio", { name: "Staunton" }).check();
  await expectKingImage(page, ".ks-theme-picker__preview", "/pieces/staunton/wk.svg");
  expect((await boardLook(page, ".ks-theme-picker__preview")).darkSquare).toBe("#8f5e34");
  // The page links one theme stylesheet, the new one.
  const links = await page.locator("link[rel=stylesheet][href^='/pub/themes/']").evaluateAll((elements) => elements.map((element) => element.getAttribute("href")));
  expect(links).toEqual([expect.stringMatching(/^\/pub\/themes\/walnut\/staunton\/default\/plain\.css\?v=/)]);

  // A game of hers, opened in place from the settings: the board wears the theme, no reload happened.
  await page.getByRole("link", { name: /See it on your game against/ }).click();
  await page.waitForURL(/\/game\//);
  await expectKingImage(page, ".ks-board-frame", "/pieces/staunton/wk.svg");
  expect((await boardLook(page, ".ks-board-frame")).darkSquare).toBe("#8f5e34");
  // Asked in the page until it holds: the interactive board replaces the server's one after hydration, and a
  // replaced element has no computed style.
  await expect
    .poll(() => page.evaluate(() => {
      const board = document.querySelector(".ks-board-frame cg-board");
      return board ? getComputedStyle(board).backgroundImage : "";
    }))
    .toContain("rgb(143, 94, 52)");
  expect(await page.evaluate(() => Reflect.get(window, "sameDocument") === true)).toBe(true);

  // After a reload the server renders the chosen theme from the first byte.
  await page.reload();
  expect(await page.evaluate(() => Reflect.has(window, "sameDocument"))).toBe(false);
  await expectKingImage(page, ".ks-board-frame", "/pieces/staunton/wk.svg");
  expect((await boardLook(page, ".ks-board-frame")).darkSquare).toBe("#8f5e34");

  // Back to the defaults, for the other journeys that look at alice's boards.
  await page.goto("/settings/themes");
  await page.getByRole("group", { name: "Board style" }).getByRole("radio", { name: "Green" }).check();
  await expect(page.getByRole("status").filter({ hasText: "Theme saved." })).toBeVisible();
  await page.getByRole("group", { name: "Piece set" }).getByRole("radio", { name: "Neo" }).check();
  await expectKingImage(page, ".ks-theme-picker__preview", "/pieces/neo/wk.svg");
  await member.context.close();
});

test("the pickers work by keyboard: arrows move through a group and choose", async ({ browser }) => {
  const member = await signIn(browser, "bob", "/settings/themes");
  const { page } = member;
  const sounds = page.getByRole("group", { name: "Sound set" });
  await sounds.getByRole("radio", { name: "Wood" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(sounds.getByRole("radio", { name: "Marimba" })).toBeChecked();
  await expect(page.getByRole("status").filter({ hasText: "Theme saved." })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--ks-sound-set").trim()))
    .toBe('"marimba"');
  await page.keyboard.press("ArrowLeft");
  await expect(sounds.getByRole("radio", { name: "Wood" })).toBeChecked();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--ks-sound-set").trim())).toBe('"default"');
  await member.context.close();
});
