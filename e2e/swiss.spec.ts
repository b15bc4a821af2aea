import { expect, test, type Browser, type Page } from "@playwright/test";
import { boardReady } from "./board.ts";
import { signIn as signInAs, type Member } from "./members.ts";
import { watchPage } from "./site-health.ts";

/**
 * Issue 26 item 2 in Chromium (decision 0078): Alice creates a two-round
 * Swiss from the create-tournament form, four members join on its page, it
 * starts at its time, each round's games end (white resigns, or loses by not
 * making a first move in time), the next round is paired by itself, and a
 * spectator sees the finished crosstable.
 */

test.describe.configure({ mode: "serial" });
test.use({ colorScheme: "dark" });

const signIn = (browser: Browser, username: string, path: string) => signInAs(browser, username, path, { viewport: { width: 1366, height: 900 } });

/** "YYYY-MM-DDTHH:mm" in UTC, the form's start field, a little over a minute ahead (the form refuses the past). */
function startSoon(): string {
  const at = new Date(Math.ceil((Date.now() + 65_000) / 60_000) * 60_000);
  return at.toISOString().slice(0, 16);
}

/** Each pairing of the round: its white player resigns from their page's "your game" link. */
async function whitesResign(spectator: Page, swissPath: string, round: number, members: ReadonlyMap<string, Member>): Promise<void> {
  await spectator.goto(swissPath);
  const table = spectator.getByTestId(`swiss-round-${round}`);
  await expect(table.locator("tbody tr")).toHaveCount(2);
  const whites = await table.locator("tbody tr td:nth-child(2)").allInnerTexts();
  for (const white of whites) {
    const member = members.get(white.trim());
    if (!member) throw new Error(`no member ${white}`);
    await member.page.goto(swissPath);
    const yourGame = member.page.getByRole("link", { name: "Your game is on: play" });
    // A first move not made in 30 seconds loses (play's rule for arranged games): on a slow machine the game may be over already.
    if ((await yourGame.count()) === 0) continue;
    await yourGame.click();
    await expect(member.page).toHaveURL(/\/game\/live\/\d+$/);
    // The interactive page has taken over (a click on the server's button before that opens nothing).
    await boardReady(member.page);
    const resign = member.page.getByRole("button", { name: "Resign" });
    if ((await resign.count()) === 0) continue;
    await resign.click();
    await member.page.getByRole("dialog").getByRole("button", { name: "Resign" }).click({ timeout: 5_000 }).catch(() => undefined);
    await expect(resign).toHaveCount(0);
  }
}

test("four members play a two-round Swiss to its crosstable", async ({ browser }) => {
  test.setTimeout(300_000);
  const alice = await signIn(browser, "alice", "/play/online/create-tournament");
  const health = watchPage(alice.page);
  await alice.page.getByLabel("Swiss", { exact: true }).check();
  await alice.page.getByLabel("Name", { exact: true }).fill("Journey Swiss");
  await alice.page.getByLabel("Time control (minutes + seconds per move)").selectOption("1+0");
  await alice.page.getByLabel("Start (UTC)").fill(startSoon());
  await alice.page.getByLabel("Rounds (Swiss)").selectOption("2");
  await alice.page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(alice.page).toHaveURL(/\/tournament\/live\/journey-swiss-[0-9a-f]{6}$/);
  const swissPath = new URL(alice.page.url()).pathname;
  await expect(alice.page.getByText("2 rounds")).toBeVisible();

  const members = new Map<string, Member>([["alice", alice]]);
  await alice.page.getByRole("button", { name: "Join", exact: true }).click();
  await expect(alice.page.getByRole("button", { name: "Withdraw" })).toBeVisible();
  for (const username of ["bob", "carla", "moderator"]) {
    const member = await signIn(browser, username, swissPath);
    await member.page.getByRole("button", { name: "Join", exact: true }).click();
    await expect(member.page.getByRole("button", { name: "Withdraw" })).toBeVisible();
    members.set(username, member);
  }

  // A spectator, signed out, watches the page: round 1 appears by itself (polled) once the start comes.
  const spectatorContext = await browser.newContext({ colorScheme: "dark", viewport: { width: 1366, height: 900 } });
  const spectator = await spectatorContext.newPage();
  await spectator.goto(swissPath);
  await expect(spectator.getByText("Round 1 of 2")).toBeVisible({ timeout: 150_000 });

  await whitesResign(spectator, swissPath, 1, members);
  await spectator.goto(swissPath);
  // Round 2 is paired by itself when round 1's last game ends (it may be over already if its first moves were not made).
  await expect(spectator.getByText(/Round 2 of 2|This Swiss is over/)).toBeVisible({ timeout: 60_000 });
  await whitesResign(spectator, swissPath, 2, members);

  await spectator.goto(swissPath);
  await expect(spectator.getByText("This Swiss is over.")).toBeVisible({ timeout: 60_000 });
  await expect(spectator.getByTestId("swiss-round-2").locator("tbody tr")).toHaveCount(2);
  const crosstable = spectator.getByTestId("swiss-crosstable");
  await expect(crosstable.locator("tbody tr")).toHaveCount(4);
  // Four games of a point each: the scores add up to four, the first place has two wins.
  const scores = (await crosstable.getByTestId("swiss-score").allInnerTexts()).map((text) => Number(text.replace("½", ".5")));
  expect(scores.reduce((sum, score) => sum + score, 0)).toBe(4);
  expect(scores[0]).toBe(2);
  await expect(spectator.getByRole("heading", { name: "Podium" })).toBeVisible();
  await spectator.screenshot({ path: "test-results/swiss-crosstable.png", fullPage: true });
  health.expectHealthy();
});
