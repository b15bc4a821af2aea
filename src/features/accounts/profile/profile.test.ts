import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { levels } from "../levels.ts";
import { createTestBrowser, createTestMember, memberRow, signIn, type TestBrowser } from "../two-factor/test-browser.ts";
import { AVATAR_MAX_BYTES, AVATAR_SIZE } from "./profile.schema.ts";

const PASSWORD = "correct-horse-battery";

function picture(width: number, height: number, format: "png" | "jpeg"): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
}

describe.each(databaseTargets())("profile editing and avatars on $name", (target) => {
  const uploads = mkdtempSync(join(tmpdir(), "kingside-avatars-"));
  const suite = appForSuite(target, { seedDemoData: false, uploadsDir: uploads });
  const db = () => suite.current.kingside.database.db;

  async function signedIn(username: string): Promise<TestBrowser> {
    const browser = createTestBrowser(suite.current.baseUrl);
    expect((await signIn(browser, username, PASSWORD)).location).toBe("/home");
    return browser;
  }

  async function fetchAvatar(url: string) {
    const response = await fetch(`${suite.current.baseUrl}${url}`);
    return { status: response.status, type: response.headers.get("content-type"), cache: response.headers.get("cache-control"), data: Buffer.from(await response.arrayBuffer()) };
  }

  it("accepts a PNG and a JPEG, resized to a square WebP served back by the server, and shows it on the profile", async () => {
    const userId = await createTestMember(db(), "pf_painter", PASSWORD);
    const browser = await signedIn("pf_painter");
    await browser.get("/settings");

    const png = await browser.upload("/settings/avatar", { avatar: { data: await picture(800, 600, "png"), name: "me.png", type: "image/png" } });
    expect(png.status).toBe(303);
    expect(png.location).toBe("/settings?done=avatar_saved#profile");
    const first = (await memberRow(db(), userId)).avatarUrl ?? "";
    expect(first).toMatch(/^\/uploads\/avatars\/\d+-[0-9a-f]{16}\.webp$/);
    const served = await fetchAvatar(first);
    expect(served.status).toBe(200);
    expect(served.type).toBe("image/webp");
    expect(served.cache).toContain("immutable");
    expect(await sharp(served.data).metadata()).toMatchObject({ format: "webp", width: AVATAR_SIZE, height: AVATAR_SIZE });
    expect((await browser.get("/member/pf_painter")).text).toContain(`src="${first}"`);

    const jpeg = await browser.upload("/settings/avatar", { avatar: { data: await picture(300, 1200, "jpeg"), name: "me.jpg", type: "image/jpeg" } });
    expect(jpeg.location).toBe("/settings?done=avatar_saved#profile");
    const second = (await memberRow(db(), userId)).avatarUrl ?? "";
    expect(second).not.toBe(first);
    expect(await sharp((await fetchAvatar(second)).data).metadata()).toMatchObject({ width: AVATAR_SIZE, height: AVATAR_SIZE });
    // The replaced file is gone from the storage.
    expect((await fetchAvatar(first)).status).toBe(404);
    expect(existsSync(join(uploads, first.replace("/uploads/", "")))).toBe(false);

    const removed = await browser.post("/settings/avatar/remove");
    expect(removed.location).toBe("/settings?done=avatar_removed#profile");
    expect((await memberRow(db(), userId)).avatarUrl).toBeNull();
    expect((await fetchAvatar(second)).status).toBe(404);
  });

  it("refuses a file that is not an image, whatever its name says, and an oversized one; nothing changes", async () => {
    const userId = await createTestMember(db(), "pf_trickster", PASSWORD);
    const browser = await signedIn("pf_trickster");
    await browser.get("/settings");

    const text = await browser.upload("/settings/avatar", { avatar: { data: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"), name: "me.png", type: "image/png" } });
    expect(text.location).toBe("/settings?error=avatar_not_image#profile");
    const truncated = (await picture(200, 200, "png")).subarray(0, 60);
    expect((await browser.upload("/settings/avatar", { avatar: { data: truncated, name: "half.png", type: "image/png" } })).location).toBe("/settings?error=avatar_not_image#profile");

    // A real image, just over the limit.
    const big = Buffer.concat([await picture(64, 64, "png"), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const oversized = await browser.upload("/settings/avatar", { avatar: { data: big, name: "big.png", type: "image/png" } });
    expect(oversized.location).toBe("/settings?error=avatar_too_large#profile");
    const missing = await browser.upload("/settings/avatar", {});
    expect(missing.location).toBe("/settings?error=avatar_missing#profile");

    expect((await memberRow(db(), userId)).avatarUrl).toBeNull();
    expect((await browser.get("/settings?error=avatar_not_image")).text).toContain('role="alert">That file is not a PNG, JPEG, WebP or GIF image.</p>');
  });

  it("refuses an upload without the CSRF token", async () => {
    const userId = await createTestMember(db(), "pf_forged", PASSWORD);
    const browser = await signedIn("pf_forged");
    const form = new FormData();
    form.set("avatar", new Blob([new Uint8Array(await picture(64, 64, "png"))], { type: "image/png" }), "x.png");
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
    const response = await fetch(`${suite.current.baseUrl}/settings/avatar`, { method: "POST", body: form, headers: { cookie }, redirect: "manual" });
    expect(response.status).toBe(403);
    expect((await memberRow(db(), userId)).avatarUrl).toBeNull();
  });

  it("saves names, location, country and bio, shown on the profile; refuses what breaks a limit", async () => {
    const userId = await createTestMember(db(), "pf_writer", PASSWORD);
    const browser = await signedIn("pf_writer");
    const saved = await browser.post("/settings/profile", { first_name: " Vera ", last_name: "Menchik", location: "Hastings", country: "gb", bio: "Endgames.\nAnd more endgames." });
    expect(saved.location).toBe("/settings?done=profile_saved#profile");
    const row = await memberRow(db(), userId);
    expect(row).toMatchObject({ firstName: "Vera", lastName: "Menchik", location: "Hastings", countryCode: "GB", bio: "Endgames.\nAnd more endgames." });
    const profile = await browser.get("/member/pf_writer");
    expect(profile.text).toContain("Hastings");
    expect(profile.text).toContain("Endgames.\nAnd more endgames.");
    const settings = await browser.get("/settings");
    expect(settings.text).toContain('value="Menchik"');

    const tooLong = await browser.post("/settings/profile", { first_name: "Vera", country: "GB", bio: "x".repeat(1001) });
    expect(tooLong.location).toBe("/settings?error=bio_too_long#profile");
    const badCountry = await browser.post("/settings/profile", { country: "ZZ" }, { json: true });
    expect(badCountry.status).toBe(422);
    expect(JSON.parse(badCountry.text)).toMatchObject({ code: "country_invalid" });
    // Blank fields clear.
    await browser.post("/settings/profile", { first_name: "", last_name: "", location: "", country: "GB", bio: "" });
    expect(await memberRow(db(), userId)).toMatchObject({ firstName: null, lastName: null, location: null, bio: null });
  });

  it("refuses profile editing while staff disallow it, and only staff can switch it", async () => {
    const userId = await createTestMember(db(), "pf_locked", PASSWORD);
    await createTestMember(db(), "pf_staff", PASSWORD, levels.staff);
    await createTestMember(db(), "pf_moderator", PASSWORD, levels.moderator);
    const member = await signedIn("pf_locked");
    const moderator = await signedIn("pf_moderator");
    const staff = await signedIn("pf_staff");

    expect((await moderator.post("/callback/disallow-profile-editing/pf_locked", {}, { json: true })).status).toBe(403);
    expect((await member.post("/callback/disallow-profile-editing/pf_locked", {}, { json: true })).status).toBe(403);
    expect((await staff.post("/callback/disallow-profile-editing/nobody_at_all", {}, { json: true })).status).toBe(404);
    expect((await memberRow(db(), userId)).profileEditingAllowed).toBe(true);

    const staffPage = await staff.get("/member/pf_locked");
    expect(staffPage.text).toContain('action="/callback/disallow-profile-editing/pf_locked"');
    const off = await staff.post("/callback/disallow-profile-editing/pf_locked");
    expect(off.location).toBe("/member/pf_locked?done=profile_editing_disallowed");
    expect((await memberRow(db(), userId)).profileEditingAllowed).toBe(false);

    const fields = await member.post("/settings/profile", { first_name: "Changed", country: "FR" });
    expect(fields.location).toBe("/settings?error=profile_editing_disallowed#profile");
    const json = await member.post("/settings/profile", { first_name: "Changed", country: "FR" }, { json: true });
    expect(json.status).toBe(403);
    await member.get("/settings");
    const avatar = await member.upload("/settings/avatar", { avatar: { data: await picture(64, 64, "png"), name: "me.png", type: "image/png" } });
    expect(avatar.location).toBe("/settings?error=profile_editing_disallowed#profile");
    expect(await memberRow(db(), userId)).toMatchObject({ firstName: null, countryCode: "XX", avatarUrl: null });
    expect((await member.get("/settings")).text).toContain('data-profile-locked="true"');

    const on = await staff.post("/callback/allow-profile-editing/pf_locked", {}, { json: true });
    expect(on.status).toBe(200);
    expect(JSON.parse(on.text)).toMatchObject({ member: { username: "pf_locked", editingAllowed: true } });
    expect((await member.post("/settings/profile", { first_name: "Changed", country: "FR" })).location).toBe("/settings?done=profile_saved#profile");
  });
});
