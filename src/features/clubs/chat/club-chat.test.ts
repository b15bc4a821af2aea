import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestSocket } from "../../../platform/realtime/test-kit.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { HttpSession } from "../../../test/http-session.ts";
import { demoLines, seedDemoClubChat } from "../../../server/seed/demo-club-chat.server.ts";
import { eq, sql } from "drizzle-orm";
import { users } from "../../accounts/accounts.tables.server.ts";
import { queryRows } from "../../../platform/db/client.server.ts";
import { appForSuite, type RunningApp } from "../../../test/start-app.ts";
import { signIn, type SignedIn } from "../../presence/presence.test-kit.server.ts";
import { clubChatRoom } from "./club-chat.events.ts";
import { CHAT_FLOOD_LINES } from "../../chat/chat-limits.ts";
import { CLUB_CHAT_MAX_CHARACTERS, CLUB_CHAT_PAGE_SIZE, type ClubChatHistory, type ClubChatLine, type ClubChatPresence } from "./club-chat.schema.ts";
import { clubChatLines } from "./club-chat.tables.server.ts";
import { command, eventTypesSoFar, eventWhere, memberSocket, nextEvent, refusedSubscribe, testClub, valueOf } from "./club-chat.test-kit.server.ts";

/**
 * Club chat through the real server and database (issue 11 item 6): the room
 * and its refusals, history with paging, size and flood limits, blocks,
 * presence, and the moderator action of spec 001 §7.6 per role.
 */
