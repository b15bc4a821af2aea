import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./members.ts";

/**
 * The header fits a laptop in long languages (issue 22 item 7): at 1024 and
 * 1366 px, in German, French, Russian and English, as a visitor and signed
 * in, no part of the bar reaches past the screen or lies over another, and
 * every navigation link is visible and takes a click.
 */

const languages = ["en", "de", "fr", "ru"] as const;
const widths = [1024, 1366] as const;

interface HeaderLayout {
  /** How far the page reaches past the screen's right edge. */
  readonly overflow: number;
  /** Parts that reach past the screen's right edge. */
  readonly outside: string[];
  /** Pairs of parts whose boxes overlap. */
  readonly overlaps: string[];
}

/** The bar's parts as a person sees them: the brand, the tools' controls, each link, the account's controls, the features' items. */
function measureHeader(page: Page): Promise<HeaderLayout> {
  return page.evaluate(() => {
    const nav = document.querySelector("nav#sb");
    if (!nav) throw new Error("no nav#sb");
    const selectors = [".ks-brand", ".ks-nav-tools > * > :is(a, button, form)", ".ks-nav-links > li", ".ks-nav-account > *", ".ks-nav-items > *"];
    const parts = selectors
      .flatMap((selector) => [...nav.querySelectorAll(selector)])
      .filter((element) => getComputedStyle(element).display !== "none" && element.getBoundingClientRect().width > 0)
      .map((element) => ({ name: `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} "${(element.textContent ?? "").trim().slice(0, 20)}"`, box: element.getBoundingClientRect() }));
    const width = document.documentElement.clientWidth;
    const overlaps: string[] = [];
    parts.forEach((a, i) => {
      for (const b of parts.slice(i + 1)) {
        const apart = a.box.right <= b.box.left + 0.5 || b.box.right <= a.box.left + 0.5 || a.box.bottom <= b.box.top + 0.5 || b.box.bottom <= a.box.top + 0.5;
        if (!apart) overlaps.push(`${a.name} / ${b.name}`);
      }
    });
    return {
      overflow: document.documentElement.scrollWidth - width,
      outside: parts.filter((part) => part.box.right > width + 0.5 || part.box.left < -0.5).map((part) => part.name),
      overlaps,
    };
  });
}

async function expectHeaderFits(page: Page, label: string): Promise<void> {
  const layout = await measureHeader(page);
  expect(layout.outside, `${label}: parts past the screen`).toEqual([]);
  expect(layout.overlaps, `${label}: parts over each other`).toEqual([]);
  expect(layout.overflow, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(0);
  const links = page.locator("nav#sb .ks-nav-links a");
  await expect(links).toHaveCount(5);
  for (const link of await links.all()) {
    await expect(link).toBeVisible();
    // Nothing lies over the link: a trial click finds it the topmost element at its centre.
    await link.click({ trial: true, timeout: 2_000 });
  }
}

/** Opens `path` hydrated, with the signed-in header items in place when there are any. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: "load" });
  await page.waitForFunction(() => {
    const main = document.querySelector("main#main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__react"));
  });
  await page.waitForLoadState("networkidle");
}

test.use({ colorScheme: "dark" });

for (const language of languages) {
  test(`the header fits at 1024 and 1366 px in ${language}, for a visitor and a member`, async ({ browser }) => {
    test.setTimeout(90_000);
    const path = language === "en" ? "/home" : `/${language}/home`;
    const visitor = await browser.newContext({ colorScheme: "dark" });
    const member = await signIn(browser, "alice", "/home");
    try {
      const visitorPage = await visitor.newPage();
      for (const width of widths) {
        for (const [who, page] of [["visitor", visitorPage], ["alice", member.page]] as const) {
          await page.setViewportSize({ width, height: 768 });
          await open(page, path);
          await expectHeaderFits(page, `${language} at ${width} px as ${who}`);
        }
      }
      // The member's bar carries their account controls and the features' items.
      await expect(member.page.locator("nav#sb .ks-nav-account a[href$='/member/alice']")).toBeVisible();
      await expect(member.page.locator("nav#sb .ks-nav-items > *").first()).toBeVisible();
    } finally {
      await visitor.close();
      await member.context.close();
    }
  });
}
