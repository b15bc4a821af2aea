import { expect, test } from "@playwright/test";
import { signIn } from "./members.ts";

/**
 * The club pages on the design system (issue 22 item 7): a country shows its
 * flag and name, the Chat tab is there for a member and not for a visitor,
 * the search's filters are labelled fields, and the owner's actions on a
 * member open from one keyboard-operable menu.
 */

test.use({ colorScheme: "dark" });

test("a visitor sees the club's country by name and flag, and no Chat tab", async ({ page }) => {
  await page.goto("/club/kingside-knights");
  const country = page.locator(".ks-club-facts .ks-country");
  await expect(country).toHaveText("United Kingdom");
  await expect(country.getByRole("img", { name: "United Kingdom" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Kingside Knights: sections" });
  await expect(tabs.getByRole("link", { name: "Forum" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Chat" })).toHaveCount(0);

  await page.goto("/clubs/find");
  await expect(page.getByLabel("Country")).toHaveValue("");
  await page.getByLabel("Country").selectOption({ label: "Germany" });
  await page.locator("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/country=DE/);
  const cards = page.locator(".ks-club-list-item");
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) await expect(card.locator(".ks-country-name")).toHaveText("Germany");
  await expect(page.locator(".ks-club-list-facts").filter({ hasText: /^XX$|\bXX\b/ })).toHaveCount(0);
});

test("the owner has the Chat tab, and opens a member's actions from the Manage menu by keyboard", async ({ browser }) => {
  const alice = await signIn(browser, "alice", "/club/kingside-knights", { viewport: { width: 1280, height: 900 } });
  try {
    const { page } = alice;
    await expect(page.getByRole("navigation", { name: "Kingside Knights: sections" }).getByRole("link", { name: "Chat" })).toBeVisible();
    await page.screenshot({ path: "test-results/club-page-1280.png", fullPage: true });
    await page.goto("/clubs/members/kingside-knights");
    const row = page.locator("li[data-member='bob']");
    const make = row.getByRole("button", { name: "Make bob an admin" });
    await expect(make).toBeHidden();
    await row.getByText("Manage").focus();
    await page.keyboard.press("Enter");
    await expect(make).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(make).toBeHidden();
  } finally {
    await alice.context.close();
  }
});
