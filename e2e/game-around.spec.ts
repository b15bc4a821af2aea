import { expect, test, type Browser, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { parsePgn, startingPosition } from "chessops/pgn";
import { parseSan } from "chessops/san";
import { boardReady, click, command, drag, movesShown } from "./board.ts";
import { signIn as signInAs } from "./members.ts";
import { ownServer } from "./own-server.ts";
import { watchPage } from "./site-health.ts";

/**
 * Around the game (issue 21 items 6 and 7) in Chromium: a takeback asked for
 * and allowed from the page's buttons, the board flipped by its key, then
 * after the end the PGN downloaded (and replayed with chessops) and "New
 * opponent" pairing the player with someone else on the same terms.
 */

const baseURL = ownServer("game-around");
test.use({ baseURL });

const wide = { width: 1366, height: 900 };
const terms = { rules: "standard", control: { kind: "live", baseSeconds: 300, incrementSeconds: 0 }, rated: false, color: "white" } as const;

async function signIn(browser: Browser, username: string): Promise<Page> {
  return (await signInAs(browser, username, "/home", { baseURL, viewport: wide })).page;
}

test("a takeback asked for and allowed; after the end the PGN replays and New opponent pairs again", async ({ browser }) => {
  test.setTimeout(240_000);
  const alice = await signIn(browser, "alice");
  const bob = await signIn(browser, "bob");
  const health = [alice, bob].map((page) => watchPage(page));

  const challenge = (await command(alice, "challenge.create", { opponent: "bob", terms })) as { id: number };
  const { gameId } = (await command(bob, "challenge.accept", { id: challenge.id })) as { gameId: number };
  const path = `/game/live/${gameId}`;
  await alice.goto(path);
  await bob.goto(path);
  for (const page of [alice, bob]) await boardReady(page);

  await drag(alice, "e2", "e4");
  await movesShown(bob, ["e4"]);
  await click(bob, "e7", "e5"); // bob plays black: his board is seen from his side
  await movesShown(alice, ["e4", "e5"]);
  await drag(alice, "g1", "f3");
  await movesShown(bob, ["e4", "e5", "Nf3"]);

  // Alice asks to take Nf3 back; bob allows it; both boards return to 1. e4 e5 and she plays d4 instead.
  await alice.locator("[data-action='takeback.offer']").click();
  await expect(bob.getByText("Your opponent asks to take back their last move.")).toBeVisible();
  await expect(alice.locator("[data-action='takeback.decline']")).toHaveText("Cancel the takeback request");
  await bob.screenshot({ path: "test-results/game-around-takeback.png" });
  await bob.locator("[data-action='takeback.accept']").click();
  for (const page of [alice, bob]) await movesShown(page, ["e4", "e5"]);
  await expect(bob.getByText("Your opponent asks to take back their last move.")).toHaveCount(0);
  await boardReady(alice);
  await drag(alice, "d2", "d4");
  for (const page of [alice, bob]) await movesShown(page, ["e4", "e5", "d4"]);

  // The f key flips the board (and the button says so).
  const flip = bob.getByRole("button", { name: "Flip board" });
  await expect(flip).toHaveAttribute("aria-pressed", "false");
  await bob.keyboard.press("f");
  await expect(flip).toHaveAttribute("aria-pressed", "true");
  await bob.keyboard.press("f");
  await alice.screenshot({ path: "test-results/game-around-playing.png" });

  // Bob resigns: the result panel offers the PGN, which replays with chessops to the same moves.
  await bob.getByRole("button", { name: "Resign" }).click();
  await bob.getByRole("dialog").getByRole("button", { name: "Resign" }).click();
  await expect(alice.locator(".ks-game-result")).toContainText("1-0");
  await alice.screenshot({ path: "test-results/game-around-ended.png" });
  const [download] = await Promise.all([alice.waitForEvent("download"), alice.getByRole("link", { name: "Download PGN" }).click()]);
  const pgn = await readFile((await download.path()) ?? "", "utf8");
  const [game] = parsePgn(pgn);
  if (!game) throw new Error("no game in the PGN");
  expect(game.headers.get("Result")).toBe("1-0");
  const position = startingPosition(game.headers).unwrap();
  const sans = [...game.moves.mainline()].map((node) => node.san);
  for (const san of sans) {
    const move = parseSan(position, san);
    if (!move) throw new Error(`illegal ${san} in the PGN`);
    position.play(move);
  }
  expect(sans).toEqual(["e4", "e5", "d4"]);

  // New opponent: alice's seek waits on the same terms; carla takes it and alice's page lands on their game.
  await alice.locator("[data-action='new-opponent']").click();
  await expect(alice.getByText("Looking for an opponent on the same terms…")).toBeVisible();
  const carla = await signIn(browser, "carla");
  const paired = (await command(carla, "seek.quick", { terms: { ...terms, color: "random" } })) as { gameId?: number };
  expect(paired.gameId).toBeDefined();
  await expect(alice).toHaveURL(new RegExp(`/game/live/${paired.gameId}$`));
  await expect(alice.locator(".ks-game-page")).toHaveAttribute("data-status", "playing");

  for (const check of health) check.expectHealthy();
});
