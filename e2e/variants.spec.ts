import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { boardReady, command, movesShown, squareCentre } from "./board.ts";
import { signIn as signInAs } from "./members.ts";
import { watchPage } from "./site-health.ts";

/**
 * The variants on the game page (issue 24 item 1): a crazyhouse game where a
 * capture fills the capturer's pocket and pieces are dropped from it by
 * click-then-square and by drag; a king-of-the-hill game won by the king
 * reaching the centre; a three-check game's check counter up to the third
 * check. Carla and the moderator play (the other journeys play as alice and
 * bob), one game after another on the shared server.
 */

test.describe.configure({ mode: "serial" });

const wide = { width: 1366, height: 900 };

async function signIn(browser: Browser, username: string): Promise<Page> {
  return (await signInAs(browser, username, "/home", { viewport: wide })).page;
}

/** A casual live 5+0 game in `rules`, `white` playing White; both pages open on it with their boards ready. */
async function newGame(white: Page, black: Page, blackName: string, rules: string): Promise<string> {
  const challenge = (await command(white, "challenge.create", {
    opponent: blackName,
    terms: { rules, control: { kind: "live", baseSeconds: 300, incrementSeconds: 0 }, rated: false, color: "white" },
  })) as { id: number };
  const accepted = (await command(black, "challenge.accept", { id: challenge.id })) as { gameId: number };
  const path = `/game/live/${accepted.gameId}`;
  // Both pages at once, and the first moves soon: an unmoved game is aborted after 30 s.
  await Promise.all([white, black].map(async (page) => {
    await page.goto(path);
    await boardReady(page);
  }));
  return path;
}

const moveField = (page: Page) => page.getByRole("textbox", { name: "Type a move" });

async function typeMove(page: Page, text: string): Promise<void> {
  await moveField(page).fill(text);
  await moveField(page).press("Enter");
}

/** A move as typed, or as typed and then as the move list writes it (a variant's winning move is written with #). */
type TypedAndShown = string | readonly [string, string];

/** Plays typed moves in turn after the moves already shown (white moves first) and waits until both pages list them all. */
async function playTyped(white: Page, black: Page, moves: readonly TypedAndShown[], shownBefore: readonly string[] = []): Promise<void> {
  const shown = moves.map((move) => (typeof move === "string" ? move : move[1]));
  for (const [index, move] of moves.entries()) {
    await typeMove((shownBefore.length + index) % 2 === 0 ? white : black, typeof move === "string" ? move : move[0]);
    for (const page of [white, black]) await movesShown(page, [...shownBefore, ...shown.slice(0, index + 1)]);
  }
}

const pocketSlot = (page: Page, color: "white" | "black", role: string) => page.locator(`.ks-pocket[data-color='${color}'] .ks-pocket-slot[data-role='${role}']`);

