import { expect, test, type Page } from "@playwright/test";
import { call, signIn } from "./members.ts";
import { watchPage } from "./site-health.ts";

/**
 * The social journey of issue 4, in separate browser contexts: alice opens
 * bob's card from a username link and asks to be friends; bob sees the request
 * arrive without reloading and accepts; alice's open card then offers Remove
 * friend; alice blocks carla, and carla's card for alice offers no Add friend;
 * a status over 50 characters is refused with the spec's message.
 *
 * Other journeys sign in as the same demo members, so the test first undoes
 * any relationship among them it depends on (and undoes its own at the end).
 */

/** Resolves once the page's socket has joined the member's own user:{id} room. */
function userRoomJoined(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) => {
      socket.on("framereceived", ({ payload }) => {
        if (typeof payload === "string" && payload.includes('"subscribed"') && payload.includes('"user:')) resolve();
      });
    });
  });
}

/** React has hydrated the page (its props sit on the DOM nodes): a click on a name now opens the card. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const link = document.querySelector("main a, main button");
    return link !== null && Object.keys(link).some((key) => key.startsWith("__reactProps"));
  });
}

test("friends, blocks and the status, across members' browsers", async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = await signIn(browser, "alice", "/member/carla");
  const bob = await signIn(browser, "bob", "/member/alice");
  const carla = await signIn(browser, "carla", "/home");

  // Undo what earlier runs or other journeys may have left between these members.
  for (const [member, method, path] of [
    [alice, "DELETE", "/callback/friend/bob/delete"],
    [alice, "POST", "/callback/friend/bob/cancel/request"],
    [alice, "DELETE", "/callback/friend/bob/decline/request"],
    [alice, "POST", "/callback/member/bob/unblock"],
    [alice, "POST", "/callback/member/carla/unblock"],
    [bob, "POST", "/callback/member/alice/unblock"],
    [carla, "POST", "/callback/member/alice/unblock"],
    [carla, "POST", "/callback/member/bob/unblock"],
    [bob, "POST", "/callback/member/carla/unblock"],
    // bob and carla are friends, so carla's profile lists bob and bob's lists his friends.
    [carla, "POST", "/callback/friend/bob/request"],
    [bob, "PUT", "/callback/friend/carla/accept"],
  ] as const) {
    expect(await call(member, method, path), `${method} ${path}`).toBeLessThan(500);
  }

  try {
    const aliceHealth = watchPage(alice.page, { allowStatus: (url, status) => status === 422 && url.endsWith("/callback/user/set-status") });
    const bobJoined = userRoomJoined(bob.page);
    await alice.page.reload();
    await bob.page.reload();
    await bobJoined;
    await hydrated(alice.page);

    // alice opens bob's card from his name in carla's friends and asks to be friends.
    await alice.page.locator(".ks-profile-friends").getByRole("link", { name: "bob", exact: true }).click();
    const bobsCard = alice.page.getByRole("dialog", { name: "Member card: bob" });
    await expect(bobsCard.getByRole("heading", { name: /bob/ })).toBeVisible();
    await bobsCard.getByRole("button", { name: "Add friend" }).click();
    await expect(alice.page.getByText("Friend request sent.")).toBeVisible();
    await expect(bobsCard.getByRole("button", { name: "Cancel request" })).toBeVisible();

    // bob, on alice's profile, sees it arrive without reloading, and accepts.
    await expect(bob.page.getByText("alice sent you a friend request")).toBeVisible();
    await bob.page.locator(".ks-profile-actions").getByRole("button", { name: "Accept" }).click();
    await expect(bob.page.getByText("You are now friends.")).toBeVisible();
    await expect(bob.page.locator(".ks-profile-actions").getByRole("button", { name: "Remove friend" })).toBeVisible();

    // alice's open card for bob now offers Remove friend.
    await expect(alice.page.getByText("bob accepted your friend request")).toBeVisible();
    await expect(bobsCard.getByRole("button", { name: "Remove friend" })).toBeVisible();
    await expect(bobsCard.getByRole("button", { name: "Add friend" })).toHaveCount(0);

    // alice blocks carla, from carla's profile, after the spec's question.
    await alice.page.keyboard.press("Escape");
    await expect(bobsCard).toHaveCount(0);
    const carlasActions = alice.page.locator(".ks-profile-actions");
    await carlasActions.getByRole("button", { name: "Block" }).click();
    const question = carlasActions.getByRole("dialog", { name: "Are you sure you want to block this user?" });
    await question.getByRole("button", { name: "Block" }).click();
    await expect(alice.page.getByText("Member blocked.")).toBeVisible();
    await expect(carlasActions.getByRole("button", { name: "Unblock" })).toBeVisible();

    // carla opens alice's card from bob's friends: no Add friend.
    await carla.page.goto("/member/bob");
    await hydrated(carla.page);
    await carla.page.locator(".ks-profile-friends").getByRole("link", { name: "alice", exact: true }).click();
    const alicesCard = carla.page.getByRole("dialog", { name: "Member card: alice" });
    await expect(alicesCard.getByRole("heading", { name: /alice/ })).toBeVisible();
    await expect(alicesCard.getByRole("button", { name: "Report" })).toBeVisible();
    await expect(alicesCard.getByRole("button", { name: "Add friend" })).toHaveCount(0);
    await expect(alicesCard.getByRole("link", { name: "Challenge" })).toHaveCount(0);

    // A status over 50 characters is refused with the spec's message.
    await alice.page.goto("/member/alice");
    await hydrated(alice.page);
    await alice.page.getByLabel("Your status").fill("x".repeat(51));
    await alice.page.getByRole("button", { name: "Save" }).click();
    await expect(alice.page.getByRole("alert").filter({ hasText: "Your status must be 50 characters or less" })).toBeVisible();
    aliceHealth.expectHealthy();
  } finally {
    await call(alice, "POST", "/callback/member/carla/unblock");
    await call(alice, "DELETE", "/callback/friend/bob/delete");
    await call(carla, "DELETE", "/callback/friend/bob/delete");
    await Promise.all([alice.context.close(), bob.context.close(), carla.context.close()]);
  }
});
