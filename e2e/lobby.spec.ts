import { expect, test, type Browser, type Page } from "@playwright/test";
import { signIn as signInAs } from "./members.ts";
import { ownServer } from "./own-server.ts";

/**
 * Finding a game (issue 9 §2), in two browser contexts on a server of this
 * file's own: alice's seek appears in bob's lobby without a reload, bob
 * accepts it and both land on the live game; then alice challenges bob from
 * /play/online/new?opponent=bob, bob accepts from the toast, and both land
 * on the game again, which the header lists as a game in progress.
 */
const baseURL = ownServer("the lobby server");
test.use({ baseURL, colorScheme: "dark" });
test.describe.configure({ mode: "serial" });

const PLAY_NEW = "/play/online/new";
const LIVE_GAME = /\/game\/live\/(\d+)$/;

const signIn = (browser: Browser, username: string, path: string) => signInAs(browser, username, path, { baseURL });

function gameIdOf(page: Page): string {
  const match = LIVE_GAME.exec(new URL(page.url()).pathname);
  if (!match?.[1]) throw new Error(`not on a live game: ${page.url()}`);
  return match[1];
}

test("a seek appears in another member's lobby live; accepting it takes both to the game", async ({ browser }) => {
  const bob = await signIn(browser, "bob", PLAY_NEW);
  const alice = await signIn(browser, "alice", PLAY_NEW);
  try {
    const lobby = bob.page.getByRole("table", { name: /open seeks/i });
    await expect(bob.page.getByText("No open seeks right now.")).toBeVisible();

    await alice.page.getByRole("radio", { name: "3+2" }).check();
    await alice.page.getByRole("radio", { name: "Casual" }).check();
    await alice.page.getByRole("button", { name: "Play", exact: true }).click();
    await expect(alice.page.getByText("Waiting for an opponent…")).toBeVisible();

    // Bob's page was rendered before the seek existed: it arrives over the socket.
    const row = lobby.getByRole("row", { name: /alice/ });
    await expect(row).toContainText("3+2");
    await row.getByRole("button", { name: "Accept 3+2 against alice" }).click();

    await bob.page.waitForURL(LIVE_GAME);
    await alice.page.waitForURL(LIVE_GAME);
    expect(gameIdOf(alice.page)).toBe(gameIdOf(bob.page));
  } finally {
    await alice.context.close();
    await bob.context.close();
  }
});

test("a challenge from /play/online/new?opponent= is accepted from the toast; both go to the game", async ({ browser }) => {
  const bob = await signIn(browser, "bob", "/");
  const alice = await signIn(browser, "alice", `${PLAY_NEW}?opponent=bob`);
  try {
    const form = alice.page.getByRole("form", { name: /challenge bob/i });
    await expect(form.getByText("online", { exact: true })).toBeVisible();
    await form.getByRole("radio", { name: "5+0" }).check();
    await form.getByRole("radio", { name: "White" }).check();
    await form.getByRole("button", { name: "Send the challenge" }).click();
    await expect(alice.page.getByText("Waiting for bob to answer…")).toBeVisible();

    // Bob is on another page: the shell's toast brings the challenge.
    const toast = bob.page.getByRole("article", { name: "alice challenges you" });
    await expect(toast).toContainText("5+0");
    await expect(toast).toContainText("you play black");
    await toast.getByRole("button", { name: "Accept" }).click();

    await bob.page.waitForURL(LIVE_GAME);
    await alice.page.waitForURL(LIVE_GAME);
    const gameId = gameIdOf(alice.page);
    expect(gameIdOf(bob.page)).toBe(gameId);

    // The game in progress is one click away from any page.
    await alice.page.goto("/");
    const current = alice.page.getByRole("button", { name: /games? in progress/ });
    await expect(current).toBeVisible();
    await current.click();
    await expect(alice.page.locator("#ks-current-games-list").getByRole("link", { name: /vs bob/ }).first()).toHaveAttribute("href", /\/game\/live\/\d+$/);
  } finally {
    await alice.context.close();
    await bob.context.close();
  }
});
