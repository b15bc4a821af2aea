import { expect, test, type Browser } from "@playwright/test";
import { call, signIn as signInAs } from "./members.ts";
import { ownServer } from "./own-server.ts";
import { watchPage } from "./site-health.ts";

/**
 * Issue 10 item 1 in Chromium: a member who was away signs in, finds the
 * friend request waiting on the bell, and accepts it right there; the sender's
 * open page hears of it on its own bell. Runs against a server of its own, so
 * the demo members' friendships other journeys rely on stay as they are.
 * Screenshots of the bell's panel and the notifications page at 1366 and 390
 * px go to the test's output folder.
 */

const baseURL = ownServer("the notifications journey's server");

test.describe.configure({ mode: "serial" });
test.use({ baseURL, colorScheme: "dark" });

const signIn = (browser: Browser, username: string, path: string, viewport = { width: 1366, height: 900 }) => signInAs(browser, username, path, { baseURL, viewport });

test("a member who was away accepts a friend request from the bell", async ({ browser }) => {
  test.setTimeout(90_000);
  const alice = await signIn(browser, "alice", "/home");
  const health = watchPage(alice.page);
  // Alice asks while Carla is away; a second notice (Bob's request) shows the list holds more than one.
  expect(await call(alice, "POST", "/callback/friend/carla/request")).toBe(200);
  const bob = await signIn(browser, "bob", "/home");
  expect(await call(bob, "POST", "/callback/friend/carla/request")).toBe(200);

  // Carla comes back: the requests wait on her bell.
  const carla = await signIn(browser, "carla", "/home");
  const bell = carla.page.getByTestId("notification-bell");
  await expect(bell).toHaveAccessibleName("Notifications: 2 unread notifications");
  await expect(carla.page.getByTestId("bell-count")).toHaveText("2");
  await bell.click();
  const panel = carla.page.getByRole("region", { name: "Notifications" });
  const aliceRequest = panel.locator("li", { hasText: "alice sent you a friend request" });
  await expect(aliceRequest).toBeVisible();
  await carla.page.screenshot({ path: test.info().outputPath("bell-panel-1366.png") });

  await aliceRequest.getByRole("button", { name: "Accept" }).click();
  await expect(aliceRequest.getByText("You are now friends.")).toBeVisible();
  await expect(bell).toHaveAccessibleName("Notifications: 1 unread notification");

  // They are friends now, and Alice's open page hears it on her bell.
  const card = await alice.page.request.get("/callback/user/popup/carla", { headers: { accept: "application/json" } });
  expect(await card.json()).toMatchObject({ user: { areFriends: true } });
  await expect(alice.page.getByTestId("notification-bell")).toHaveAccessibleName("Notifications: 1 unread notification");
  await alice.page.goto("/notifications");
  await expect(alice.page.locator("main li", { hasText: "carla accepted your friend request" })).toHaveAttribute("data-unread", "");

  // Her own profile lists the request still waiting (Bob's); Alice's profile lists none left to answer.
  await carla.page.goto("/member/carla");
  const requests = carla.page.getByRole("region", { name: "Friend requests" });
  await expect(requests.getByRole("button", { name: "Accept: bob" })).toBeVisible();
  await expect(requests.getByRole("list", { name: /Received/ }).getByRole("listitem")).toHaveCount(1);
  await requests.scrollIntoViewIfNeeded();
  await carla.page.screenshot({ path: test.info().outputPath("profile-requests-1366.png") });

  // The page lists both, the answered one read; Bob's is still waiting, with its actions.
  await carla.page.goto("/notifications");
  await expect(carla.page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const bobRequest = carla.page.locator("main li", { hasText: "bob sent you a friend request" });
  await expect(bobRequest).toHaveAttribute("data-unread", "");
  await expect(bobRequest.getByRole("button", { name: "Decline" })).toBeVisible();
  await expect(carla.page.locator("main li", { hasText: "alice sent you a friend request" })).not.toHaveAttribute("data-unread", "");
  await carla.page.screenshot({ path: test.info().outputPath("notifications-page-1366.png"), fullPage: true });

  // Narrow: the bell and the games in progress stay in the bar beside the menu's toggle, one tap away; the panel spans the screen.
  const narrow = await signIn(browser, "carla", "/notifications", { width: 390, height: 844 });
  await narrow.page.screenshot({ path: test.info().outputPath("notifications-page-390.png"), fullPage: true });
  await expect(narrow.page.locator(".ks-nav-menu")).not.toHaveAttribute("open");
  const bellBox = await narrow.page.getByTestId("notification-bell").boundingBox();
  const toggleBox = await narrow.page.locator(".ks-nav-toggle").boundingBox();
  expect(bellBox && toggleBox && Math.abs(bellBox.y - toggleBox.y) < toggleBox.height).toBe(true);
  await narrow.page.getByTestId("notification-bell").click();
  await expect(narrow.page.locator(".ks-bell-panel").getByText("bob sent you a friend request")).toBeVisible();
  await narrow.page.screenshot({ path: test.info().outputPath("bell-panel-390.png") });
  const overflow = await narrow.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);

  // Mark all read from the page.
  await carla.page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(carla.page.getByTestId("notification-bell")).toHaveAccessibleName("Notifications");
  health.expectHealthy();
  for (const member of [alice, bob, carla, narrow]) await member.context.close();
});
