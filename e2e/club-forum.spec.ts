import { expect, test } from "@playwright/test";
import { signIn } from "./members.ts";
import { watchPage } from "./site-health.ts";

/**
 * A club's forum as people use it: a member starts a topic, a new member
 * replies mentioning them, the owner pins it and takes the reply down. The
 * club is the demo data's "kingside-knights" (alice owns it, bob belongs to
 * it); carla joins it first, as anyone can join an open club.
 */
const club = "kingside-knights";

test.describe("club forum", () => {
  test("a member starts a topic, another replies and mentions them, the owner pins it and removes the reply", async ({ browser }) => {
    test.setTimeout(120_000);
    const forum = `/clubs/forum/${club}`;

    const carla = await signIn(browser, "carla", `/club/${club}`);
    const carlaHealth = watchPage(carla.page);
    await carla.page.getByTestId("club-join").click();
    await expect(carla.page.getByText("You are a member of this club.")).toBeVisible();

    const bob = await signIn(browser, "bob", forum);
    const bobHealth = watchPage(bob.page);
    await bob.page.getByLabel("Title").fill("Lineup for the e2e match");
    await bob.page.getByLabel("Message").fill("Who plays **board one**? <script>alert(1)</script>");
    await bob.page.getByRole("button", { name: "Post topic" }).click();
    await expect(bob.page.getByRole("heading", { level: 1, name: "Lineup for the e2e match" })).toBeVisible();
    await expect(bob.page.locator(".ks-club-post-body strong")).toHaveText("board one");
    const topicUrl = new URL(bob.page.url()).pathname;
    expect(topicUrl).toMatch(/^\/clubs\/forum\/view\/kingside-knights\/\d+-lineup-for-the-e2e-match$/);

    // New to Carla until she opens it.
    await carla.page.goto(forum);
    await expect(carla.page.locator(".ks-club-topic-unread", { hasText: "Lineup for the e2e match" })).toHaveCount(1);
    await carla.page.getByRole("link", { name: "Lineup for the e2e match" }).click();
    await carla.page.getByLabel("Message").fill("I can, @bob!");
    await carla.page.getByRole("button", { name: "Post reply" }).click();
    await expect(carla.page.locator(".ks-club-post")).toHaveCount(2);
    await expect(carla.page.locator(".ks-club-post a.ks-mention")).toHaveAttribute("href", "/member/bob");
    // Members get no moderation buttons.
    await expect(carla.page.getByRole("button", { name: "Pin" })).toHaveCount(0);

    const alice = await signIn(browser, "alice", topicUrl);
    const aliceHealth = watchPage(alice.page);
    await alice.page.getByRole("button", { name: "Pin" }).click();
    await expect(alice.page.getByRole("button", { name: "Unpin" })).toBeVisible();
    // The owner takes Carla's reply down: DELETE /callback/comment/{id} from the page, which reloads its data.
    const deleted = alice.page.waitForResponse((response) => response.request().method() === "DELETE" && /\/callback\/comment\/\d+$/.test(new URL(response.url()).pathname));
    await alice.page.getByRole("button", { name: "Delete the post by carla" }).click();
    expect((await deleted).status()).toBe(200);
    await expect(alice.page.locator(".ks-club-post")).toHaveCount(1);
    await alice.page.goto(forum);
    await expect(alice.page.locator(".ks-club-topic", { hasText: "Lineup for the e2e match" })).toContainText("Pinned");

    // Narrow phones: no horizontal scroll on the forum, the topic or the notes.
    await alice.page.setViewportSize({ width: 330, height: 700 });
    for (const path of [forum, topicUrl, `/club/notes/${club}`]) {
      await alice.page.goto(path);
      expect(await alice.page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(330);
    }

    // Bob was told about the mention.
    await bob.page.goto("/notifications");
    await expect(bob.page.getByText("carla mentioned you in “Lineup for the e2e match”")).toBeVisible();

    for (const health of [bobHealth, carlaHealth, aliceHealth]) health.expectHealthy();
    await Promise.all([bob.context.close(), carla.context.close(), alice.context.close()]);
  });
});
