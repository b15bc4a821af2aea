import { expect, test, type Page } from "@playwright/test";
import { call, signIn } from "./members.ts";
import { watchPage } from "./site-health.ts";

/**
 * Finding members (issue 10 items 3 and 4): the header's search box suggests
 * members as one types and opens a profile from the keyboard; Enter without a
 * pick lists them on /search; on a phone the box unfolds from its button; a
 * member mutes and unmutes another from the user card.
 */

/** React has hydrated the page: the header's combobox answers keys. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const box = document.querySelector("[role='combobox']");
    return box !== null && Object.keys(box).some((key) => key.startsWith("__reactProps"));
  });
}

test("the header's box suggests members, opens one by keyboard, and Enter lists them on /search", async ({ browser }) => {
  // 1536 px: the bar has room for the field itself (narrower than 1500 px, it folds into a button: the phone journey below).
  const alice = await signIn(browser, "alice", "/home", { viewport: { width: 1536, height: 864 } });
  const health = watchPage(alice.page);
  try {
    const { page } = alice;
    await hydrated(page);
    const box = page.getByRole("combobox", { name: "Search members" });
    await box.click();
    // Under three characters the spec's hint shows (001 §5), and nothing is asked.
    await box.pressSequentially("ca");
    await expect(page.getByRole("status").filter({ hasText: "Please enter 3 or more characters." })).toBeVisible();
    await box.pressSequentially("r");
    const list = page.getByRole("listbox", { name: "Search members" });
    await expect(list.getByRole("option", { name: /carla/ })).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");

    // ArrowDown makes the first member the active option; Enter opens their profile.
    await box.press("ArrowDown");
    const active = await box.getAttribute("aria-activedescendant");
    expect(active).toBeTruthy();
    await expect(page.locator(`[id="${active}"]`)).toHaveAttribute("aria-selected", "true");
    await expect(page.locator(`[id="${active}"]`)).toContainText("carla");
    await box.press("Enter");
    await page.waitForURL("**/member/carla");
    await expect(page.getByRole("heading", { level: 1, name: "carla" })).toBeVisible();

    // Escape closes the list and keeps the text; Enter with no pick goes to /search?q=.
    await box.click();
    await box.pressSequentially("car");
    await expect(list).toBeVisible();
    await box.press("Escape");
    await expect(list).toBeHidden();
    await expect(box).toHaveValue("car");
    await box.press("Enter");
    await page.waitForURL("**/search?q=car");
    await expect(page.getByRole("heading", { level: 1, name: "Search results for “car”" })).toBeVisible();
    const results = page.locator(".ks-member-result");
    await expect(results.first()).toBeVisible();
    await expect(page.locator(".ks-member-result[data-username='carla']")).toContainText("FM");
    health.expectHealthy();
  } finally {
    await alice.context.close();
  }
});

test("on a phone the search folds into a button that unfolds the field, and Escape folds it back", async ({ browser }) => {
  const bob = await signIn(browser, "bob", "/home", { viewport: { width: 390, height: 844 } });
  try {
    const { page } = bob;
    await hydrated(page);
    const box = page.getByRole("combobox", { name: "Search members" });
    await expect(box).toBeHidden();
    const open = page.getByRole("button", { name: "Search members" });
    await open.click();
    await expect(box).toBeFocused();
    await box.pressSequentially("ali");
    await expect(page.getByRole("option", { name: /alice/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await box.press("Escape");
    await box.press("Escape");
    await expect(box).toHaveValue("");
    await box.press("Escape");
    await expect(box).toBeHidden();
    await expect(open).toBeFocused();
  } finally {
    await bob.context.close();
  }
});

test("a member mutes and unmutes another from the user card", async ({ browser }) => {
  const alice = await signIn(browser, "alice", "/search?q=bob");
  try {
    const { page } = alice;
    // Undo a mute an earlier run may have left.
    expect(await call(alice, "POST", "/callback/member/bob/unmute-account")).toBeLessThan(500);
    await page.reload();
    await hydrated(page);

    await page.locator(".ks-member-result[data-username='bob']").getByRole("link", { name: "bob", exact: true }).click();
    const card = page.getByRole("dialog", { name: "Member card: bob" });
    await expect(card.getByRole("heading", { name: /bob/ })).toBeVisible();
    await card.getByRole("button", { name: "Mute", exact: true }).click();
    await expect(card.getByText("Are you sure?")).toBeVisible();
    await card.getByRole("button", { name: "Mute", exact: true }).last().click();
    await expect(card.getByText("You muted bob: their chat messages stay hidden from you.")).toBeVisible();
    await expect(page.getByText("Member muted.")).toBeVisible();
    await expect(card.getByRole("button", { name: "Unmute" })).toBeVisible();

    // The profile shows the same state.
    await page.goto("/member/bob");
    await expect(page.locator(".ks-profile-actions").getByText("You muted bob")).toBeVisible();

    await page.goto("/search?q=bob");
    await hydrated(page);
    await page.locator(".ks-member-result[data-username='bob']").getByRole("link", { name: "bob", exact: true }).click();
    await card.getByRole("button", { name: "Unmute" }).click();
    await card.getByRole("button", { name: "Unmute" }).last().click();
    await expect(card.getByRole("button", { name: "Mute", exact: true })).toBeVisible();
    await expect(card.getByText(/You muted bob/)).toBeHidden();
  } finally {
    await alice.context.close();
  }
});
