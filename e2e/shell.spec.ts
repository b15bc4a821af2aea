import { chromium, expect, test } from "@playwright/test";
import { watchPage } from "./site-health.ts";

test("the main navigation offers play, home, social, log in and sign up", async ({ page }) => {
  const health = watchPage(page);
  await page.goto("/clubs");
  const nav = page.locator("nav#sb");
  await expect(nav.getByRole("link", { name: "Play" })).toHaveAttribute("href", "/play/online/new");
  // A visitor's Home is the landing page (a member's is /home).
  await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(nav.getByRole("link", { name: "Clubs" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/register");
  health.expectHealthy();
});

test("links keep the page's locale prefix, and the language menu switches it", async ({ page }) => {
  const health = watchPage(page);
  await page.goto("/es/clubs");
  await expect(page.locator("nav#sb .ks-nav-links a[href='/es']")).toHaveCount(1);
  await page.locator(".ks-language-menu summary").click();
  await page.locator(".ks-language-menu a[hreflang='fr']").click();
  await expect(page).toHaveURL(/\/fr\/clubs$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator("nav#sb .ks-nav-links a[href='/fr']")).toHaveCount(1);
  health.expectHealthy();
});

test("client-side navigation loads the next page's data", async ({ page }) => {
  const health = watchPage(page);
  await page.goto("/clubs");
  // A visitor's Home is the landing page at / (their /home redirects there).
  await page.locator("nav#sb").getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole("heading", { level: 2, name: "Newest members" })).toBeVisible();
  health.expectHealthy();
});

test("a visitor's page follows a dark device, whose theme the site draws by default", async ({ browser }) => {
  // Until a member chooses, the site follows the device (decision 0064): the dark theme when the device is dark.
  const context = await browser.newContext({ colorScheme: "dark" });
  const page = await context.newPage();
  try {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const [red = 255, green = 255, blue = 255] = (background.match(/\d+/g) ?? []).map(Number);
    expect((red + green + blue) / 3).toBeLessThan(80);
  } finally {
    await context.close();
  }
});

test("on a phone the navigation folds into a menu that opens by keyboard", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto("/home");
  const playLink = page.locator("nav#sb").getByRole("link", { name: "Play" });
  await expect(playLink).toBeHidden();
  await page.locator(".ks-nav-toggle").focus();
  await page.keyboard.press("Enter");
  await expect(playLink).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});

test("the skip link moves focus to the content", async ({ page }) => {
  await page.goto("/home");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});

test("a language subdomain selects its language", async ({ baseURL }) => {
  // A browser whose resolver sends the language subdomains to this server.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--host-resolver-rules=MAP *.kingside.test 127.0.0.1"],
  });
  const port = new URL(baseURL ?? "http://127.0.0.1:3100").port;
  try {
    const page = await browser.newPage();
    const health = watchPage(page);
    for (const [subdomain, locale] of [["schach", "de"], ["ajedrez", "es"], ["szachy", "pl"]] as const) {
      await page.goto(`http://${subdomain}.kingside.test:${port}/clubs`);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      // Links carry no prefix: the host already names the language.
      await expect(page.locator("nav#sb .ks-nav-links a[href='/']")).toHaveCount(1);
    }
    health.expectHealthy();
  } finally {
    await browser.close();
  }
});
