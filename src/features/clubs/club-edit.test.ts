import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CSRF_FIELD } from "../../platform/security/csrf-names.ts";
import { storageKeyOfUrl } from "../../platform/storage/file-storage.ts";
import { users } from "../accounts/accounts.tables.server.ts";
import { createTestMember } from "../accounts/two-factor/test-browser.ts";
import { demoPassword } from "../../server/seed/demo-data.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import type { HttpSession } from "../../test/http-session.ts";
import { browsersForSuite } from "../../test/signed-in.ts";
import { appForSuite } from "../../test/start-app.ts";
import { createTestClub } from "./club-fixture.server.ts";
import { CLUB_AVATAR_MAX_BYTES, CLUB_AVATAR_SIZE, CLUB_BACKGROUND_HEIGHT, CLUB_BACKGROUND_WIDTH } from "./clubs.constants.ts";
import { clubs } from "./clubs.tables.server.ts";

/** A test picture made here (no fixture files): a flat colour of this size. */
function picture(width: number, height: number, format: "png" | "jpeg" | "webp" | "gif"): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
  return image.toFormat(format).toBuffer();
}

type Upload = { readonly data: Buffer; readonly type: string; readonly name: string };

describe.each(databaseTargets())("club images and the edit form on $name", (target) => {
  const uploads = mkdtempSync(join(tmpdir(), "kingside-club-images-"));
  const suite = appForSuite(target, { seedDemoData: true, uploadsDir: uploads });
  const db = () => suite.current.kingside.database.db;
  const { anonymous, as } = browsersForSuite(suite);

  /** Two plain members beside the demo's five (who all hold some role): one in the test clubs, one never. */
  let plainMembers: Promise<void> | undefined;
  async function idOf(username: string): Promise<number> {
    plainMembers ??= Promise.all(["ce_member", "ce_outsider"].map((name) => createTestMember(db(), name, demoPassword))).then(() => undefined);
    await plainMembers;
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.usernameKey, username));
    if (!row) throw new Error(`no member ${username}`);
    return row.id;
  }
  async function clubRow(id: number) {
    const [row] = await db().select().from(clubs).where(eq(clubs.id, id));
    if (!row) throw new Error(`no club ${id}`);
    return row;
  }
  /** The files the storage holds for clubs (orphans would show here). */
  const storedClubFiles = (): string[] => (existsSync(join(uploads, "clubs")) ? readdirSync(join(uploads, "clubs")).sort() : []);
  const fileOf = (url: string | null): string => join(uploads, storageKeyOfUrl(url) ?? "not-a-stored-file");

  /** A multipart post as a browser sends a form with files (the CSRF token as _token); `json` asks for a JSON answer. */
  async function postMultipart(browser: HttpSession, path: string, fields: Readonly<Record<string, string>>, files: Readonly<Record<string, Upload>> = {}, json = false): Promise<Response> {
    await browser.ensureCsrf();
    const form = new FormData();
    form.set(CSRF_FIELD, browser.csrfToken);
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    for (const [name, file] of Object.entries(files)) form.set(name, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    return browser.request("POST", path, { multipart: form, csrf: false, headers: json ? { accept: "application/json" } : {} });
  }
  const png = async (width: number, height: number): Promise<Upload> => ({ data: await picture(width, height, "png"), type: "image/png", name: "picture.png" });
  const served = async (url: string | null) => {
    const response = await fetch(`${suite.current.baseUrl}${url ?? "/uploads/none"}`);
    return { status: response.status, data: Buffer.from(await response.arrayBuffer()) };
  };
  const codeOf = async (response: Response): Promise<string> => ((await response.json()) as { code: string }).code;

  it("creates a club from the form with an uploaded avatar and background, resized, stored and shown on its page", async () => {
    const bob = await as("bob");
    const jpeg: Upload = { data: await picture(3000, 1200, "jpeg"), type: "image/jpeg", name: "wide.jpg" };
    const created = await postMultipart(bob, "/callback/clubs/create", { name: "Pictured Club", url: "pictured-club", joinPolicy: "open", country: "NL", description: "With pictures." }, { avatar: await png(800, 600), background: jpeg });
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("/club/pictured-club");
    const [row] = await db().select().from(clubs).where(eq(clubs.url, "pictured-club"));
    expect(row).toMatchObject({ name: "Pictured Club", countryCode: "NL", description: "With pictures." });
    expect(row?.avatarUrl).toMatch(/^\/uploads\/clubs\/pictured-club-avatar-[0-9a-f]{16}\.webp$/);
    expect(row?.backgroundUrl).toMatch(/^\/uploads\/clubs\/pictured-club-background-[0-9a-f]{16}\.webp$/);
    const avatar = await served(row?.avatarUrl ?? null);
    expect(avatar.status).toBe(200);
    expect(await sharp(avatar.data).metadata()).toMatchObject({ format: "webp", width: CLUB_AVATAR_SIZE, height: CLUB_AVATAR_SIZE });
    expect(await sharp((await served(row?.backgroundUrl ?? null)).data).metadata()).toMatchObject({ format: "webp", width: CLUB_BACKGROUND_WIDTH, height: CLUB_BACKGROUND_HEIGHT });
    const page = await anonymous().html("/club/pictured-club");
    expect(page).toContain(`src="${row?.avatarUrl}"`);
    expect(page).toContain(`src="${row?.backgroundUrl}"`);
    // Public-API clients get the icon as an absolute URL on the site.
    const api = (await (await anonymous().get("/pub/club/pictured-club")).json()) as { icon?: string };
    expect(api.icon).toMatch(new RegExp(`^https?://[^/]+${row?.avatarUrl ?? "-"}$`));

    // A browser sends an untouched file input as an empty file: no image, no refusal.
    const plain = await postMultipart(bob, "/callback/clubs/create", { name: "Plain Club", url: "plain-club", joinPolicy: "open" }, { avatar: { data: Buffer.alloc(0), type: "application/octet-stream", name: "" } });
    expect(plain.headers.get("location")).toBe("/club/plain-club");
    const [plainRow] = await db().select().from(clubs).where(eq(clubs.url, "plain-club"));
    expect(plainRow).toMatchObject({ avatarUrl: null, backgroundUrl: null, countryCode: "XX" });
  });

  it("refuses a create whose image is not a PNG, JPEG or WebP, or too large, or whose address is taken: no club, no file left behind", async () => {
    const bob = await as("bob");
    const before = storedClubFiles();
    const svg: Upload = { data: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"), type: "image/png", name: "evil.png" };
    const gif: Upload = { data: await picture(64, 64, "gif"), type: "image/gif", name: "anim.gif" };
    const oversized: Upload = { data: Buffer.concat([await picture(64, 64, "png"), Buffer.alloc(CLUB_AVATAR_MAX_BYTES)]), type: "image/png", name: "big.png" };
    const fields = { name: "Refused Club", url: "refused-club", joinPolicy: "approval", country: "FR", description: "Kept text." };
    // A good avatar beside a bad background: the avatar must not stay stored either.
    expect(await codeOf(await postMultipart(bob, "/callback/clubs/create", fields, { avatar: await png(64, 64), background: svg }, true))).toBe("background_not_image");
    expect(await codeOf(await postMultipart(bob, "/callback/clubs/create", fields, { avatar: gif }, true))).toBe("avatar_not_image");
    const tooLarge = await postMultipart(bob, "/callback/clubs/create", fields, { avatar: oversized }, true);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ code: "avatar_too_large", message: "The avatar file is too large (5 MB at most)." });
    expect(await codeOf(await postMultipart(bob, "/callback/clubs/create", { ...fields, url: "pictured-club" }, { avatar: await png(64, 64) }, true))).toBe("url_taken");
    const [count] = await db().select({ n: sql<number>`count(*)::int` }).from(clubs).where(eq(clubs.url, "refused-club"));
    expect(count?.n).toBe(0);
    expect(storedClubFiles()).toEqual(before);

    // Without JavaScript: back to the form with the error and what was typed.
    const form = await postMultipart(bob, "/callback/clubs/create", fields, { background: svg });
    expect(form.status).toBe(303);
    const back = form.headers.get("location") ?? "";
    expect(back).toMatch(/^\/clubs\?/);
    const html = await bob.html(back);
    expect(html).toContain("The background must be a PNG, JPEG or WebP image.");
    expect(html).toContain('value="Refused Club"');
    expect(html).toContain('value="refused-club"');
    expect(html).toContain("Kept text.</textarea>");
    expect(html).toMatch(/<option value="FR" selected="">/);
    expect(html).toMatch(/<option value="approval" selected="">/);
  });

  it("lets the owner, an admin and site staff edit the club; a chat moderator, a plain member, a non-member and a visitor are refused and change nothing", async () => {
    const [alice, bob, carla] = [await idOf("alice"), await idOf("bob"), await idOf("carla")];
    // alice owns, bob is an admin, carla a chat moderator, ce_member a plain member; ce_outsider is in no club.
    const member = await idOf("ce_member");
    const club = await createTestClub(db(), { owner: alice, admins: [bob], chatModerators: [carla], members: [member] });
    const edit = (who: HttpSession, fields: Record<string, string>, files: Record<string, Upload> = {}) => postMultipart(who, `/callback/club/edit/${club.id}`, { joinPolicy: "open", country: "XX", ...fields }, files, true);
    const original = await clubRow(club.id);

    for (const [username, status] of [["carla", 403], ["ce_member", 403], ["ce_outsider", 403]] as const) {
      const refused = await edit(await as(username), { name: `Taken over by ${username}` }, { avatar: await png(64, 64) });
      expect(refused.status, username).toBe(status);
      expect(await codeOf(refused)).toBe("not_allowed");
    }
    expect((await edit(anonymous(), { name: "Anonymous" })).status).toBe(401);
    // The owner's own browser, but a post without the CSRF token (a forged cross-site form): refused.
    const forged = new FormData();
    forged.set("name", "Forged");
    forged.set("joinPolicy", "open");
    expect((await (await as("alice")).request("POST", `/callback/club/edit/${club.id}`, { multipart: forged, csrf: false })).status).toBe(403);
    expect((await postMultipart(await as("alice"), "/callback/club/edit/no-such-club-here", { name: "Nowhere", joinPolicy: "open" }, {}, true)).status).toBe(404);
    expect(await clubRow(club.id)).toEqual(original);

    const byOwner = await edit(await as("alice"), { name: "Renamed by Alice", description: "New words.", country: "DE", joinPolicy: "approval" }, { avatar: await png(300, 300) });
    expect(byOwner.status).toBe(200);
    const afterOwner = await clubRow(club.id);
    expect(afterOwner).toMatchObject({ name: "Renamed by Alice", description: "New words.", countryCode: "DE", joinPolicy: "approval", url: club.url });
    expect(existsSync(fileOf(afterOwner.avatarUrl))).toBe(true);

    // The admin replaces the avatar: the owner's file is deleted from the storage and no longer served.
    expect((await edit(await as("bob"), { name: "Renamed by Bob", joinPolicy: "invite" }, { avatar: await png(200, 100) })).status).toBe(200);
    const afterAdmin = await clubRow(club.id);
    expect(afterAdmin.avatarUrl).not.toBe(afterOwner.avatarUrl);
    expect(existsSync(fileOf(afterOwner.avatarUrl))).toBe(false);
    expect((await served(afterOwner.avatarUrl)).status).toBe(404);
    expect((await served(afterAdmin.avatarUrl)).status).toBe(200);
    // An invitation-only club gets a link to be joined by, as a new one does.
    expect(afterAdmin.invitationSecret).toBeTruthy();

    const byStaff = await edit(await as("staff"), { name: "Renamed by Staff", description: "" }, { background: await png(1000, 500) });
    expect(byStaff.status).toBe(200);
    const afterStaff = await clubRow(club.id);
    expect(afterStaff).toMatchObject({ name: "Renamed by Staff", description: "", avatarUrl: afterAdmin.avatarUrl });
    const banner = await served(afterStaff.backgroundUrl);
    expect(await sharp(banner.data).metadata()).toMatchObject({ width: CLUB_BACKGROUND_WIDTH, height: CLUB_BACKGROUND_HEIGHT });
  });

  it("refuses bad edit input with a clear error and changes nothing; the form post comes back to the edit page keeping what was typed", async () => {
    const club = await createTestClub(db(), { owner: await idOf("alice") });
    const alice = await as("alice");
    const first = await postMultipart(alice, `/callback/club/edit/${club.id}`, { name: "Before", joinPolicy: "open", country: "XX" }, { avatar: await png(64, 64) }, true);
    expect(first.status).toBe(200);
    const before = await clubRow(club.id);
    const filesBefore = storedClubFiles();
    const cases: [Record<string, string>, Record<string, Upload>, string, number][] = [
      [{ name: "Fine", country: "QQ", joinPolicy: "open" }, {}, "country_invalid", 422],
      [{ name: "x".repeat(101), joinPolicy: "open" }, {}, "name_invalid", 422],
      [{ name: "ab", joinPolicy: "open" }, {}, "name_invalid", 422],
      [{ name: "Fine", joinPolicy: "secret" }, {}, "join_policy_invalid", 422],
      [{ name: "Fine", joinPolicy: "open", description: "d".repeat(5001) }, {}, "description_too_long", 422],
      [{ name: "Fine", joinPolicy: "open" }, { avatar: { data: Buffer.from("plain text, not a picture"), type: "image/png", name: "a.png" } }, "avatar_not_image", 415],
      [{ name: "Fine", joinPolicy: "open" }, { avatar: { data: Buffer.concat([await picture(64, 64, "png"), Buffer.alloc(CLUB_AVATAR_MAX_BYTES)]), type: "image/png", name: "big.png" } }, "avatar_too_large", 413],
    ];
    for (const [fields, files, code, status] of cases) {
      const response = await postMultipart(alice, `/callback/club/edit/${club.id}`, fields, files, true);
      expect({ code: await codeOf(response), status: response.status }).toEqual({ code, status });
    }
    expect(await clubRow(club.id)).toEqual(before);
    expect(storedClubFiles()).toEqual(filesBefore);

    const form = await postMultipart(alice, `/callback/club/edit/${club.id}`, { name: "Typed Name", description: "Typed words.", country: "QQ", joinPolicy: "invite", redirectUrl: "/elsewhere" });
    expect(form.status).toBe(303);
    const back = form.headers.get("location") ?? "";
    expect(back.startsWith(`/clubs/edit/${club.url}?`)).toBe(true);
    const html = await alice.html(back);
    expect(html).toContain('role="alert">Choose a country from the list, or International.</p>');
    expect(html).toContain('value="Typed Name"');
    expect(html).toContain("Typed words.</textarea>");
    expect(html).toMatch(/<option value="invite" selected="">/);
    expect(await clubRow(club.id)).toEqual(before);
  });

  it("removes the background through the callback and through the edit form, deleting the stored file each time", async () => {
    const club = await createTestClub(db(), { owner: await idOf("alice") });
    const alice = await as("alice");
    const withBackground = async () => {
      await postMultipart(alice, `/callback/club/edit/${club.id}`, { name: "Banner Club", joinPolicy: "open" }, { background: await png(1600, 400) }, true);
      const row = await clubRow(club.id);
      expect(existsSync(fileOf(row.backgroundUrl))).toBe(true);
      return row.backgroundUrl;
    };

    const first = await withBackground();
    expect((await alice.post(`/callback/club/remove/custom_background/${club.id}`)).status).toBe(200);
    expect((await clubRow(club.id)).backgroundUrl).toBeNull();
    expect(existsSync(fileOf(first))).toBe(false);

    const second = await withBackground();
    const removed = await postMultipart(alice, `/callback/club/edit/${club.id}`, { name: "Banner Club", joinPolicy: "open", removeBackground: "1" });
    expect(removed.status).toBe(303);
    expect(removed.headers.get("location")).toBe(`/club/${club.url}`);
    expect((await clubRow(club.id)).backgroundUrl).toBeNull();
    expect(existsSync(fileOf(second))).toBe(false);

    // An image address from elsewhere (old data) is only forgotten: there is no file of ours to delete.
    await db().update(clubs).set({ backgroundUrl: "https://images.example.test/banner.png" }).where(eq(clubs.id, club.id));
    expect((await alice.post(`/callback/club/remove/custom_background/${club.id}`)).status).toBe(200);
    expect((await clubRow(club.id)).backgroundUrl).toBeNull();
  });

  it("offers the edit page and its link to those the policy lets edit, and to nobody else", async () => {
    const club = await createTestClub(db(), { owner: await idOf("alice"), admins: [await idOf("bob")], members: [await idOf("ce_member")], name: "Linked Club" });
    const editPath = `/clubs/edit/${club.url}`;
    for (const username of ["alice", "bob", "staff"]) {
      const browser = await as(username);
      expect(await browser.html(`/club/${club.url}`), username).toContain(`href="${editPath}"`);
      const page = await browser.get(editPath);
      expect(page.status, username).toBe(200);
      const html = await page.text();
      expect(html).toMatch(/enctype="multipart\/form-data"/i);
      expect(html).toContain(`action="/callback/club/edit/${club.id}"`);
      expect(html).toContain('value="Linked Club"');
    }
    for (const username of ["ce_member", "ce_outsider"]) {
      const browser = await as(username);
      expect(await browser.html(`/club/${club.url}`), username).not.toContain(`href="${editPath}"`);
      expect((await browser.get(editPath)).status, username).toBe(403);
    }
    const visitor = await anonymous().get(editPath);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toContain("/login");
    expect((await (await as("alice")).get("/clubs/edit/no-such-club-here")).status).toBe(404);
  });
});
