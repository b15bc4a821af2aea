import { expect, test, type Browser, type Page, type WebSocketRoute } from "@playwright/test";
import { boardReady, click, command, drag, movesShown } from "./board.ts";
import { signIn as signInAs } from "./members.ts";
import { ownServer } from "./own-server.ts";
import { watchPage } from "./site-health.ts";

/**
 * The game page (issue 9): alice and bob, two members in their own browsers,
 * get a live game from a challenge (sent as socket commands: the lobby's UI
 * is another page), and play fool's mate — alice dragging her pieces on a
 * wide screen, bob clicking his on a phone-sized one — while an anonymous
 * visitor watches in a third browser. All three see the moves and the end,
 * with its reason and the rating changes.
 */

const baseURL = ownServer("game-page");
test.use({ baseURL });

const wide = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };

/** A demo member signed in on their own browser, on /home. */
async function signIn(browser: Browser, username: string, viewport: { width: number; height: number }, beforeFirstPage?: (page: Page) => Promise<void>): Promise<Page> {
  return (await signInAs(browser, username, "/home", { baseURL, viewport, ...(beforeFirstPage ? { beforeFirstPage } : {}) })).page;
}

/** What the game page may add to the scripts every page loads, compressed (the page budget is 120 KB in all). */
const OWN_BUDGET_BYTES = 40 * 1024;

/** Records the compressed bytes on the wire of every script the page loads (the server sends brotli to Chromium). */
function scriptsOf(page: Page): Map<string, Promise<number>> {
  const scripts = new Map<string, Promise<number>>();
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    scripts.set(new URL(request.url()).pathname, request.sizes().then((size) => size.responseBodySize));
  });
  return scripts;
}

/** Every error frame the page's sockets receive (a refused room, a refused command's socket-level error). */
function socketErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("websocket", (socket) => {
    socket.on("framereceived", ({ payload }) => {
      const text = typeof payload === "string" ? payload : payload.toString("utf8");
      if (text.startsWith('{"type":"error"')) errors.push(text);
    });
  });
  return errors;
}

