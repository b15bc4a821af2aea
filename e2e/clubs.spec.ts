import { expect, test, type Browser } from "@playwright/test";
import { signIn as signInAs } from "./members.ts";
import { ownServer } from "./own-server.ts";
import { watchPage } from "./site-health.ts";

/**
 * Issue 11 in Chromium: a member creates a club that approves its members,
 * a second member asks to join and the owner approves, then the owner makes
 * an invitation link and a third member joins through it. Its own server, so
 * the demo clubs other journeys see stay as they are. (The forum topic and
 * the live chat message of the journey come with those features.)
 */

const baseURL = ownServer("the clubs journey's server");

test.describe.configure({ mode: "serial" });
test.use({ baseURL, colorScheme: "dark" });

const signIn = (browser: Browser, username: string, path: string) => signInAs(browser, username, path, { baseURL, viewport: { width: 1366, height: 900 } });

test("a member creates an approval club, approves a request, the new member posts a topic and a chat line the owner sees live, and a third member joins by invitation link", async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = await signIn(browser, "alice", "/clubs");
  const health = watchPage(alice.page);

  // Alice creates the club from /clubs.
  const form = alice.page.getByRole("form", { name: "Create a club" });
  await form.getByLabel("Club name").fill("Approval Journey Club");
  await form.getByLabel("Club address").fill("approval-journey");
  await form.getByLabel("How members join").selectOption("approval");
  await form.getByRole("button", { name: "Create club" }).click();
  await expect(alice.page).toHaveURL(/\/club\/approval-journey$/);
  await expect(alice.page.getByRole("heading", { level: 1, name: "Approval Journey Club" })).toBeVisible();
  await expect(alice.page.getByText("You own this club.")).toBeVisible();

  // Bob asks to join; the button says so afterwards.
  const bob = await signIn(browser, "bob", "/club/approval-journey");
  await bob.page.getByRole("button", { name: "Request to join" }).click();
  await expect(bob.page.getByText("Request sent. The owner or an admin will answer it.")).toBeVisible();

  // Alice approves him.
  await alice.page.reload();
  await alice.page.getByRole("button", { name: "Approve bob" }).click();
  await expect(alice.page.getByTestId("club-member-count")).toHaveText("2 members");
  await bob.page.reload();
  await expect(bob.page.getByText("You are a member of this club.")).toBeVisible();

  // Bob, now a member, starts a forum topic in the new club.
  await bob.page.goto("/clubs/forum/approval-journey");
  await bob.page.getByLabel("Title").fill("First meeting");
  await bob.page.getByLabel("Message").fill("Thanks for letting me in. Friday blitz?");
  await bob.page.getByRole("button", { name: "Post topic" }).click();
  await expect(bob.page.getByRole("heading", { level: 1, name: "First meeting" })).toBeVisible();
  await alice.page.goto("/clubs/forum/approval-journey");
  await expect(alice.page.getByRole("link", { name: "First meeting" })).toBeVisible();

  // And says so in the club's chat, which reaches Alice live.
  await alice.page.goto("/club/chat/approval-journey");
  const aliceLog = alice.page.getByRole("log");
  await expect(aliceLog).toBeVisible();
  await bob.page.goto("/club/chat/approval-journey");
  await expect(alice.page.locator(".ks-club-chat__present")).toContainText("bob");
  const line = `Topic is up, see you Friday ${Date.now()}`;
  await bob.page.locator(".ks-club-chat__form").getByLabel("Message", { exact: true }).fill(line);
  await bob.page.locator(".ks-club-chat__form").getByRole("button", { name: "Send" }).click();
  await expect(aliceLog).toContainText(line);
  await alice.page.goto("/club/approval-journey");

  // Alice makes an invitation link; Carla joins through it.
  await alice.page.getByRole("button", { name: "Make an invitation link" }).click();
  const link = (await alice.page.getByTestId("club-invitation-link").textContent()) ?? "";
  expect(link).toMatch(/^\/club\/approval-journey\/join\/[A-Za-z0-9_-]+$/);
  const carla = await signIn(browser, "carla", link);
  await carla.page.getByRole("button", { name: "Join Approval Journey Club" }).click();
  await expect(carla.page).toHaveURL(/\/club\/approval-journey$/);
  await expect(carla.page.getByText("You are a member of this club.")).toBeVisible();
  await expect(carla.page.getByTestId("club-member-count")).toHaveText("3 members");

  // Replacing the link kills the one Carla used.
  await alice.page.getByRole("button", { name: "Replace the invitation link" }).click();
  await expect(alice.page.getByTestId("club-invitation-link")).not.toHaveText(link);
  await bob.page.goto(link);
  await expect(bob.page.getByTestId("club-invitation-invalid")).toBeVisible();

  // Nothing scrolls sideways at 330 px.
  await carla.page.setViewportSize({ width: 330, height: 800 });
  await carla.page.goto("/club/approval-journey");
  expect(await carla.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(330);
  health.expectHealthy();
});
