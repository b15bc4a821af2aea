import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./members.ts";
import { FINISHED_GAME_ID } from "./sample-pages.ts";

/**
 * axe-core on the main pages (issue 10 item 7): no serious or critical
 * violation of WCAG 2.1 A and AA, in the dark theme (the default), as a
 * visitor and, for the pages only a member has, signed in. Each failure
 * names the rule, its impact and the first elements it found.
 */

const visitorPages = [
  "/home",
  "/member/carla",
  "/login",
  "/register",
  "/play/online/new",
  `/game/live/${FINISHED_GAME_ID}`,
  "/live",
  "/clubs",
  "/clubs/find",
  "/club/kingside-knights",
  // Issue 23: a board, and a stats page with its period, streaks and daily figures.
  "/leaderboard/live/blitz",
  "/stats/daily/chess/alice/0",
] as const;

// /clubs with its create form, and the edit form of the demo club alice owns.
// The club page and its members page as their owner: the owner's tools, the Chat tab and the members' Manage menus.
const memberPages = ["/home", "/member/alice", "/notifications", "/settings", "/play/online/new", "/clubs", "/clubs/edit/kingside-knights", "/club/kingside-knights", "/clubs/members/kingside-knights", "/club/chat/kingside-knights"] as const;

/** The serious and critical violations axe finds on the page as it stands, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join(", ")}`);
}

/** Opens `path` and waits until React has hydrated it (the page a person uses, not only its server HTML). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: "load" });
  await page.waitForFunction(() => {
    const main = document.querySelector("main#main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__react"));
  });
}

test.use({ colorScheme: "dark" });

for (const path of visitorPages) {
  test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
    await open(page, path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("an archive with games has no serious or critical accessibility violation", async ({ page }) => {
  // The archive of a player of the finished sample game, so that it lists games.
  await open(page, `/game/live/${FINISHED_GAME_ID}`);
  const profile = (await page.locator(".ks-player-name a").first().getAttribute("href")) ?? "";
  const username = /^\/member\/([\w-]+)$/.exec(profile)?.[1];
  expect(username, profile).toBeTruthy();
  await open(page, `/games/archive/${username}`);
  await expect(page.locator("main a[href^='/game/']").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("a member's pages have no serious or critical accessibility violation", async ({ browser }) => {
  test.setTimeout(90_000);
  const alice = await signIn(browser, "alice", "/home");
  try {
    const found: string[] = [];
    for (const path of memberPages) {
      await open(alice.page, path);
      found.push(...(await seriousViolations(alice.page)).map((line) => `${path}: ${line}`));
    }
    expect(found).toEqual([]);
  } finally {
    await alice.context.close();
  }
});
