import { expect, test } from "@playwright/test";
import { signIn } from "./members.ts";
import { watchPage } from "./site-health.ts";

/**
 * The club chat as people use it: the owner finds the chat from the club
 * page, a member writes, and the owner sees the line arrive without a reload;
 * who is in the room shows on both sides. The club is the demo data's
 * "kingside-knights" (alice owns it, bob belongs to it).
 */
const club = "kingside-knights";

test("a member's chat line reaches the owner live, and the room shows who is in it", async ({ browser }) => {
  test.setTimeout(90_000);
  const alice = await signIn(browser, "alice", `/club/${club}`);
  const aliceHealth = watchPage(alice.page);
  await alice.page.getByRole("navigation", { name: /sections/ }).getByRole("link", { name: "Chat" }).click();
  await expect(alice.page).toHaveURL(new RegExp(`/club/chat/${club}$`));
  const aliceLog = alice.page.getByRole("log");
  await expect(aliceLog).toBeVisible();

  const bob = await signIn(browser, "bob", `/club/chat/${club}`);
  const bobHealth = watchPage(bob.page);
  // Each sees the other in the room.
  await expect(alice.page.locator(".ks-club-chat__present")).toContainText("bob");
  await expect(bob.page.locator(".ks-club-chat__present")).toContainText("alice");

  const line = `Who is up for a blitz arena tonight? ${Date.now()}`;
  await bob.page.locator(".ks-club-chat__form").getByLabel("Message", { exact: true }).fill(line);
  await bob.page.locator(".ks-club-chat__form").getByRole("button", { name: "Send" }).click();
  await expect(bob.page.getByRole("log")).toContainText(line);
  // Alice never reloaded: the line came over the socket.
  await expect(aliceLog).toContainText(line);

  for (const health of [aliceHealth, bobHealth]) health.expectHealthy();
  await Promise.all([alice.context.close(), bob.context.close()]);
});