describe.each(databaseTargets())("club chat on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  let app: RunningApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let carla: SignedIn;
  let moderator: SignedIn;
  let staff: SignedIn;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    app = suite.current;
    [alice, bob, carla, moderator, staff] = await Promise.all([signIn(app, "alice"), signIn(app, "bob"), signIn(app, "carla"), signIn(app, "moderator"), signIn(app, "staff")]);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  async function socketOf(member: SignedIn, clubId?: number): Promise<TestSocket> {
    const socket = await memberSocket(app, member, clubId);
    sockets.push(socket);
    return socket;
  }

  const say = (socket: TestSocket, clubId: number, text: string) => command(socket, "club.chat.send", { clubId, text });
  const history = async (socket: TestSocket, clubId: number, beforeId?: number) => valueOf<ClubChatHistory>(await command(socket, "club.chat.history", beforeId === undefined ? { clubId } : { clubId, beforeId }));

  it("delivers lines live to the club's members only; outsiders are refused the room and every command", async () => {
    // alice owns the club; bob is a member; carla is not; the site moderator is staff.
    const club = await testClub(app, { owner: alice.id, members: [bob.id] });
    const [aliceSocket, bobSocket, carlaSocket, staffSocket] = [await socketOf(alice, club.id), await socketOf(bob, club.id), await socketOf(carla), await socketOf(moderator, club.id)];
    expect(await refusedSubscribe(carlaSocket, clubChatRoom(club.id))).toMatchObject({ code: "forbidden", room: clubChatRoom(club.id) });
    expect(await say(carlaSocket, club.id, "let me in")).toEqual({ ok: false, code: "not_a_member" });
    expect(await command(carlaSocket, "club.chat.history", { clubId: club.id })).toEqual({ ok: false, code: "not_a_member" });
    expect(await command(carlaSocket, "club.chat.enter", { clubId: club.id })).toEqual({ ok: false, code: "not_a_member" });

    const line = valueOf<ClubChatLine>(await say(bobSocket, club.id, "  hello\u202e club\n\tmates  "));
    expect(line).toMatchObject({ clubId: club.id, authorId: bob.id, author: "bob", text: "hello club mates" });
    expect((await nextEvent(aliceSocket, "club.chat.line")).payload).toMatchObject({ id: line.id, text: "hello club mates" });
    expect((await nextEvent(staffSocket, "club.chat.line")).payload).toMatchObject({ id: line.id });
    expect(await eventTypesSoFar(carlaSocket, "club.chat")).toEqual([]);
    // Site staff may speak in any club's room.
    valueOf(await say(staffSocket, club.id, "staff here"));
    expect(await eventWhere(bobSocket, "club.chat.line", (payload) => payload.author === "moderator")).toMatchObject({ text: "staff here" });

    // A visitor's socket may not join the room either.
    const visitor = await (await import("../../presence/presence.test-kit.server.ts")).openSocket(app);
    sockets.push(visitor);
    expect(await refusedSubscribe(visitor, clubChatRoom(club.id))).toMatchObject({ code: "forbidden" });
    expect(await command(visitor, "club.chat.send", { clubId: club.id, text: "hi" })).toEqual({ ok: false, code: "forbidden" });
    expect(await command(aliceSocket, "club.chat.send", { clubId: 2_147_483_000, text: "hi" })).toEqual({ ok: false, code: "not_a_member" });
  });

  it("shows the flair each author shows beside their name, live and in the history", async () => {
    const db = app.kingside.database.db;
    await db.update(users).set({ flairCode: "heart", flairStatus: "active" }).where(eq(users.id, bob.id));
    const club = await testClub(app, { owner: alice.id, members: [bob.id] });
    const [aliceSocket, bobSocket] = [await socketOf(alice, club.id), await socketOf(bob, club.id)];
    expect(valueOf<ClubChatLine>(await say(bobSocket, club.id, "hearts"))).toMatchObject({ author: "bob", authorFlair: "heart" });
    expect((await nextEvent(aliceSocket, "club.chat.line")).payload).toMatchObject({ author: "bob", authorFlair: "heart" });
    expect((await history(aliceSocket, club.id)).lines.map((line) => line.authorFlair)).toEqual(["heart"]);
    await db.update(users).set({ flairCode: "nothing" }).where(eq(users.id, bob.id));
    expect((await history(aliceSocket, club.id)).lines.map((line) => line.authorFlair)).toEqual([null]);
  });

  it("refuses empty and too long lines and a flood (site staff too), and changes nothing", async () => {
    // The flood limit counts a member's lines across clubs for 10 s: this test has its own writer.
    const club = await testClub(app, { owner: alice.id, members: [staff.id] });
    const carlaSocket = await socketOf(staff, club.id);
    expect(await say(carlaSocket, club.id, " \n\t ")).toEqual({ ok: false, code: "empty" });
    expect(await say(carlaSocket, club.id, "x".repeat(CLUB_CHAT_MAX_CHARACTERS + 1))).toEqual({ ok: false, code: "too_long" });
    // Emoji count as one character each: the limit is in code points.
    valueOf(await say(carlaSocket, club.id, "♞".repeat(CLUB_CHAT_MAX_CHARACTERS)));
    expect(await command(carlaSocket, "club.chat.send", { clubId: club.id, text: "y".repeat(2_001) })).toEqual({ ok: false, code: "invalid_input" });
    for (let line = 1; line < CHAT_FLOOD_LINES; line += 1) valueOf(await say(carlaSocket, club.id, `line ${line}`));
    expect(await say(carlaSocket, club.id, "one too many")).toEqual({ ok: false, code: "flooding" });
    const shown = await history(carlaSocket, club.id);
    expect(shown.lines).toHaveLength(CHAT_FLOOD_LINES);
    expect(shown.lines.map((entry) => entry.text)).not.toContain("one too many");
  });

  it("pages the history newest first, oldest first within a page, and leaves out members the reader blocked", async () => {
    const club = await testClub(app, { owner: alice.id, members: [bob.id, carla.id] });
    const old = Date.now() - 3_600_000;
    await app.kingside.database.db.insert(clubChatLines).values(
      Array.from({ length: CLUB_CHAT_PAGE_SIZE + 10 }, (_, index) => ({ clubId: club.id, authorId: index % 2 === 0 ? alice.id : bob.id, text: `old ${index}`, createdAt: new Date(old + index * 1000) })),
    );
    const carlaSocket = await socketOf(carla, club.id);
    const first = await history(carlaSocket, club.id);
    expect(first.lines).toHaveLength(CLUB_CHAT_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.lines.at(-1)?.text).toBe(`old ${CLUB_CHAT_PAGE_SIZE + 9}`);
    expect(first.viewer).toEqual({ canWrite: true, muted: false, moderation: [] });
    const second = await history(carlaSocket, club.id, first.lines[0]?.id);
    expect(second.lines.map((entry) => entry.text)).toEqual(Array.from({ length: 10 }, (_, index) => `old ${index}`));
    expect(second.hasMore).toBe(false);

    // carla blocks bob: his lines leave her history, and the answer names him for the live filter.
    expect((await carla.session.post("/callback/member/bob/block")).status).toBe(200);
    const filtered = await history(carlaSocket, club.id);
    expect(filtered.silencedIds).toContain(bob.id);
    expect(filtered.lines.every((entry) => entry.authorId !== bob.id)).toBe(true);
    expect(filtered.lines.length).toBeGreaterThan(0);
    expect((await carla.session.post("/callback/member/bob/unblock")).status).toBe(200);
    // Owners see the moderation types they may use.
    expect((await history(await socketOf(alice), club.id)).viewer.moderation).toEqual(["warn", "mute", "unmute", "remove", "readmit"]);
  });

  it("tells the room who is there, and who left when their socket closed", async () => {
    const club = await testClub(app, { owner: alice.id, members: [bob.id] });
    const aliceSocket = await socketOf(alice, club.id);
    const here = valueOf<ClubChatPresence>(await command(aliceSocket, "club.chat.enter", { clubId: club.id }));
    expect(here.members).toEqual([{ id: alice.id, username: "alice" }]);
    const bobSocket = await memberSocket(app, bob, club.id);
    const withBob = valueOf<ClubChatPresence>(await command(bobSocket, "club.chat.enter", { clubId: club.id }));
    expect(withBob.count).toBe(2);
    expect(await eventWhere(aliceSocket, "club.chat.presence", (payload) => payload.memberId === bob.id)).toEqual({ clubId: club.id, memberId: bob.id, username: "bob", present: true });
    // A heartbeat is not a new arrival.
    valueOf(await command(bobSocket, "club.chat.enter", { clubId: club.id }));
    bobSocket.close();
    expect(await eventWhere(aliceSocket, "club.chat.presence", (payload) => payload.memberId === bob.id)).toEqual({ clubId: club.id, memberId: bob.id, username: "bob", present: false });
    expect(valueOf<ClubChatPresence>(await command(aliceSocket, "club.chat.presence", { clubId: club.id })).count).toBe(1);
    valueOf(await command(aliceSocket, "club.chat.leave", { clubId: club.id }));
    expect(valueOf<ClubChatPresence>(await command(aliceSocket, "club.chat.presence", { clubId: club.id })).count).toBe(0);
  });

  it("lets chat moderators warn, mute and unmute members, live, and refuses what their role does not allow", async () => {
    // alice owns; bob is a chat moderator; carla a member; the moderator account is site staff (not a member).
    const club = await testClub(app, { owner: alice.id, members: [carla.id], chatModerators: [bob.id] });
    const [aliceSocket, bobSocket, carlaSocket] = [await socketOf(alice, club.id), await socketOf(bob, club.id), await socketOf(carla, club.id)];
    const moderate = (socket: TestSocket, type: string, userId: number, extra: Record<string, unknown> = {}) =>
      command(socket, "club.chat.moderate", { chatId: club.id, type, userId, hideMessages: false, ...extra });

    // Refusals: a member may not moderate; a chat moderator may not remove, nor act on the owner; nobody acts on themselves; no such type.
    expect(await moderate(carlaSocket, "warn", bob.id)).toEqual({ ok: false, code: "not_allowed" });
    expect(await moderate(bobSocket, "remove", carla.id)).toEqual({ ok: false, code: "not_allowed" });
    expect(await moderate(bobSocket, "mute", alice.id)).toEqual({ ok: false, code: "not_a_target" });
    expect(await moderate(aliceSocket, "mute", alice.id)).toEqual({ ok: false, code: "not_a_target" });
    expect(await moderate(bobSocket, "ban", carla.id)).toEqual({ ok: false, code: "invalid_input" });
    expect(await moderate(bobSocket, "unmute", carla.id)).toEqual({ ok: false, code: "no_change" });

    valueOf(await moderate(bobSocket, "warn", carla.id, { message: "Keep it friendly, please." }));
    expect((await nextEvent(carlaSocket, "club.chat.notice")).payload).toMatchObject({ type: "warn", memberId: carla.id, message: "Keep it friendly, please." });
    expect((await nextEvent(aliceSocket, "club.chat.moderation")).payload).toMatchObject({ type: "warn", memberId: carla.id, username: "carla" });
    // The note goes to the member only.
    expect(await eventTypesSoFar(aliceSocket, "club.chat.notice")).toEqual([]);

    valueOf(await moderate(bobSocket, "mute", carla.id));
    expect(await eventWhere(carlaSocket, "club.chat.moderation", (payload) => payload.type === "mute")).toMatchObject({ type: "mute", memberId: carla.id });
    expect(await say(carlaSocket, club.id, "can I still talk?")).toEqual({ ok: false, code: "muted" });
    const carlaView = await history(carlaSocket, club.id);
    expect(carlaView.viewer).toMatchObject({ canWrite: false, muted: true });
    expect(await moderate(bobSocket, "mute", carla.id)).toEqual({ ok: false, code: "no_change" });
    valueOf(await moderate(bobSocket, "unmute", carla.id));
    valueOf(await say(carlaSocket, club.id, "thanks"));
  });

  it("lets admins and site staff remove a member from the chat and hide their lines, for everyone at once", async () => {
    const club = await testClub(app, { owner: alice.id, members: [bob.id], admins: [carla.id] });
    const [aliceSocket, bobSocket, carlaSocket] = [await socketOf(alice, club.id), await socketOf(bob, club.id), await socketOf(carla, club.id)];
    const staffSocket = await socketOf(moderator);
    valueOf(await say(bobSocket, club.id, "spam spam"));
    valueOf(await say(aliceSocket, club.id, "please stop"));
    // An admin may not act on the owner.
    expect(await command(carlaSocket, "club.chat.moderate", { chatId: club.id, type: "mute", userId: alice.id, hideMessages: false })).toEqual({ ok: false, code: "not_a_target" });

    const notice = valueOf(await command(carlaSocket, "club.chat.moderate", { chatId: club.id, type: "remove", userId: bob.id, hideMessages: true, message: "Spamming." }));
    expect(notice).toMatchObject({ type: "remove", memberId: bob.id, hideMessages: true });
    expect((await nextEvent(aliceSocket, "club.chat.moderation")).payload).toMatchObject({ type: "remove", memberId: bob.id, hideMessages: true });
    expect((await nextEvent(bobSocket, "club.chat.notice")).payload).toMatchObject({ type: "remove", message: "Spamming." });
    // His socket already in the room is taken out of it: told so, and no later line reaches it.
    expect((await bobSocket.next("error")).data).toMatchObject({ code: "forbidden", room: clubChatRoom(club.id) });
    await eventTypesSoFar(bobSocket, "club.chat");
    valueOf(await say(aliceSocket, club.id, "after the removal"));
    expect(await eventWhere(carlaSocket, "club.chat.line", (payload) => payload.text === "after the removal")).toMatchObject({ author: "alice" });
    expect(await eventTypesSoFar(bobSocket, "club.chat.line")).toEqual([]);
    // Hidden for everyone, in the history too; bob can neither read nor write nor come back into the room.
    expect((await history(aliceSocket, club.id)).lines.map((line) => line.text)).toEqual(["please stop", "after the removal"]);
    expect(await say(bobSocket, club.id, "hello?")).toEqual({ ok: false, code: "removed_from_chat" });
    expect(await command(bobSocket, "club.chat.history", { clubId: club.id })).toEqual({ ok: false, code: "removed_from_chat" });
    const fresh = await socketOf(bob);
    expect(await refusedSubscribe(fresh, clubChatRoom(club.id))).toMatchObject({ code: "forbidden" });

    // Site staff act in any club, here readmitting him.
    valueOf(await command(staffSocket, "club.chat.moderate", { chatId: club.id, type: "readmit", userId: bob.id, hideMessages: false }));
    valueOf(await say(bobSocket, club.id, "sorry"));
    // Nobody outside the club is a target.
    expect(await command(staffSocket, "club.chat.moderate", { chatId: club.id, type: "warn", userId: moderator.id, hideMessages: false })).toEqual({ ok: false, code: "not_a_target" });
  });

  it("renders the chat page for members, refuses outsiders and sends visitors to sign in", async () => {
    const club = await testClub(app, { owner: alice.id, members: [bob.id] });
    valueOf(await say(await socketOf(bob, club.id), club.id, "rendered <b>on the server</b>"));
    const page = await alice.session.get(`/club/chat/${club.url}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("rendered &lt;b&gt;on the server&lt;/b&gt;");
    expect(html).toContain(`${club.name}: chat`);
    const outsider = await carla.session.get(`/club/chat/${club.url}`);
    expect(outsider.status).toBe(403);
    const outsiderHtml = await outsider.text();
    expect(outsiderHtml).toContain("Only members of this club can use its chat.");
    expect(outsiderHtml).not.toContain("on the server");
    const visitor = await new HttpSession(app.baseUrl).get(`/club/chat/${club.url}`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toContain("/login_and_go");
    expect((await alice.session.get("/club/chat/no-such-club-here")).status).toBe(404);
  });

  it("seeds demo chat history from each club's own members, once", async () => {
    const db = app.kingside.database.db;
    // The site's start seeded the demo clubs' chat already (or this call does, on a site without demo data).
    await seedDemoClubChat(db, { epoch: new Date("2026-01-01T00:00:00Z") });
    // The seed's own lines (this suite's tests said other things, some by members they then removed).
    const all = await queryRows(db, sql`select l.club_id, l.author_id, l.text, m.user_id as member from club_chat_lines l left join club_members m on m.club_id = l.club_id and m.user_id = l.author_id`);
    const seededTexts = new Set<unknown>(demoLines);
    const lines = all.filter((line) => seededTexts.has(line.text));
    expect(lines.length).toBeGreaterThanOrEqual(8);
    // Every line is said by a member of its club.
    expect(lines.filter((line) => line.member === null)).toEqual([]);
    expect(await seedDemoClubChat(db, { epoch: new Date("2026-01-01T00:00:00Z") })).toEqual({ lines: 0 });
  });
});