async function weigh(scripts: Map<string, Promise<number>>, only: (path: string) => boolean = () => true): Promise<number> {
  const sizes = await Promise.all([...scripts].filter(([path]) => only(path)).map(([, size]) => size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

test("two members play fool's mate, by drag and by click, while a visitor watches", async ({ browser }) => {
  test.setTimeout(180_000);
  const alice = await signIn(browser, "alice", wide);
  const bob = await signIn(browser, "bob", phone);
  const refusals = [alice, bob].map(socketErrors);

  const challenge = await command(alice, "challenge.create", {
    opponent: "bob",
    terms: { rules: "standard", control: { kind: "live", baseSeconds: 300, incrementSeconds: 0 }, rated: true, color: "white" },
  });
  const challengeId = (challenge as { id: number }).id;
  const accepted = (await command(bob, "challenge.accept", { id: challengeId })) as { gameId: number };
  const path = `/game/live/${accepted.gameId}`;

  // No such game: the 404 page.
  expect((await alice.goto("/game/live/999999"))?.status()).toBe(404);
  // A live game asked for at the daily URL is sent to its own.
  await alice.goto(`/game/${accepted.gameId}`);
  await expect(alice).toHaveURL(new RegExp(`${path}$`));
  const health = [alice, bob].map((page) => watchPage(page, { allowStatus: (url, status) => status === 404 && url.includes("/game/live/999999") }));
  await bob.goto(path);
  const visitorContext = await browser.newContext({ baseURL, viewport: wide });
  const visitor = await visitorContext.newPage();
  const visitorScripts = scriptsOf(visitor);
  health.push(watchPage(visitor));
  refusals.push(socketErrors(visitor));
  await visitor.goto(path);

  // Server-rendered: players, clocks and the start position before any script runs.
  await expect(visitor.locator(".ks-player-name")).toHaveText(["bob", "alice"]);
  await expect(visitor.locator(".ks-game-clock")).toHaveText(["5:00", "5:00"]);
  await expect(visitor.getByText("You are watching")).toBeVisible();
  await expect(bob.getByText("You play Black")).toBeVisible();

  for (const page of [alice, bob]) await boardReady(page);
  // The spectators' chat during the game: not for the players, nor for an anonymous visitor (who might be one); their pages do not ask.
  await expect(visitor.getByText("Sign in to read the spectator chat during the game.", { exact: false })).toBeVisible();
  for (const page of [alice, bob]) await expect(page.getByRole("heading", { name: "Spectator chat" })).toHaveCount(0);
  // A spectator's board is the server-rendered one, kept up to date: chessground and chessops are for the players.
  await expect(visitor.locator(".ks-board-static[data-fen]")).toHaveAttribute("data-fen", /^rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w/);
  await visitor.waitForLoadState("networkidle");
  expect([...visitorScripts.keys()].some((path) => path.includes("live-board"))).toBe(false);
  // What the game page adds to what every page loads (the shell: React, the router, the socket client, the schemas).
  // A fresh context: a cached script has no size on the wire.
  const homeContext = await browser.newContext({ baseURL, viewport: wide });
  const homePage = await homeContext.newPage();
  const homeScripts = scriptsOf(homePage);
  await homePage.goto("/");
  await homePage.waitForLoadState("networkidle");
  const shared = new Set(homeScripts.keys());
  const gamePage = await weigh(visitorScripts);
  const ownChunks = await weigh(visitorScripts, (path) => !shared.has(path));
  console.log(`game page JavaScript on the wire: ${gamePage} B in all, ${ownChunks} B of its own chunks; the home page ${await weigh(homeScripts)} B`);
  expect(ownChunks).toBeGreaterThan(0);
  expect(ownChunks).toBeLessThan(OWN_BUDGET_BYTES);
  // chessground and chessops stay on the game page.
  expect([...shared].some((path) => path.includes("live-board"))).toBe(false);
  await homeContext.close();
  await alice.screenshot({ path: "test-results/game-page-start-1366.png" });

  await drag(alice, "f2", "f3");
  for (const page of [alice, bob, visitor]) await movesShown(page, ["f3"]);
  // Alice premoves while Bob thinks: her move is played as soon as his arrives.
  await drag(alice, "g2", "g4");
  await expect(alice.locator(".ks-board-live square.current-premove")).toHaveCount(2);
  await click(bob, "e7", "e5");
  for (const page of [alice, bob, visitor]) await movesShown(page, ["f3", "e5", "g4"]);
  await bob.screenshot({ path: "test-results/game-page-playing-390.png", fullPage: true });
  await click(bob, "d8", "h4");

  for (const page of [alice, bob, visitor]) {
    await movesShown(page, ["f3", "e5", "g4", "Qh4#"]);
    const result = page.locator(".ks-game-result");
    await expect(result).toContainText("Black wins");
    await expect(result).toContainText("by checkmate");
    await expect(result).toContainText("0-1");
    // Both ratings changed: black up, white down.
    await expect(page.locator(".ks-player-diff-up")).toHaveCount(1);
    await expect(page.locator(".ks-player-diff-down")).toHaveCount(1);
  }
  await expect(alice.locator("[data-action='rematch.offer']")).toBeVisible();
  await expect(visitor.locator("[data-action]")).toHaveCount(0);
  // The end opens the spectators' chat: the players' pages add it, the visitor's reads it.
  for (const page of [alice, bob]) await expect(page.getByRole("heading", { name: "Spectator chat" })).toBeVisible();
  await expect(visitor.getByRole("log", { name: "Chat messages" })).toBeVisible();
  await expect(visitor.getByText("Sign in to chat.")).toBeVisible();

  // The move list goes back through the game with the keyboard.
  await visitor.keyboard.press("Home");
  await expect(visitor.locator(".ks-game-viewing")).toBeVisible();
  await expect(visitor.locator(".ks-board-static[data-fen]")).toHaveAttribute("data-fen", /^rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w/);
  await visitor.keyboard.press("ArrowRight");
  await expect(visitor.locator(".ks-move[aria-current='step']")).toHaveText("f3");
  await expect(visitor.locator(".ks-board-static[data-fen]")).toHaveAttribute("data-fen", /^rnbqkbnr\/pppppppp\/8\/8\/8\/5P2\/PPPPP1PP\/RNBQKBNR b/);
  await visitor.keyboard.press("End");
  await expect(visitor.locator(".ks-move[aria-current='step']")).toHaveText("Qh4#");

  // Without JavaScript the page still shows the game: the position, the moves and the result.
  const noScriptContext = await browser.newContext({ baseURL, viewport: wide, javaScriptEnabled: false });
  const noScript = await noScriptContext.newPage();
  await noScript.goto(path);
  await expect(noScript.locator(".ks-board-static piece")).toHaveCount(32);
  await expect(noScript.locator(".ks-board-static square.check")).toHaveCount(1);
  await expect(noScript.locator(".ks-move-list .ks-move")).toHaveText(["f3", "e5", "g4", "Qh4#"]);
  await expect(noScript.locator(".ks-game-result")).toContainText("Black wins");
  // The static board looks exactly like chessground's, so hydration replaces it without a jump.
  const staticBoard = await noScript.locator(".ks-board-frame").screenshot({ path: "test-results/game-page-board-static.png" });
  const liveBoard = await visitor.locator(".ks-board-frame").screenshot({ path: "test-results/game-page-board-live.png" });
  expect(staticBoard.equals(liveBoard)).toBe(true);

  await alice.screenshot({ path: "test-results/game-page-end-1366.png" });
  await bob.screenshot({ path: "test-results/game-page-end-390.png", fullPage: true });
  await visitor.screenshot({ path: "test-results/game-page-watch-1366.png" });

  // A rematch: offered by alice, accepted by bob; both are taken to the new game, colours swapped.
  await alice.locator("[data-action='rematch.offer']").click();
  await expect(bob.getByText("Your opponent wants a rematch.")).toBeVisible();
  await bob.locator("[data-action='rematch.offer']").click();
  const rematchPath = /\/game\/live\/(\d+)$/;
  for (const page of [alice, bob]) await expect(page).not.toHaveURL(new RegExp(`${path}$`));
  for (const page of [alice, bob]) await expect(page).toHaveURL(rematchPath);
  const rematchId = Number(rematchPath.exec(bob.url())?.[1]);
  expect(rematchId).not.toBe(accepted.gameId);
  await expect(bob.getByText("You play White")).toBeVisible();
  for (const page of [alice, bob]) await boardReady(page);

  // Up to a promotion (sent as commands), then bob promotes on his board, choosing a knight in the dialog.
  const opening = ["e2e4", "d7d5", "e4d5", "c7c6", "d5c6", "g8f6", "c6b7", "b8d7"];
  for (const [ply, uci] of opening.entries()) await command(ply % 2 === 0 ? bob : alice, "game.move", { gameId: rematchId, ply, uci });
  await movesShown(bob, ["e4", "d5", "exd5", "c6", "dxc6", "Nf6", "cxb7", "Nbd7"]);
  await click(bob, "b7", "a8", "white");
  const dialog = bob.getByRole("dialog", { name: "Promote the pawn to" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Knight" }).click();
  for (const page of [alice, bob]) await expect(page.locator(".ks-move-list button.ks-move").last()).toHaveText("bxa8=N");
  await expect(bob.locator(".ks-board-live piece.white.knight")).toHaveCount(3);

  for (const watcher of health) watcher.expectHealthy();
  // No page asked for a room the server refuses.
  expect(refusals.flat()).toEqual([]);
});

/** Creates a live game between the two members through socket commands, white first; answers its page's path. */
async function newLiveGame(white: Page, black: Page, blackName: string): Promise<{ id: number; path: string }> {
  const challenge = (await command(white, "challenge.create", {
    opponent: blackName,
    terms: { rules: "standard", control: { kind: "live", baseSeconds: 600, incrementSeconds: 0 }, rated: false, color: "white" },
  })) as { id: number };
  const { gameId } = (await command(black, "challenge.accept", { id: challenge.id })) as { gameId: number };
  return { id: gameId, path: `/game/live/${gameId}` };
}

test("a player whose connection drops gets every move back, once, and a move made offline counts once", async ({ browser }) => {
  test.setTimeout(120_000);
  // Bob's page socket runs through a switch: while it is off, the page cannot reach the server.
  let connected = true;
  let current: WebSocketRoute | null = null;
  const alice = await signIn(browser, "alice", wide);
  const bob = await signIn(browser, "bob", phone, async (page) => {
    await page.routeWebSocket(/\/ws$/, (socket) => {
      if (!connected) {
        void socket.close();
        return;
      }
      current = socket;
      socket.connectToServer();
    });
  });
  const game = await newLiveGame(alice, bob, "bob");
  await alice.goto(game.path);
  await bob.goto(game.path);
  for (const page of [alice, bob]) await boardReady(page);
  const dropBobsConnection = () => {
    connected = false;
    void (current)?.close();
  };

  await drag(alice, "e2", "e4");
  await movesShown(bob, ["e4"]);

  // Offline, bob answers: the move waits for the connection and is applied once when it returns.
  dropBobsConnection();
  await click(bob, "e7", "e5");
  await expect(bob.locator(".ks-game-turn")).toHaveText("Reconnecting… Your move will be sent when the connection is back.");
  connected = true;
  for (const page of [alice, bob]) await movesShown(page, ["e4", "e5"]);

  // Offline again, alice moves: bob's page missed the event, and the snapshot after the reconnect brings it.
  dropBobsConnection();
  await drag(alice, "g1", "f3");
  await movesShown(alice, ["e4", "e5", "Nf3"]);
  await expect(bob.locator(".ks-move-list button.ks-move")).toHaveCount(2);
  connected = true;
  await movesShown(bob, ["e4", "e5", "Nf3"]);
  await expect(bob.locator(".ks-game-turn")).toHaveText("Your move");
});
