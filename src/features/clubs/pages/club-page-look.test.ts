import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../accounts/accounts.tables.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { browsersForSuite } from "../../../test/signed-in.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { createTestClub } from "../club-fixture.server.ts";
import { clubs } from "../clubs.tables.server.ts";

/**
 * What the club pages show from the server (issue 22 item 7): the Chat tab
 * only for those the chat's own rule lets in, and a country as its flag and
 * name, never a bare code.
 */
describe.each(databaseTargets())("the club pages' tabs and countries on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const db = () => suite.current.kingside.database.db;
  const { anonymous, as } = browsersForSuite(suite);
  const chatTab = 'data-section="chat"';

  async function idOf(username: string): Promise<number> {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.usernameKey, username));
    if (!row) throw new Error(`no member ${username}`);
    return row.id;
  }

  it("shows the Chat tab to members only: not to visitors, non-members or a member removed from the chat", async () => {
    const alice = await idOf("alice");
    const bob = await idOf("bob");
    const club = await createTestClub(db(), { owner: alice, members: [bob] });
    const page = `/club/${club.url}`;

    expect(await (await as("alice")).html(page)).toContain(chatTab);
    expect(await (await as("bob")).html(page)).toContain(chatTab);
    const visitorPage = await anonymous().html(page);
    expect(visitorPage).toContain('data-join-state="sign_in"');
    expect(visitorPage).not.toContain(chatTab);
    const outsider = await (await as("carla")).html(page);
    expect(outsider).toContain('data-join-state="join"');
    expect(outsider).not.toContain(chatTab);

    // The owner removes bob from the chat: he stays a member, and the tab goes with the chat's rule.
    const removed = await suite.current.kingside.services.clubChat.moderate({ id: alice, username: "alice", siteStaff: false }, { chatId: club.id, type: "remove", userId: bob, hideMessages: false });
    expect(removed.ok).toBe(true);
    const bobPage = await (await as("bob")).html(page);
    expect(bobPage).toContain('data-join-state="member"');
    expect(bobPage).not.toContain(chatTab);
  });

  it("names a club's country with its flag on the club page, the list and the search, and the international code as International", async () => {
    const alice = await idOf("alice");
    const german = await createTestClub(db(), { owner: alice, name: "Flag Club Berlin" });
    await db().update(clubs).set({ countryCode: "DE" }).where(eq(clubs.id, german.id));
    const international = await createTestClub(db(), { owner: alice, name: "Flag Club Anywhere" });

    const germanPage = await anonymous().html(`/club/${german.url}`);
    expect(germanPage).toMatch(/data-country="DE"[^>]*>.*?data-flag="de".*?<span class="ks-country-name">Germany<\/span>/s);
    const found = await anonymous().html("/clubs/find?q=flag+club");
    expect(found).toContain('<span class="ks-country-name">Germany</span>');
    expect(found).toContain('<span class="ks-country-name">International</span>');
    expect(found).not.toMatch(/>\s*(XX|DE)\s*</);
    const germanInGerman = await anonymous().html(`/de/club/${german.url}`);
    expect(germanInGerman).toContain('<span class="ks-country-name">Deutschland</span>');

    const internationalPage = await anonymous().html(`/club/${international.url}`);
    expect(internationalPage).toContain('data-flag="xx"');
    expect(internationalPage).toContain('<span class="ks-country-name">International</span>');
    expect(internationalPage).not.toMatch(/<dd>\s*XX\s*<\/dd>/);
  });
});