test("crazyhouse: a capture fills the pocket on both pages, a pawn is dropped by click and another by drag, a knight by typing N@f3, and a premoved drop plays on its turn", async ({ browser }) => {
  test.setTimeout(180_000);
  const carla = await signIn(browser, "carla");
  const moderator = await signIn(browser, "moderator");
  const health = [carla, moderator].map((page) => watchPage(page));
  await newGame(carla, moderator, "moderator", "crazyhouse");
  await expect(carla.locator(".ks-pocket")).toHaveCount(2);
  await expect(pocketSlot(carla, "white", "pawn")).toHaveAttribute("data-count", "0");

  // 1. e4 d5 2. exd5: white's pawn goes to carla's pocket, seen by both.
  await playTyped(carla, moderator, ["e4", "d5", "exd5"]);
  for (const page of [carla, moderator]) await expect(pocketSlot(page, "white", "pawn")).toHaveAttribute("data-count", "1");
  // The opponent's pocket is shown, not played from.
  await expect(moderator.locator(".ks-pocket[data-color='white'] button")).toHaveCount(0);

  // 2... Nf6 3. Nc3: black's turn; carla's pawn button is hers to use.
  await playTyped(carla, moderator, ["Nf6", "Nc3"], ["e4", "d5", "exd5"]);
  // 3... Nxd5: black takes the pawn back: one pawn in each pocket.
  await playTyped(carla, moderator, ["Nxd5"], ["e4", "d5", "exd5", "Nf6", "Nc3"]);
  for (const page of [carla, moderator]) await expect(pocketSlot(page, "black", "pawn")).toHaveAttribute("data-count", "1");

  // 4. Nxd5: carla's knight takes a knight (her pocket: pawn and knight); then moderator drops his pawn by click then square.
  await playTyped(carla, moderator, ["Nxd5"], ["e4", "d5", "exd5", "Nf6", "Nc3", "Nxd5"]);
  await expect(pocketSlot(carla, "white", "knight")).toHaveAttribute("data-count", "1");
  const blackPawn = moderator.getByRole("button", { name: "Drop a pawn (1 in the pocket)" });
  await blackPawn.click();
  await expect(blackPawn).toHaveAttribute("aria-pressed", "true");
  const c6 = await squareCentre(moderator, "c6", "black");
  await moderator.mouse.click(c6.x, c6.y);
  const afterClickDrop = ["e4", "d5", "exd5", "Nf6", "Nc3", "Nxd5", "Nxd5", "@c6"];
  for (const page of [carla, moderator]) {
    await movesShown(page, afterClickDrop);
    await expect(pocketSlot(page, "black", "pawn")).toHaveAttribute("data-count", "0");
  }

  // 5. P@e6 by drag: carla presses her pawn in the pocket and lets go over e6.
  const whitePawn = carla.getByRole("button", { name: "Drop a pawn (1 in the pocket)" });
  const from = await whitePawn.boundingBox();
  if (!from) throw new Error("no pocket pawn");
  const e6 = await squareCentre(carla, "e6", "white");
  await carla.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await carla.mouse.down();
  await carla.mouse.move((from.x + e6.x) / 2, (from.y + e6.y) / 2, { steps: 5 });
  await carla.mouse.move(e6.x, e6.y, { steps: 5 });
  await carla.mouse.up();
  const afterDragDrop = [...afterClickDrop, "@e6"];
  for (const page of [carla, moderator]) {
    await movesShown(page, afterDragDrop);
    await expect(pocketSlot(page, "white", "pawn")).toHaveAttribute("data-count", "0");
  }

  // 5... cxd5: the moderator's pocket gets carla's knight.
  await playTyped(carla, moderator, ["cxd5"], afterDragDrop);
  // While carla thinks, the moderator premoves a drop: his knight, chosen then put on e4, waits for his turn.
  await moderator.getByRole("button", { name: "Drop a knight (1 in the pocket)" }).click();
  const e4 = await squareCentre(moderator, "e4", "black");
  await moderator.mouse.click(e4.x, e4.y);
  await expect(moderator.locator(".ks-board-live cg-board square.current-premove")).toHaveCount(1);
  // 6. N@f3, typed: the knight leaves carla's pocket, and the premoved N@e4 is played at once.
  await typeMove(carla, "N@f3");
  for (const page of [carla, moderator]) {
    await movesShown(page, [...afterDragDrop, "cxd5", "N@f3", "N@e4"]);
    await expect(pocketSlot(page, "white", "knight")).toHaveAttribute("data-count", "0");
    await expect(pocketSlot(page, "black", "knight")).toHaveAttribute("data-count", "0");
  }
  await expect(carla.locator(".ks-board-live cg-board piece.white.knight")).toHaveCount(2);

  // The pockets, the player's buttons and the opponent's images, pass axe's serious and critical checks.
  const axe = await new AxeBuilder({ page: carla }).include(".ks-game-board-column").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);
  for (const [page, name] of [[carla, "white"], [moderator, "black"]] as const) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/crazyhouse-pockets-${name}.png` });
  }
  for (const check of health) check.expectHealthy();
  await Promise.all([carla, moderator].map((page) => page.context().close()));
});

test("king of the hill: the king that reaches the centre wins, on both pages", async ({ browser }) => {
  test.setTimeout(120_000);
  const carla = await signIn(browser, "carla");
  const moderator = await signIn(browser, "moderator");
  const health = [carla, moderator].map((page) => watchPage(page));
  await newGame(carla, moderator, "moderator", "kingOfTheHill");
  await expect(carla.locator(".ks-board-frame")).toHaveAttribute("data-rules", "kingOfTheHill");
  await playTyped(carla, moderator, ["e3", "e6", "Ke2", "Ke7", "Kd3", "Kd6", ["Kd4", "Kd4#"]]);
  for (const page of [carla, moderator]) {
    await expect(page.locator(".ks-game-result")).toContainText("White wins");
    await expect(page.locator(".ks-game-result")).toContainText("by reaching the hill");
    await expect(moveField(page)).toHaveCount(0);
  }
  for (const check of health) check.expectHealthy();
  await Promise.all([carla, moderator].map((page) => page.context().close()));
});

test("three-check: each side's checks are counted beside its player, and the third check wins", async ({ browser }) => {
  test.setTimeout(120_000);
  const carla = await signIn(browser, "carla");
  const moderator = await signIn(browser, "moderator");
  const health = [carla, moderator].map((page) => watchPage(page));
  await newGame(carla, moderator, "moderator", "threeCheck");
  const checks = (page: Page, color: "white" | "black") => page.locator(`.ks-checks-given[data-color='${color}']`);
  for (const page of [carla, moderator]) await expect(checks(page, "white")).toHaveAttribute("data-checks", "0");

  const opening = ["e4", "e5", "Qh5", "Nc6", "Qxf7+"];
  await playTyped(carla, moderator, opening);
  for (const page of [carla, moderator]) {
    await expect(checks(page, "white")).toHaveAttribute("data-checks", "1");
    await expect(checks(page, "white")).toHaveAccessibleName("White has given 1 of 3 checks");
    await expect(checks(page, "black")).toHaveAttribute("data-checks", "0");
  }
  await playTyped(carla, moderator, ["Kxf7", "Bc4+"], opening);
  for (const page of [carla, moderator]) await expect(checks(page, "white")).toHaveAttribute("data-checks", "2");
  await playTyped(carla, moderator, ["d5", ["Bxd5+", "Bxd5#"]], [...opening, "Kxf7", "Bc4+"]);
  for (const page of [carla, moderator]) {
    await expect(checks(page, "white")).toHaveAttribute("data-checks", "3");
    await expect(page.locator(".ks-game-result")).toContainText("by the third check");
  }
  for (const check of health) check.expectHealthy();
  await Promise.all([carla, moderator].map((page) => page.context().close()));
});
