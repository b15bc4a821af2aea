import { expect, test, type Page, type WebSocketRoute } from "@playwright/test";
import { boardReady, click, command, drag, movesShown } from "./board.ts";
import { signIn } from "./members.ts";

/**
 * A game page cut off from the server (issue 21 items 2 and 3, decision 0059):
 * it says "Reconnecting…" and stops its clocks; a move made meanwhile is sent
 * on the reconnect and played, or the player is told it was not; the page is
 * back within about a second of the server answering again.
 */

/** The page's sockets to /ws pass through here, so the test can cut them and refuse new ones. */
async function cuttable(page: Page) {
  const state = { cut: false, live: [] as WebSocketRoute[] };
  await page.routeWebSocket(/\/ws$/, (socket) => {
    if (state.cut) {
      void socket.close({ code: 1006 });
      return;
    }
    socket.connectToServer();
    state.live.push(socket);
  });
  return {
    async cut() {
      state.cut = true;
      for (const socket of state.live.splice(0)) await socket.close({ code: 1006 });
    },
    restore() {
      state.cut = false;
    },
  };
}

const status = (page: Page) => page.locator(".ks-game-turn[role='status']");
const clock = (page: Page, color: "white" | "black") => page.locator(`.ks-game-clock[data-color='${color}']`);

test("a page cut off says so, stops its clocks, and plays or refuses the move made meanwhile on the reconnect", async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = (await signIn(browser, "alice", "/home")).page;
  const bob = (await signIn(browser, "bob", "/home")).page;
  const challenge = (await command(alice, "challenge.create", {
    opponent: "bob",
    terms: { rules: "standard", control: { kind: "live", baseSeconds: 180, incrementSeconds: 0 }, rated: false, color: "white" },
  })) as { id: number };
  const { gameId } = (await command(bob, "challenge.accept", { id: challenge.id })) as { gameId: number };
  const alicesLine = await cuttable(alice);
  const bobsLine = await cuttable(bob);
  for (const page of [alice, bob]) {
    await page.goto(`/game/live/${gameId}`);
    await boardReady(page);
  }
  await drag(alice, "e2", "e4");
  await movesShown(bob, ["e4"]);
  await click(bob, "e7", "e5");
  for (const page of [alice, bob]) await movesShown(page, ["e4", "e5"]);

  // Alice is cut off while her clock runs: the page says so, and her clock stops where it stood.
  await alicesLine.cut();
  await expect(status(alice)).toHaveText("Reconnecting…");
  await expect(alice.locator(".ks-game-page.ks-game-untrusted")).toBeAttached();
  const stopped = await clock(alice, "white").textContent();
  await alice.waitForTimeout(1_500);
  await expect(clock(alice, "white")).toHaveText(stopped ?? "");
  await alice.screenshot({ path: test.info().outputPath("reconnecting.png") });

  // A move made while cut off is kept and said to be waiting.
  await drag(alice, "g1", "f3");
  await expect(status(alice)).toHaveText("Reconnecting… Your move will be sent when the connection is back.");
  await bob.waitForTimeout(500);
  await movesShown(bob, ["e4", "e5"]);

  // The line is back: the page reconnects within about a second and the move is played.
  const backAt = Date.now();
  alicesLine.restore();
  await expect(alice.locator(".ks-game-page[data-connection='up']")).toBeAttached({ timeout: 5_000 });
  const reconnectedMs = Date.now() - backAt;
  await expect(status(alice)).toHaveText("Black to move", { timeout: 5_000 });
  const playedMs = Date.now() - backAt;
  test.info().annotations.push({ type: "reconnected after", description: `${reconnectedMs} ms (move played after ${playedMs} ms)` });
  // At most a 1 s wait for the next attempt, plus the connection and the page's render on a busy machine.
  expect(reconnectedMs).toBeLessThan(3_000);
  await movesShown(bob, ["e4", "e5", "Nf3"]);
  await expect(alice.locator(".ks-game-page.ks-game-untrusted")).toHaveCount(0);

  // Bob is cut off and moves; meanwhile Alice resigns: his move was not played, and he is told so.
  await bobsLine.cut();
  await expect(status(bob)).toHaveText("Reconnecting…");
  await click(bob, "b8", "c6");
  await command(alice, "game.act", { gameId, action: "resign" });
  bobsLine.restore();
  await expect(bob.locator(".ks-game-message[role='alert']")).toHaveText(/Your move was not played/, { timeout: 5_000 });
  await expect(bob.locator(".ks-game-result")).toBeVisible();
  await movesShown(bob, ["e4", "e5", "Nf3"]);
});
