import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./members.ts";
import { FINISHED_GAME_ID, memberSamplePaths, routeTableSamples } from "./sample-pages.ts";

/**
 * No page scrolls sideways on a phone (issue 10 item 5): every page of the
 * route table, opened fresh at 330 px (the spec's narrowest breakpoint), 360
 * and 390 px, is no wider than the screen — as a visitor, and the pages a
 * member sees differently, signed in; with the folded navigation open too.
 */

const widths = [330, 360, 390] as const;

interface Overflow {
  readonly by: number;
  /** The outermost elements that reach past the right edge, to say where to look. */
  readonly culprits: string[];
}

/** How far the document reaches past the screen's right edge, and what sticks out. */
function measureOverflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const culprits: string[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= root.clientWidth + 0.5) continue;
      if (element.parentElement && element.parentElement.getBoundingClientRect().right > root.clientWidth + 0.5) continue;
      culprits.push(`${element.tagName.toLowerCase()}.${[...element.classList].join(".")} (right edge ${Math.round(box.right)})`);
    }
    return { by: root.scrollWidth - root.clientWidth, culprits: culprits.slice(0, 5) };
  });
}

/** Opens `path` at `width` the way a phone would (loaded at that size) and waits until React has hydrated it. */
async function openAt(page: Page, path: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 740 });
  await page.goto(path, { waitUntil: "load" });
  await page.waitForFunction(() => {
    const main = document.querySelector("main#main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__react"));
  });
}

async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await measureOverflow(page);
  expect(overflow.by, `${label} is ${overflow.by} px wider than the screen: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(0);
}

test.use({ colorScheme: "dark" });

for (const sample of routeTableSamples()) {
  test(`${sample.path} (${sample.route}) fits 330, 360 and 390 px`, async ({ page }) => {
    // Loaded at the narrowest width; the wider ones are the same page turned (a fresh load each costs a second on a busy machine).
    const [narrowest, ...wider] = widths;
    await openAt(page, sample.path, narrowest);
    await expectNoSidewaysScroll(page, `${sample.path} at ${narrowest} px`);
    for (const width of wider) {
      await page.setViewportSize({ width, height: 740 });
      await expectNoSidewaysScroll(page, `${sample.path} at ${width} px`);
    }
  });
}

test("a member's pages fit 330, 360 and 390 px, with the navigation open too", async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = await signIn(browser, "alice", "/home");
  try {
    const { page } = alice;
    for (const width of widths) {
      for (const path of memberSamplePaths) {
        await openAt(page, path, width);
        await expectNoSidewaysScroll(page, `${path} signed in at ${width} px`);
      }
      // The sample game is a finished one (the seed plays those first).
      await openAt(page, `/game/live/${FINISHED_GAME_ID}`, width);
      await expect(page.locator(".ks-game-page")).toHaveAttribute("data-status", "ended");
      await page.locator(".ks-nav-toggle").click();
      await expect(page.locator("nav#sb").getByRole("link", { name: "Play" })).toBeVisible();
      await expectNoSidewaysScroll(page, `the open navigation signed in at ${width} px`);
    }
  } finally {
    await alice.context.close();
  }
});

test("a visitor's open navigation fits 330, 360 and 390 px", async ({ page }) => {
  for (const width of widths) {
    await openAt(page, "/register", width);
    await page.locator(".ks-nav-toggle").click();
    await expect(page.locator("nav#sb").getByRole("link", { name: "Sign up" })).toBeVisible();
    await expectNoSidewaysScroll(page, `the open navigation at ${width} px`);
  }
});
