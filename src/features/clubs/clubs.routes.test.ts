import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../accounts/accounts.tables.server.ts";
import { levels } from "../accounts/levels.ts";
import { queryRows } from "../../platform/db/client.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import type { HttpSession } from "../../test/http-session.ts";
import { browsersForSuite } from "../../test/signed-in.ts";
import { appForSuite } from "../../test/start-app.ts";
import { createTestClub } from "./club-fixture.server.ts";
import { clubMembers, clubRoles, clubs } from "./clubs.tables.server.ts";

const json = { headers: { accept: "application/json" } };

describe.each(databaseTargets())("clubs over HTTP on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const db = () => suite.current.kingside.database.db;
  const { anonymous, as } = browsersForSuite(suite);

  async function idOf(username: string): Promise<number> {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.usernameKey, username));
    if (!row) throw new Error(`no member ${username}`);
    return row.id;
  }
  async function rolesIn(clubId: number, username: string): Promise<string[]> {
    const rows = await db().select({ role: clubRoles.role }).from(clubRoles).where(sql`${clubRoles.clubId} = ${clubId} and ${clubRoles.userId} = ${await idOf(username)}`);
    return rows.map((row) => row.role).sort();
  }
  async function isMember(clubId: number, username: string): Promise<boolean> {
    const rows = await db().select({ userId: clubMembers.userId }).from(clubMembers).where(sql`${clubMembers.clubId} = ${clubId} and ${clubMembers.userId} = ${await idOf(username)}`);
    return rows.length === 1;
  }
  async function memberCount(clubId: number): Promise<number> {
    const [row] = await db().select({ count: clubs.memberCount }).from(clubs).where(eq(clubs.id, clubId));
    return row?.count ?? -1;
  }
  async function notificationsOf(browser: HttpSession): Promise<{ type: string; payload: Record<string, unknown> }[]> {
    const body = (await (await browser.request("GET", "/callback/notifications", json)).json()) as { notifications: { type: string; payload: Record<string, unknown> }[] };
    return body.notifications;
  }
  const codeOf = async (response: Response): Promise<string> => ((await response.json()) as { code: string }).code;

  it("creates a club for a basic member, refuses a taken or malformed address and anonymous visitors, and changes nothing then", async () => {
    const bob = await as("bob");
    const created = await bob.post("/callback/clubs/create", { name: "Bob's Blitz", url: "Bobs-Blitz", joinPolicy: "approval", country: "de", description: "Fast games." });
    expect(created.status).toBe(200);
    const body = (await created.json()) as { club: { id: number; url: string; joinPolicy: string } };
    expect(body.club).toMatchObject({ url: "bobs-blitz", joinPolicy: "approval" });
    expect(await rolesIn(body.club.id, "bob")).toEqual(["owner"]);
    expect(await memberCount(body.club.id)).toBe(1);

    const taken = await (await as("alice")).post("/callback/clubs/create", { name: "Another", url: "bobs-blitz", joinPolicy: "open" });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: "url_taken", message: "Another club already has this address. Choose another one." });
    const malformed = await bob.post("/callback/clubs/create", { name: "X", url: "1club", joinPolicy: "open" });
    expect(malformed.status).toBe(422);
    const badPolicy = await bob.post("/callback/clubs/create", { name: "Good name", url: "good-name", joinPolicy: "secret" });
    expect(await codeOf(badPolicy)).toBe("join_policy_invalid");
    const visitor = anonymous();
    expect((await visitor.post("/callback/clubs/create", { name: "Nobody's", url: "nobodys", joinPolicy: "open" })).status).toBe(401);
    const [count] = await db().select({ n: sql<number>`count(*)::int` }).from(clubs).where(sql`${clubs.url} in ('good-name', 'nobodys', '1club')`);
    expect(count?.n).toBe(0);

    // Without JavaScript: a refused form post comes back to the form with the error; the page shows it.
    const form = await bob.postForm("/callback/clubs/create", { name: "Bob again", url: "bobs-blitz", joinPolicy: "open", redirectUrl: "/clubs" });
    expect(form.status).toBe(303);
    const back = form.headers.get("location") ?? "";
    expect(back).toContain("error=url_taken");
    expect(await bob.html(back)).toContain("Another club already has this address.");
  });

  it("runs the approval flow: request, refusal for a non-admin, approval by the owner with a notice, denial", async () => {
    const club = await createTestClub(db(), { owner: await idOf("alice"), joinPolicy: "approval" });
    const bob = await as("bob");
    const carla = await as("carla");
    const alice = await as("alice");
    expect(await codeOf(await bob.post(`/callback/club/join/${club.id}`))).toBe("approval_needed");
    expect((await bob.post(`/callback/club/request/${club.url}`)).status).toBe(200);
    expect(await bob.html(`/club/${club.url}`)).toContain('data-join-state="request_sent"');
    expect(await alice.html(`/club/${club.url}`)).toContain('data-request="bob"');

    // Carla is no admin: refused, and Bob is still waiting.
    const refused = await carla.post(`/callback/club/group-request/manage/${club.id}/bob`, { action: "approve" });
    expect(refused.status).toBe(403);
    expect(await isMember(club.id, "bob")).toBe(false);

    expect((await alice.post(`/callback/club/group-request/manage/${club.id}/bob`, { action: "approve" })).status).toBe(200);
    expect(await isMember(club.id, "bob")).toBe(true);
    expect(await memberCount(club.id)).toBe(2);
    expect(await notificationsOf(bob)).toContainEqual(expect.objectContaining({ type: "clubs.request_answered", payload: expect.objectContaining({ clubUrl: club.url, approved: true }) }));
    expect(await codeOf(await alice.post(`/callback/club/group-request/manage/${club.id}/bob`, { action: "approve" }))).toBe("no_request");

    // Carla asks and is denied: no member, the request gone.
    await carla.post(`/callback/club/request/${club.id}`);
    expect((await alice.post(`/callback/club/group-request/manage/${club.id}/carla`, { action: "deny" })).status).toBe(200);
    expect(await isMember(club.id, "carla")).toBe(false);
    expect(await carla.html(`/club/${club.url}`)).toContain('data-join-state="request"');
  });

  it("joins an open club at once and leaves it; the owner cannot leave; the user card names the member's clubs", async () => {
    // A club carla alone would be in at most the third place on her card: big enough to be first.
    const club = await createTestClub(db(), { owner: await idOf("alice"), joinPolicy: "open" });
    await db().update(clubs).set({ memberCount: 1_000_000 }).where(eq(clubs.id, club.id));
    const carla = await as("carla");
    const cardClubs = async () => ((await (await anonymous().request("GET", "/callback/user/popup/carla", json)).json()) as { user: { clubs: { url: string }[] } }).user.clubs.map((entry) => entry.url);
    expect(await cardClubs()).not.toContain(club.url);
    expect((await carla.post(`/callback/club/join/${club.url}`)).status).toBe(200);
    // A visitor's card is kept a second per instance (decision 0067): the join shows within that.
    await expect.poll(cardClubs, { timeout: 3_000, interval: 200 }).toContain(club.url);
    await db().update(clubs).set({ memberCount: 2 }).where(eq(clubs.id, club.id));
    expect(await memberCount(club.id)).toBe(2);
    expect(await codeOf(await carla.post(`/callback/club/join/${club.url}`))).toBe("already_member");
    expect((await carla.post(`/callback/club/leave/${club.id}`)).status).toBe(200);
    expect(await memberCount(club.id)).toBe(1);
    await expect.poll(cardClubs, { timeout: 3_000, interval: 200 }).not.toContain(club.url);
    expect(await codeOf(await (await as("alice")).post(`/callback/club/leave/${club.id}`))).toBe("owner_cannot_leave");
    expect((await anonymous().post(`/callback/club/join/${club.url}`)).status).toBe(401);
    expect((await carla.post(`/callback/club/join/no-such-club-here`)).status).toBe(404);
    // Other features hear of it through domain events, one per change; the refusals wrote none.
    const membershipEvents = await queryRows(db(), sql`select type, payload from domain_events where (payload->>'clubId')::bigint = ${club.id} order by id`);
    const carlaId = await idOf("carla");
    expect(membershipEvents).toEqual([
      { type: "clubs.member-joined", payload: { clubId: club.id, memberId: carlaId } },
      { type: "clubs.member-left", payload: { clubId: club.id, memberId: carlaId } },
    ]);
  });

  it("kills the old invitation link when the owner makes a new one; the digits-only variant works; a wrong secret is a clear error", async () => {
    const club = await createTestClub(db(), { owner: await idOf("alice"), joinPolicy: "invite", admins: [await idOf("carla")] });
    const alice = await as("alice");
    const bob = await as("bob");
    const carla = await as("carla");
    expect(await codeOf(await bob.post(`/callback/club/join/${club.id}`))).toBe("invitation_only");
    expect(await codeOf(await bob.post(`/callback/club/request/${club.id}`))).toBe("invitation_only");

    // The spec's GET: it changes the secret, so it wants the CSRF header; only the owner (or staff) may.
    expect((await alice.request("GET", `/callback/club/${club.id}/generate-invitation-secret`, json)).status).toBe(403);
    const generate = (browser: HttpSession) => browser.request("GET", `/callback/club/${club.id}/generate-invitation-secret`, { headers: { accept: "application/json", "x-xsrf-token": browser.csrfToken } });
    expect(await codeOf(await generate(carla))).toBe("not_allowed");
    expect(await codeOf(await generate(bob))).toBe("not_allowed");
    const first = (await (await generate(alice)).json()) as { secret: string; link: string; idLink: string };
    expect(first.link).toBe(`/club/${club.url}/join/${first.secret}`);
    expect(await bob.html(first.link)).toContain('data-testid="club-accept-invitation"');

    const second = (await (await generate(alice)).json()) as { secret: string; idLink: string };
    expect(second.secret).not.toBe(first.secret);
    const deadPage = await bob.html(first.link);
    expect(deadPage).toContain('data-testid="club-invitation-invalid"');
    expect(deadPage).toContain("This invitation link is not valid.");
    expect(await codeOf(await bob.post(`/callback/club/join-with-secret/${club.id}`, { secret: first.secret }))).toBe("invalid_secret");
    expect(await isMember(club.id, "bob")).toBe(false);
    expect(await bob.html(`/club/${club.url}/join/not-the-secret`)).toContain('data-testid="club-invitation-invalid"');

    // The id variant takes digits only.
    expect(second.idLink).toBe(`/club/id/${club.id}/join/${second.secret}`);
    expect((await bob.get(`/club/id/${club.url}/join/${second.secret}`)).status).toBe(404);
    expect(await bob.html(second.idLink)).toContain('data-testid="club-accept-invitation"');
    const joined = await bob.postForm(`/callback/club/join-with-secret/${club.id}`, { secret: second.secret, redirectUrl: `/club/${club.url}` });
    expect(joined.status).toBe(303);
    expect(await isMember(club.id, "bob")).toBe(true);
  });

  it("invites a member with a live notice they can join from; blocked members cannot invite each other", async () => {
    const club = await createTestClub(db(), { owner: await idOf("carla"), joinPolicy: "invite" });
    const carla = await as("carla");
    const moderator = await as("moderator");
    expect((await carla.post(`/callback/club/invite/${club.id}/moderator`)).status).toBe(200);
    expect(await notificationsOf(moderator)).toContainEqual(expect.objectContaining({ type: "clubs.invitation", payload: { from: "carla", clubUrl: club.url, clubName: club.name } }));
    expect((await moderator.post(`/callback/club/join/${club.url}`)).status).toBe(200);
    expect(await isMember(club.id, "moderator")).toBe(true);
    expect(await codeOf(await carla.post(`/callback/club/invite/${club.id}/moderator`))).toBe("target_already_member");
    expect(await codeOf(await carla.post(`/callback/club/invite/${club.id}/nobody-of-that-name`))).toBe("member_not_found");
    // A plain member of an invitation-only club may not invite (bob joins by invitation first).
    expect((await carla.post(`/callback/club/invite/${club.id}/bob`)).status).toBe(200);
    const bob = await as("bob");
    expect((await bob.post(`/callback/club/join/${club.id}`)).status).toBe(200);
    expect(await codeOf(await bob.post(`/callback/club/invite/${club.id}/alice`))).toBe("not_allowed");

    // Alice blocks carla: carla cannot invite her (nor she carla), and nothing is recorded.
    const alice = await as("alice");
    expect((await alice.post("/callback/member/carla/block")).status).toBe(200);
    try {
      expect(await codeOf(await carla.post(`/callback/club/invite/${club.id}/alice`))).toBe("blocked");
      expect(await notificationsOf(alice)).not.toContainEqual(expect.objectContaining({ type: "clubs.invitation", payload: expect.objectContaining({ clubUrl: club.url }) }));
    } finally {
      expect((await alice.post("/callback/member/carla/unblock")).status).toBe(200);
    }
  });

  it("enforces each owner action by role: owner, admin, chat moderator, member, non-member, staff", async () => {
    const [alice, bob, carla, moderator, staff] = await Promise.all(["alice", "bob", "carla", "moderator", "staff"].map(idOf));
    const members = [alice, bob, carla, moderator, staff].flatMap((id) => (id === undefined ? [] : [id]));
    expect(members).toHaveLength(5);
    // alice owns, bob is an admin, carla a chat moderator, moderator a plain member; staff is not in the club.
    const club = await createTestClub(db(), { owner: alice ?? 0, admins: [bob ?? 0], chatModerators: [carla ?? 0], members: [moderator ?? 0] });
    const browsers = { alice: await as("alice"), bob: await as("bob"), carla: await as("carla"), moderator: await as("moderator"), staff: await as("staff") };
    const post = (who: keyof typeof browsers, path: string, body?: unknown) => browsers[who].post(path, body);

    // Site moderators count as site staff for clubs; the plain-member row is carla (chat moderator) and a fresh member below.
    for (const path of [`/callback/club/member/sync/${club.id}`, `/callback/club/remove/custom_background/${club.id}`, `/callback/club/members/remove-closed/${club.id}`]) {
      expect((await post("carla", path)).status, `chat moderator: ${path}`).toBe(403);
      expect((await post("bob", path)).status, `admin: ${path}`).toBe(200);
      expect((await post("alice", path)).status, `owner: ${path}`).toBe(200);
      expect((await post("staff", path)).status, `staff: ${path}`).toBe(200);
      expect((await anonymous().post(path)).status, `anonymous: ${path}`).toBe(401);
    }
    // A chat moderator removes nobody.
    expect(await codeOf(await post("carla", `/callback/club/member/remove/${club.id}/moderator`))).toBe("not_allowed");
    // Admins make chat moderators but not admins; only the owner (or staff) hands the club over.
    expect((await post("bob", `/callback/club/role/${club.id}/moderator`, { role: "chat_moderator", granted: 1 })).status).toBe(200);
    expect(await rolesIn(club.id, "moderator")).toEqual(["chat_moderator"]);
    expect(await codeOf(await post("bob", `/callback/club/role/${club.id}/moderator`, { role: "admin", granted: 1 }))).toBe("not_allowed");
    expect(await codeOf(await post("carla", `/callback/club/role/${club.id}/moderator`, { role: "chat_moderator", granted: 0 }))).toBe("not_allowed");
    expect((await post("alice", `/callback/club/role/${club.id}/carla`, { role: "admin", granted: 1 })).status).toBe(200);
    expect(await rolesIn(club.id, "carla")).toEqual(["admin", "chat_moderator"]);
    expect(await codeOf(await post("bob", `/callback/club/owner/change/${club.id}/carla`))).toBe("not_allowed");
    expect(await codeOf(await post("alice", `/callback/club/owner/change/${club.id}/staff`))).toBe("target_not_member");
    expect(await codeOf(await post("bob", `/callback/club/${club.id}/generate-invitation-secret`))).toBe("not_allowed");

    // An admin cannot remove another admin or the owner; the owner removes an admin.
    expect(await codeOf(await post("bob", `/callback/club/member/remove/${club.id}/carla`))).toBe("cannot_remove");
    expect(await codeOf(await post("bob", `/callback/club/member/remove/${club.id}/alice`))).toBe("cannot_remove");

    // Handing over: bob owns, alice stays as an admin; staff may hand it over too.
    expect((await post("alice", `/callback/club/owner/change/${club.id}/bob`)).status).toBe(200);
    expect(await rolesIn(club.id, "bob")).toEqual(["owner"]);
    expect(await rolesIn(club.id, "alice")).toEqual(["admin"]);
    expect((await post("staff", `/callback/club/owner/change/${club.id}/carla`)).status).toBe(200);
    expect(await rolesIn(club.id, "carla")).toEqual(["chat_moderator", "owner"]);
    const [owners] = await db().select({ n: sql<number>`count(*)::int` }).from(clubRoles).where(sql`${clubRoles.clubId} = ${club.id} and ${clubRoles.role} = 'owner'`);
    expect(owners?.n).toBe(1);
    expect((await post("carla", `/callback/club/member/remove/${club.id}/moderator`)).status).toBe(200);
    expect(await isMember(club.id, "moderator")).toBe(false);
    expect(await rolesIn(club.id, "moderator")).toEqual([]);
  });

  it("refuses a guest founding a club, over HTTP and in the service a socket command would call, and creates nothing", async () => {
    const bob = await idOf("bob");
    const clubsNamed = async (url: string) => (await db().select({ id: clubs.id }).from(clubs).where(eq(clubs.url, url))).length;
    // The service decides, whoever calls it (decision 0052).
    const refused = await suite.current.kingside.services.clubs.create({ id: bob, username: "bob", siteStaff: false, level: levels.guest }, { name: "Guest Club", url: "guest-club", joinPolicy: "open", countryCode: "XX", description: "" });
    expect(refused).toEqual({ ok: false, error: "not_allowed" });
    const browser = await as("bob");
    await db().update(users).set({ membershipLevel: levels.guest }).where(eq(users.id, bob));
    try {
      const response = await browser.post("/callback/clubs/create", { name: "Guest Club", url: "guest-club", joinPolicy: "open" });
      expect(response.status).toBe(403);
      expect(await codeOf(response)).toBe("not_allowed");
    } finally {
      await db().update(users).set({ membershipLevel: levels.basic }).where(eq(users.id, bob));
    }
    expect(await clubsNamed("guest-club")).toBe(0);
  });

  it("recounts members, removes closed accounts but never the owner, and removes the background", async () => {
    const owner = await idOf("alice");
    const [closedOne, closedTwo] = await db().select({ id: users.id }).from(users).where(sql`${users.usernameKey} not in ('alice','bob','carla','moderator','staff') and ${users.membershipLevel} >= ${levels.basic}`).limit(2);
    if (!closedOne || !closedTwo) throw new Error("no demo members");
    const club = await createTestClub(db(), { owner, members: [closedOne.id, closedTwo.id, await idOf("bob")] });
    await db().update(clubs).set({ memberCount: 99, backgroundUrl: "https://example.com/bg.png" }).where(eq(clubs.id, club.id));
    const alice = await as("alice");
    expect(await (await alice.post(`/callback/club/member/sync/${club.id}`)).json()).toMatchObject({ memberCount: 4 });
    await db().update(users).set({ membershipLevel: levels.closed_abuse }).where(eq(users.id, closedOne.id));
    try {
      expect(await (await alice.post(`/callback/club/members/remove-closed/${club.id}`)).json()).toMatchObject({ removed: 1 });
      expect(await memberCount(club.id)).toBe(3);
    } finally {
      await db().update(users).set({ membershipLevel: levels.basic }).where(eq(users.id, closedOne.id));
    }
    expect(await alice.html(`/club/${club.url}`)).toContain("https://example.com/bg.png");
    expect((await alice.post(`/callback/club/remove/custom_background/${club.id}`)).status).toBe(200);
    const [row] = await db().select({ backgroundUrl: clubs.backgroundUrl }).from(clubs).where(eq(clubs.id, club.id));
    expect(row?.backgroundUrl).toBeNull();
  });

  it("server-renders the club pages: the join state per viewer, the members page with roles and search, the lists", async () => {
    const club = await createTestClub(db(), { owner: await idOf("alice"), admins: [await idOf("bob")], name: "Render Club" });
    const page = await anonymous().html(`/club/${club.url}`);
    expect(page).toContain("Render Club");
    expect(page).toContain('data-join-state="sign_in"');
    expect(await (await as("carla")).html(`/club/${club.url}`)).toContain('data-join-state="join"');
    expect(await (await as("alice")).html(`/club/${club.url}`)).toContain('data-join-state="owner"');
    expect((await anonymous().get(`/club/${club.id}`)).status).toBe(200);
    expect((await anonymous().get("/club/no-such-club-at-all")).status).toBe(404);

    const members = await anonymous().html(`/clubs/members/${club.url}`);
    expect(members).toContain('data-member="bob"');
    expect(members).toContain("Admin");
    const searched = await anonymous().html(`/clubs/members/${club.url}?q=ali`);
    expect(searched).toContain('data-member="alice"');
    expect(searched).not.toContain('data-member="bob"');

    const found = await anonymous().html("/clubs/find?q=render+club");
    expect(found).toContain(`data-club="${club.url}"`);
    expect(await anonymous().html("/clubs/search?q=render&join=invite")).not.toContain(`data-club="${club.url}"`);
    expect(await (await as("bob")).html("/clubs")).toContain(`data-club="${club.url}"`);
    expect(await anonymous().html("/clubs/home/bob")).toContain(`data-club="${club.url}"`);
    // The member's profile lists their clubs.
    const profile = await anonymous().html("/member/bob");
    expect(profile).toContain(`data-club="${club.url}"`);
    expect(profile).toContain('data-club="kingside-knights"');
    // The demo clubs are there.
    expect(await anonymous().html("/clubs/find")).toContain('data-club="kingside-knights"');
  });

  it("pages through a large club's members newest first with no one missed or twice, pages past the middle included (read from the oldest end)", async () => {
    const tag = `pg${Date.now().toString(36)}`;
    const created = await db()
      .insert(users)
      .values(Array.from({ length: 160 }, (_, index) => ({ username: `${tag}_${index}`, usernameKey: `${tag}_${index}` })))
      .returning({ id: users.id });
    const ids = created.map((row) => row.id);
    const club = await createTestClub(db(), { owner: ids[0] ?? 0, members: ids });
    // Joined at seven different times, so the order has ties that only the member id settles.
    await db().execute(sql`update ${clubMembers} set joined_at = now() - (${clubMembers.userId} % 7) * interval '1 minute' where ${clubMembers.clubId} = ${club.id}`);
    const newestFirst = await db()
      .select({ username: users.username })
      .from(clubMembers)
      .innerJoin(users, eq(users.id, clubMembers.userId))
      .where(eq(clubMembers.clubId, club.id))
      .orderBy(sql`${clubMembers.joinedAt} desc, ${clubMembers.userId} desc`);
    const listed = async (page: number) => [...(await anonymous().html(`/clubs/members/${club.url}?page=${page}`)).matchAll(/data-member="([^"]+)"/g)].map((match) => match[1]);

    // 160 members, 50 a page: pages 1 and 2 read from the newest end, 3 (full) and 4 (the last 10) from the oldest.
    const pages = [await listed(1), await listed(2), await listed(3), await listed(4)];
    expect(pages.map((page) => page.length)).toEqual([50, 50, 50, 10]);
    expect(pages.flat()).toEqual(newestFirst.map((row) => row.username));
    expect(await listed(5)).toEqual([]);
  });
});
