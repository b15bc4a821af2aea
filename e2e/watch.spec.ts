import { expect, test, type Browser, type Page } from "@playwright/test";
import { signIn } from "./members.ts";
import { ownServer } from "./own-server.ts";


// Games change /live for everyone: this file runs on a server of its own.
const baseURL = ownServer("watch");
test.use({ baseURL });

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  return (await signIn(browser, username, "/home", { baseURL })).page;
}

/**
 * Sends a socket command from the page, on a socket of its own kept open in
 * the page (it counts for the member's presence). The game page that sends
 * these from buttons is another journey's; here the socket stands in for it.
 */
async function socketCommand(page: Page, name: string, input: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ name, input }) => {
      const holder = window as unknown as { watchSocket?: Promise<WebSocket>; watchRequest?: number };
      holder.watchSocket ??= new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
        socket.addEventListener("open", () => resolve(socket));
        socket.addEventListener("error", () => reject(new Error("socket failed")));
      });
      const socket = await holder.watchSocket;
      holder.watchRequest = (holder.watchRequest ?? 0) + 1;
      const id = `e2e${holder.watchRequest}`;
      return new Promise((resolve, reject) => {
        const listen = (message: MessageEvent<string>) => {
          const frame = JSON.parse(message.data) as { type: string; data: { id?: string; result?: unknown; code?: string } };
          if (frame.data.id !== id) return;
          socket.removeEventListener("message", listen);
          if (frame.type === "ack") resolve(frame.data.result);
          else reject(new Error(`refused: ${frame.data.code}`));
        };
        socket.addEventListener("message", listen);
        socket.send(JSON.stringify({ type: "command", data: { id, name, input } }));
      });
    },
    { name, input },
  );
}

test("a visitor finds a live game on /live, its mini board follows the moves, and the player's profile offers Watch", async ({ browser, page }) => {
  test.setTimeout(90_000);
  const alice = await signedInPage(browser, "alice");
  const bob = await signedInPage(browser, "bob");
  const challenge = (await socketCommand(alice, "challenge.create", {
    opponent: "bob",
    terms: { rules: "standard", control: { kind: "live", baseSeconds: 600, incrementSeconds: 5 }, rated: true, color: "white" },
  })) as { id: number };
  const { gameId } = (await socketCommand(bob, "challenge.accept", { id: challenge.id })) as { gameId: number };
  await socketCommand(alice, "game.move", { gameId, ply: 0, uci: "e2e4" });
  await socketCommand(bob, "game.move", { gameId, ply: 1, uci: "e7e5" });

  await page.goto("/live");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Live games");
  // The demo data has a few live games in progress of its own.
  await expect(page.getByText(/^\d+ games? in progress$/)).toBeVisible();
  const board = page.getByRole("img", { name: "alice against bob, current position" });
  await expect(page.getByRole("link", { name: "Watch alice against bob" }).first()).toHaveAttribute("href", `/game/live/${gameId}`);
  // The six mini boards go to the highest-rated games: on the shared server the demo's own live games (its players,
  // arena and variant games, other journeys') may hold all six, and then this game is a row below them.
  const onABoard = (await board.count()) > 0;
  if (onABoard) await expect(board).toHaveAttribute("data-fen", /^rnbqkbnr\/pppp1ppp\/8\/4p3\/4P3\//);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: "test-results/watch-live-1366.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/watch-live-390.png", fullPage: true });

  // The next move reaches the visitor's mini board over the socket, without a reload.
  await socketCommand(alice, "game.move", { gameId, ply: 2, uci: "g1f3" });
  if (onABoard) await expect(board).toHaveAttribute("data-fen", /^rnbqkbnr\/pppp1ppp\/8\/4p3\/4P3\/5N2\//);

  // Presence: alice is playing, and her profile's Watch leads to the game.
  await page.goto("/member/alice");
  await expect(page.locator("a.ks-presence-watch")).toHaveAttribute("href", `/game/live/${gameId}`);

  await socketCommand(bob, "game.act", { gameId, action: "resign" });
  await page.goto("/live");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Live games");
  await expect(page.getByRole("link", { name: "Watch alice against bob" })).toHaveCount(0);
});
