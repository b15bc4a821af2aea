import { expect, type Page } from "@playwright/test";

/**
 * Playing on the game page from a journey: moves by drag or by click on the
 * live (chessground) board, waiting for the move list, and socket commands
 * sent with the page's session.
 */

/** Sends one socket command from the page (its own connection, with the member's session) and answers the ack's result. */
export async function command(page: Page, name: string, input: unknown): Promise<unknown> {
  return page.evaluate(
    ({ name, input }) =>
      new Promise((resolve, reject) => {
        const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
        const id = `e2e-${Math.random().toString(36).slice(2)}`;
        socket.onopen = () => socket.send(JSON.stringify({ type: "command", data: { id, name, input } }));
        socket.onmessage = (message) => {
          const frame = JSON.parse(String(message.data)) as { type: string; data: { id?: string; result?: unknown; code?: string } };
          if (frame.data.id !== id) return;
          socket.close();
          if (frame.type === "ack") resolve(frame.data.result);
          else reject(new Error(`${name} refused: ${frame.data.code ?? frame.type}`));
        };
      }),
    { name, input },
  );
}

/** The interactive board has replaced the static one and holds pieces. */
export async function boardReady(page: Page): Promise<void> {
  await expect(page.locator(".ks-board-live cg-board piece").first()).toBeAttached({ timeout: 15_000 });
}

/** The centre of a square on the page's board, as the viewer sees it. */
export async function squareCentre(page: Page, square: string, orientation: "white" | "black"): Promise<{ x: number; y: number }> {
  const box = await page.locator(".ks-board-live").boundingBox();
  if (!box) throw new Error("no board");
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  const column = orientation === "white" ? file : 7 - file;
  const row = orientation === "white" ? 7 - rank : rank;
  const size = box.width / 8;
  return { x: box.x + (column + 0.5) * size, y: box.y + (row + 0.5) * size };
}

export async function drag(page: Page, from: string, to: string): Promise<void> {
  const start = await squareCentre(page, from, "white");
  const end = await squareCentre(page, to, "white");
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2, { steps: 4 });
  await page.mouse.move(end.x, end.y, { steps: 4 });
  await page.mouse.up();
}

export async function click(page: Page, from: string, to: string, orientation: "white" | "black" = "black"): Promise<void> {
  for (const square of [from, to]) {
    const point = await squareCentre(page, square, orientation);
    await page.mouse.click(point.x, point.y);
  }
}

/** Waits until the page's move list holds these moves. */
export async function movesShown(page: Page, sans: string[]): Promise<void> {
  await expect(page.locator(".ks-move-list button.ks-move")).toHaveText(sans, { timeout: 10_000 });
}
