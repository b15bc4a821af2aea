import { parse } from "@mliebelt/pgn-parser";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { Chess } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import { parseSan } from "chessops/san";
import { boardReady, click, command, drag, movesShown } from "./board.ts";
import { ownServer } from "./own-server.ts";
import { watchPage } from "./site-health.ts";

/**
 * Online play from start to archive (issue 9's journey): two new members sign
 * up in their own browsers; the first finds the second in the lobby, opens
 * their user card and challenges them from it; the second accepts from the
 * toast; they play to checkmate, one dragging, the other clicking, while an
 * anonymous visitor watches; all three see the result, both ratings move,
 * the archive lists the game, and its PGN, read back with a PGN parser from
 * npm, replays to the game's final position.
 */

const baseURL = ownServer("online play");
test.use({ baseURL, colorScheme: "dark" });

const wide = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };

function freshUsername(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.slice(0, 20);
}

async function signUp(browser: Browser, prefix: string, viewport: { width: number; height: number }): Promise<{ page: Page; username: string }> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const username = freshUsername(prefix);
  await page.goto("/register");
  await page.getByLabel("Username").fill(username);
  await expect(page.locator("#register-username-status")).toHaveText(`${username} is available.`);
  await page.getByLabel("Email").fill(`${username}@example.org`);
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByLabel("Country").selectOption("NO");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/home(\?welcome=1)?$/);
  return { page, username };
}

test("two new members meet in the lobby, play to checkmate while a visitor watches, and find the game in the archive", async ({ browser }) => {
  test.setTimeout(180_000);
  const white = await signUp(browser, "wh", wide);
  const black = await signUp(browser, "bl", phone);
  const health = [white.page, black.page].map((page) => watchPage(page));

  // Black waits in the lobby with a seek; white sees it arrive and opens black's card from the name.
  await black.page.goto("/play/online/new");
  await white.page.goto("/play/online/new");
  // A new basic member starts with two days of vacation for their daily games.
  await expect(white.page.getByRole("region", { name: "Vacation" })).toContainText("2 days of vacation left");
  await black.page.getByRole("radio", { name: "10+0" }).check();
  await black.page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(black.page.getByText("Waiting for an opponent…")).toBeVisible();
  const lobbyRow = white.page.getByRole("table", { name: /open seeks/i }).getByRole("row", { name: new RegExp(black.username) });
  await lobbyRow.getByRole("link", { name: black.username, exact: true }).click();
  const card = white.page.getByRole("dialog", { name: `Member card: ${black.username}` });
  await expect(card).toBeVisible();
  await card.getByRole("link", { name: "Challenge" }).click();
  await expect(white.page).toHaveURL(new RegExp(`/play/online/new\\?opponent=${black.username}$`));

  // A rated 5+0 challenge, white for the challenger; black accepts from the toast.
  const form = white.page.getByRole("form", { name: new RegExp(`challenge ${black.username}`, "i") });
  await form.getByRole("radio", { name: "5+0" }).check();
  await form.getByRole("radio", { name: "Rated" }).check();
  await form.getByRole("radio", { name: "White" }).check();
  await form.getByRole("button", { name: "Send the challenge" }).click();
  const toast = black.page.getByRole("article", { name: `${white.username} challenges you` });
  await expect(toast).toContainText("5+0");
  await toast.getByRole("button", { name: "Accept" }).click();
  const livePath = /\/game\/live\/(\d+)$/;
  await white.page.waitForURL(livePath);
  await black.page.waitForURL(livePath);
  const gameId = Number(livePath.exec(white.page.url())?.[1]);
  expect(black.page.url()).toBe(white.page.url());

  // A visitor watches from the start.
  const visitorContext = await browser.newContext({ baseURL, viewport: wide });
  const visitor = await visitorContext.newPage();
  health.push(watchPage(visitor));
  await visitor.goto(`/game/live/${gameId}`);
  for (const page of [white.page, black.page]) await boardReady(page);
  await expect(visitor.locator(".ks-board-static[data-fen]")).toBeVisible();

  // Fool's mate: white drags, black clicks.
  await drag(white.page, "f2", "f3");
  await movesShown(black.page, ["f3"]);
  await click(black.page, "e7", "e5");
  await movesShown(white.page, ["f3", "e5"]);
  await drag(white.page, "g2", "g4");
  await movesShown(black.page, ["f3", "e5", "g4"]);
  await click(black.page, "d8", "h4");

  for (const page of [white.page, black.page, visitor]) {
    await movesShown(page, ["f3", "e5", "g4", "Qh4#"]);
    const result = page.locator(".ks-game-result");
    await expect(result).toContainText("Black wins");
    await expect(result).toContainText("by checkmate");
    // Both ratings moved: the winner's up, the loser's down.
    await expect(page.locator(".ks-player-diff-up")).toHaveCount(1);
    await expect(page.locator(".ks-player-diff-down")).toHaveCount(1);
  }

  // The archive of each player lists the game, with its PGN.
  await white.page.goto(`/games/archive/${white.username.toLowerCase()}?view=list`);
  const archived = white.page.locator(`a[href="/game/live/${gameId}"]`).first();
  await expect(archived).toBeVisible();
  const pgnResponse = await white.page.request.get(`/callback/game/${gameId}/pgn`);
  expect(pgnResponse.status()).toBe(200);
  const pgn = await pgnResponse.text();
  const [game] = parse(pgn, { startRule: "games" }) as Array<{ tags: Record<string, unknown>; moves: Array<{ notation: { notation: string } }> }>;
  expect(game?.tags).toMatchObject({ White: white.username, Black: black.username, Result: "0-1" });

  // Replayed with chessops, the PGN's moves reach the position the server holds.
  const position = Chess.fromSetup(parseFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap()).unwrap();
  for (const move of game?.moves ?? []) {
    const parsed = parseSan(position, move.notation.notation);
    expect(parsed, move.notation.notation).toBeDefined();
    if (parsed) position.play(parsed);
  }
  const snapshot = (await command(white.page, "game.snapshot", { gameId })) as { fen: string; moves: unknown[] };
  expect(snapshot.moves).toHaveLength(4);
  expect(makeFen(position.toSetup())).toBe(snapshot.fen);
  expect(position.isCheckmate()).toBe(true);

  for (const watcher of health) watcher.expectHealthy();
  await visitorContext.close();
});
