import { expect, test, type Locator, type Page } from "@playwright/test";
import { signIn } from "./members.ts";
import { watchPage } from "./site-health.ts";

/**
 * The keyboard journeys of issue 10 item 7: the user card opened from the
 * keyboard takes focus, keeps Tab inside it while open (every action on the
 * way), and gives focus back to the name on close; Escape closes the folded
 * navigation and the language menu.
 */

test.use({ colorScheme: "dark" });

/** React has hydrated the page (its props sit on the DOM nodes): keys now reach its handlers. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const link = document.querySelector("main a[data-username]") ?? document.querySelector("main a, main button");
    return link !== null && Object.keys(link).some((key) => key.startsWith("__reactProps"));
  });
}

/** A description of the focused element that tells elements apart: its tag, its text or label, its position among its kind. */
function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return "body";
    const same = [...document.querySelectorAll(active.tagName)].indexOf(active);
    return `${active.tagName.toLowerCase()}#${same}:${active.getAttribute("aria-label") ?? active.textContent?.trim() ?? ""}`;
  });
}

/** Descriptions (as focusedElement gives them) of the links and enabled buttons a person can reach in `container`. */
function actionsIn(container: Locator): Promise<string[]> {
  return container.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")]
      .filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0)
      .map((element) => {
        const same = [...document.querySelectorAll(element.tagName)].indexOf(element);
        return `${element.tagName.toLowerCase()}#${same}:${element.getAttribute("aria-label") ?? element.textContent?.trim() ?? ""}`;
      }),
  );
}

/** Presses Tab until the focused element is `target` (as focusedElement describes it); fails after `most` presses. */
async function tabTo(page: Page, matches: (focused: string) => boolean, most = 40): Promise<void> {
  for (let press = 0; press < most; press += 1) {
    if (matches(await focusedElement(page))) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab did not reach the element in ${most} presses; focus is on ${await focusedElement(page)}`);
}

test("the user card opened from the keyboard takes focus, keeps Tab inside, and gives focus back on close", async ({ browser }) => {
  test.setTimeout(60_000);
  const alice = await signIn(browser, "alice", "/home");
  const { page } = alice;
  const health = watchPage(page);
  try {
    await hydrated(page);
    const name = page.locator("main a[data-username]").first();
    const username = (await name.getAttribute("data-username")) ?? "";
    await name.focus();
    await page.keyboard.press("Enter");
    const card = page.getByRole("dialog", { name: new RegExp(username, "i") });
    await expect(card.getByRole("heading", { name: new RegExp(username, "i") })).toBeVisible();
    await expect(card.locator("[data-action]").first()).toBeEnabled();
    // It took focus.
    expect(await card.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    // Tab visits every action and link in it, and never leaves it: twice round the card.
    const actions = await actionsIn(card);
    expect(actions.length).toBeGreaterThan(3);
    const visited: string[] = [];
    for (let press = 0; press < actions.length * 2 + 1; press += 1) {
      await page.keyboard.press("Tab");
      expect(await card.evaluate((element) => element.contains(document.activeElement)), `Tab ${press + 1} stays in the card`).toBe(true);
      visited.push(await focusedElement(page));
    }
    expect(new Set(visited)).toEqual(new Set(actions));
    // From the first, Shift+Tab goes round to the last.
    const first = visited[0] ?? "";
    const last = visited[actions.length - 1] ?? "";
    await tabTo(page, (focused) => focused === first);
    await page.keyboard.press("Shift+Tab");
    expect(await focusedElement(page)).toBe(last);

    // Escape closes it and focus is back on the name.
    await page.keyboard.press("Escape");
    await expect(card).toHaveCount(0);
    await expect(name).toBeFocused();

    // So does its Close button, reached by Tab.
    await page.keyboard.press("Enter");
    await expect(card.getByRole("button", { name: "Close" })).toBeVisible();
    await tabTo(page, (focused) => focused.endsWith(":Close"));
    await page.keyboard.press("Enter");
    await expect(card).toHaveCount(0);
    await expect(name).toBeFocused();
    health.expectHealthy();
  } finally {
    await alice.context.close();
  }
});

test("Escape closes the folded navigation and gives focus back to its button", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/home");
  await hydrated(page);
  const toggle = page.locator(".ks-nav-toggle");
  const play = page.locator("nav#sb").getByRole("link", { name: "Play" });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(play).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(play).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(play).toBeHidden();
  await expect(toggle).toBeFocused();
});

test("Escape closes the language menu and gives focus back to it", async ({ page }) => {
  await page.goto("/home");
  await hydrated(page);
  const summary = page.locator(".ks-language-menu summary");
  const english = page.locator(".ks-language-menu a[hreflang='en']");
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(english).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(english).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(english).toBeHidden();
  await expect(summary).toBeFocused();
});
