import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./members.ts";
import { ownServer } from "./own-server.ts";
import { watchPage } from "./site-health.ts";

/**
 * Issue 11, the club's edit form in Chromium: the demo owner alice opens her
 * club, follows "Edit club", changes the description and uploads an avatar
 * (a picture made here with sharp) through the plain multipart form; the
 * club page shows both. Its own server, so the demo club other journeys read
 * stays as it was.
 */

const baseURL = ownServer("the club edit journey's server");

test.use({ baseURL, colorScheme: "dark" });

test("the owner edits her club's description and uploads its avatar, and the club page shows them", async ({ browser }) => {
  test.setTimeout(90_000);
  const alice = await signIn(browser, "alice", "/club/kingside-knights", { baseURL, viewport: { width: 1280, height: 900 } });
  const health = watchPage(alice.page);

  await alice.page.getByRole("link", { name: "Edit club" }).click();
  await expect(alice.page).toHaveURL(/\/clubs\/edit\/kingside-knights$/);
  await expect(alice.page.getByRole("heading", { level: 1, name: "Edit Kingside Knights" })).toBeVisible();
  // The slug is not a field: it is stated, fixed.
  await expect(alice.page.getByTestId("club-fixed-address")).toContainText("/club/kingside-knights");

  const form = alice.page.getByRole("form", { name: "Edit Kingside Knights" });
  await form.getByLabel("Description").fill("Blitz on Tuesdays, long games at the weekend.");
  const avatar = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 160, b: 90 } } }).png().toBuffer();
  await form.getByLabel("Avatar (optional)").setInputFiles({ name: "knights.png", mimeType: "image/png", buffer: avatar });
  await form.getByRole("button", { name: "Save changes" }).click();

  await expect(alice.page).toHaveURL(/\/club\/kingside-knights$/);
  await expect(alice.page.getByText("Blitz on Tuesdays, long games at the weekend.")).toBeVisible();
  const shown = alice.page.locator(".ks-club-header img.ks-club-avatar");
  await expect(shown).toHaveAttribute("src", /^\/uploads\/clubs\/kingside-knights-avatar-[0-9a-f]{16}\.webp$/);
  // The stored picture loads: square, as the server resized it.
  await expect.poll(() => shown.evaluate((image: HTMLImageElement) => (image.complete ? `${image.naturalWidth}x${image.naturalHeight}` : "loading"))).toBe("256x256");
  health.expectHealthy();
});
