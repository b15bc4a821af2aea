import { count, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../test/databases.ts";
import type { HttpSession } from "../../../test/http-session.ts";
import { browsersForSuite } from "../../../test/signed-in.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { levels } from "../../accounts/levels.ts";
import { membersWithPassword, userFacts } from "../../accounts/staff/member-facts.test-support.ts";
import type { ClubRef } from "../club-access.service.server.ts";
import { createTestClub } from "../club-fixture.server.ts";
import { clubNotes } from "../notes/club-notes.tables.server.ts";
import { clubForumPosts, clubForumTopics } from "./club-forum.tables.server.ts";

/**
 * The forum and the notes through the real server and database: every action
 * for every kind of viewer (owner alice, admin bob, chat moderator, member
 * carla, a non-member, site staff, anonymous), refusals changing nothing.
 */
describe.each(databaseTargets())("club forum and notes over HTTP on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const { anonymous, as } = browsersForSuite(suite);
  const db = () => suite.current.kingside.database.db;
  let club: ClubRef;
  let chatModerator = "";
  let outsider = "";

  beforeAll(async () => {
    [chatModerator = "", outsider = ""] = await membersWithPassword(db(), levels.basic, 2);
    const ids = async (name: string) => (await userFacts(db(), name)).id;
    club = await createTestClub(db(), { owner: await ids("alice"), admins: [await ids("bob")], chatModerators: [await ids(chatModerator)], members: [await ids("carla")], url: "forum-test-club", name: "Forum Test Club" });
  });

  const json = async (browser: HttpSession, method: string, path: string, body: unknown = {}) => {
    const response = method === "GET" ? await browser.request(method, path, { headers: { accept: "application/json" } }) : await browser.request(method, path, { json: body });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
  const tables = { club_forum_topics: clubForumTopics, club_forum_posts: clubForumPosts, club_notes: clubNotes };
  const countOf = async (table: keyof typeof tables) => (await db().select({ n: count() }).from(tables[table]))[0]?.n ?? 0;
  const page = async (browser: HttpSession, path: string) => {
    const response = await browser.get(path);
    return { status: response.status, html: await response.text(), location: response.headers.get("location") };
  };
  /** A visitor who opened a page first (so holds a CSRF cookie): the refusal is about the action, not the token. */
  const visitor = async () => {
    const browser = anonymous();
    await browser.ensureCsrf();
    return browser;
  };
  const startTopic = async (browser: HttpSession, title: string, body: string) => json(browser, "POST", `/callback/clubs/forum/${club.id}/topic`, { title, body });

  it("lets members start topics, sanitises their markdown and tells mentioned members; refuses others and changes nothing", async () => {
    const carla = await as("carla");
    const before = await countOf("club_forum_topics");
    expect((await startTopic(await visitor(), "Hello there", "text")).status).toBe(401);
    const outsiderTry = await startTopic(await as(outsider), "Hello there", "text");
    expect(outsiderTry).toMatchObject({ status: 403, body: { code: "not_member" } });
    expect((await startTopic(carla, "x", "text")).body.code).toBe("title_length");
    expect((await startTopic(carla, "A fine title", "   ")).body.code).toBe("body_length");
    expect(await countOf("club_forum_topics")).toBe(before);

    const payload = 'Hi @bob! <script>alert(1)</script> [x](javascript:alert(1)) ![p](https://evil.example/p.png) <img src=x onerror=alert(1)> [site](https://example.org)';
    const started = await startTopic(carla, "Opening ideas for Tuesday", payload);
    expect(started.status).toBe(200);
    expect(started.body.redirect).toMatch(/^\/clubs\/forum\/view\/forum-test-club\/\d+-opening-ideas-for-tuesday$/);
    const view = await page(anonymous(), String(started.body.redirect));
    expect(view.status).toBe(200);
    expect(view.html).toContain("Opening ideas for Tuesday");
    expect(view.html).not.toMatch(/<script>alert/);
    expect(view.html).not.toMatch(/<img[^>]*onerror/i);
    expect(view.html).not.toContain('href="javascript:');
    expect(view.html).toContain('<a href="https://example.org" rel="nofollow ugc noopener">site</a>');
    expect(view.html).toContain('<a href="/member/bob" class="ks-mention" rel="nofollow ugc noopener">@bob</a>');

    const bobsNotices = await json(await as("bob"), "GET", "/callback/notifications");
    expect(bobsNotices.body.notifications).toEqual(expect.arrayContaining([expect.objectContaining({ type: "clubForum.mention", payload: expect.objectContaining({ by: "carla", topicTitle: "Opening ideas for Tuesday" }) })]));
    // The anonymous visitor reads but is asked to sign in; no reply form.
    expect(view.html).toContain("Sign in to take part.");
    expect(view.html).not.toContain("/reply");
  });

  it("takes replies from members and the chat moderator, not from outsiders; unread markers follow what each member was shown", async () => {
    const carla = await as("carla");
    const started = await startTopic(carla, "Unread markers", "first");
    const topicId = Number(started.body.topicId);
    const forumPage = `/clubs/forum/${club.url}`;
    const unreadFor = async (browser: HttpSession) => new RegExp(`ks-club-topic-unread" data-topic-id="${topicId}"`).test((await page(browser, forumPage)).html);
    // Her own topic is read; bob has not seen it.
    expect(await unreadFor(carla)).toBe(false);
    expect(await unreadFor(await as("bob"))).toBe(true);

    expect((await json(await as(outsider), "POST", `/callback/clubs/forum/topic/${topicId}/reply`, { body: "me too" })).status).toBe(403);
    expect((await json(await as(chatModerator), "POST", `/callback/clubs/forum/topic/${topicId}/reply`, { body: "moderating chat, posting here" })).status).toBe(200);
    const reply = await json(await as("bob"), "POST", `/callback/clubs/forum/topic/${topicId}/reply`, { body: "a reply from **bob**" });
    expect(reply.status).toBe(200);
    expect(await unreadFor(carla)).toBe(true);
    await page(carla, String(reply.body.redirect).split("#")[0] ?? "");
    expect(await unreadFor(carla)).toBe(false);
    // Non-members see no markers at all.
    expect((await page(await as(outsider), forumPage)).html).not.toContain("ks-club-topic-unread");
    // A plain form post comes back to the topic at the new post.
    const formReply = await carla.postForm(`/callback/clubs/forum/topic/${topicId}/reply`, { body: "by form" });
    expect(formReply.status).toBe(303);
    expect(formReply.headers.get("location")).toMatch(new RegExp(`/clubs/forum/view/forum-test-club/${topicId}-unread-markers#post-\\d+$`));
  });

  it("lets only the owner, admins and staff pin, lock and delete topics; a locked topic takes no member replies", async () => {
    const started = await startTopic(await as("carla"), "To be moderated", "text");
    const topicId = Number(started.body.topicId);
    for (const who of ["carla", chatModerator, outsider]) {
      expect((await json(await as(who), "POST", `/callback/clubs/forum/topic/${topicId}/pin`, { value: 1 })).body.code, who).toBe("club_admins_only");
      expect((await json(await as(who), "POST", `/callback/clubs/forum/topic/${topicId}/lock`, { value: 1 })).body.code, who).toBe("club_admins_only");
      expect((await json(await as(who), "POST", `/callback/clubs/forum/topic/${topicId}/delete`)).body.code, who).toBe("club_admins_only");
    }
    expect((await json(await visitor(), "POST", `/callback/clubs/forum/topic/${topicId}/pin`, { value: 1 })).status).toBe(401);
    expect((await page(anonymous(), `/clubs/forum/${club.url}`)).html.indexOf(">Pinned<")).toBe(-1);

    expect((await json(await as("bob"), "POST", `/callback/clubs/forum/topic/${topicId}/pin`, { value: 1 })).status).toBe(200);
    const listing = (await page(anonymous(), `/clubs/forum/${club.url}`)).html;
    const firstTopic = /data-topic-id="(\d+)"/.exec(listing)?.[1];
    expect(Number(firstTopic)).toBe(topicId);

    expect((await json(await as("staff"), "POST", `/callback/clubs/forum/topic/${topicId}/lock`, { value: 1 })).status).toBe(200);
    expect((await json(await as("carla"), "POST", `/callback/clubs/forum/topic/${topicId}/reply`, { body: "still?" })).body.code).toBe("topic_locked");
    expect((await json(await as("alice"), "POST", `/callback/clubs/forum/topic/${topicId}/reply`, { body: "owner closing words" })).status).toBe(200);

    const posts = await countOf("club_forum_posts");
    expect((await json(await as("alice"), "POST", `/callback/clubs/forum/topic/${topicId}/delete`)).status).toBe(200);
    expect(await countOf("club_forum_posts")).toBe(posts - 2);
    expect((await page(anonymous(), String(started.body.redirect))).status).toBe(404);
  });

  it("lets authors edit within the window only, and nobody edit another's post", async () => {
    const carla = await as("carla");
    const started = await startTopic(carla, "Editable", "first words");
    const postId = Number(started.body.postId);
    expect((await json(await as("bob"), "POST", `/callback/clubs/forum/post/${postId}/edit`, { body: "bob rewrites" })).body.code).toBe("not_author");
    expect((await json(await as("staff"), "POST", `/callback/clubs/forum/post/${postId}/edit`, { body: "staff rewrites" })).body.code).toBe("not_author");
    const edited = await json(carla, "POST", `/callback/clubs/forum/post/${postId}/edit`, { title: "Edited title", body: "better words, @alice" });
    expect(edited.status).toBe(200);
    // The old address leads to the new one.
    const old = await page(anonymous(), String(started.body.redirect));
    expect(old.status).toBe(301);
    expect(old.location).toMatch(/-edited-title$/);
    expect((await page(anonymous(), old.location ?? "")).html).toContain("better words");
    expect((await page(carla, `${old.location}?edit=${postId}`)).html).toContain('action="/callback/clubs/forum/post/');

    await db().execute(sql`update club_forum_posts set created_at = now() - interval '16 minutes' where id = ${postId}`);
    const late = await json(carla, "POST", `/callback/clubs/forum/post/${postId}/edit`, { body: "too late" });
    expect(late).toMatchObject({ status: 403, body: { code: "edit_window_closed" } });
    expect((await page(anonymous(), old.location ?? "")).html).not.toContain("too late");
    expect((await page(carla, old.location ?? "")).html).not.toContain(`?edit=${postId}`);
  });

  it("deletes comments through DELETE /callback/comment/{id} with the forum's rules", async () => {
    const started = await startTopic(await as("carla"), "Comments", "opening");
    const topicId = Number(started.body.topicId);
    const bobsReply = Number((await json(await as("bob"), "POST", `/callback/clubs/forum/topic/${topicId}/reply`, { body: "bob's reply" })).body.postId);
    const carlasReply = Number((await json(await as("carla"), "POST", `/callback/clubs/forum/topic/${topicId}/reply`, { body: "carla's reply" })).body.postId);

    expect((await json(await visitor(), "DELETE", `/callback/comment/${bobsReply}`)).status).toBe(401);
    expect((await json(await as("carla"), "DELETE", `/callback/comment/${bobsReply}`)).body.code).toBe("club_admins_only");
    expect((await json(await as(chatModerator), "DELETE", `/callback/comment/${bobsReply}`)).body.code).toBe("club_admins_only");
    expect((await json(await as(outsider), "DELETE", `/callback/comment/${bobsReply}`)).body.code).toBe("club_admins_only");
    expect((await json(await as("bob"), "DELETE", `/callback/comment/${Number(started.body.postId)}`)).status).toBe(422);
    expect((await json(await as("bob"), "DELETE", "/callback/comment/999999")).status).toBe(404);
    expect((await json(await as("bob"), "DELETE", "/callback/comment/abc")).status).toBe(404);

    const posts = await countOf("club_forum_posts");
    expect((await json(await as("bob"), "DELETE", `/callback/comment/${carlasReply}`)).status).toBe(200);
    expect((await json(await as("staff"), "DELETE", `/callback/comment/${bobsReply}`)).status).toBe(200);
    expect(await countOf("club_forum_posts")).toBe(posts - 2);
    const view = (await page(anonymous(), String(started.body.redirect))).html;
    expect(view).not.toContain("reply from");
    expect(view).toContain("opening");
  });

  it("lets the owner, admins and staff post and delete notes; members and others read them", async () => {
    const before = await countOf("club_notes");
    for (const who of ["carla", chatModerator, outsider]) expect((await json(await as(who), "POST", `/clubs/notes/${club.id}`, { note: "hi" })).body.code, who).toBe("club_admins_only");
    expect((await json(await visitor(), "POST", `/clubs/notes/${club.id}`, { note: "hi" })).status).toBe(401);
    expect((await json(await as("alice"), "POST", "/clubs/notes/999999", { note: "hi" })).status).toBe(404);
    expect((await json(await as("alice"), "POST", `/clubs/notes/${club.id}`, { note: "" })).body.code).toBe("body_length");
    expect(await countOf("club_notes")).toBe(before);

    const owners = await json(await as("alice"), "POST", `/clubs/notes/${club.id}`, { note: "Team match **Sunday** <script>alert(1)</script>" });
    expect(owners.status).toBe(200);
    expect((await json(await as("bob"), "POST", `/clubs/notes/${club.id}`, { note: "admin note" })).status).toBe(200);
    const staffNote = await json(await as("staff"), "POST", `/clubs/notes/${club.id}`, { note: "staff note" });
    expect(staffNote.status).toBe(200);

    const notesPage = await page(anonymous(), `/club/notes/${club.url}`);
    expect(notesPage.status).toBe(200);
    expect(notesPage.html).toContain("Team match <strong>Sunday</strong>");
    expect(notesPage.html).not.toMatch(/<script>alert/);
    expect(notesPage.html).not.toContain('action="/clubs/notes/');
    expect((await page(await as("bob"), `/club/notes/${club.url}`)).html).toContain(`action="/clubs/notes/${club.id}"`);

    const noteId = Number(owners.body.noteId);
    expect((await json(await as("carla"), "POST", `/clubs/note/delete/${noteId}`)).body.code).toBe("club_admins_only");
    const formDelete = await (await as("alice")).postForm(`/clubs/note/delete/${noteId}`, {});
    expect(formDelete.status).toBe(303);
    expect(formDelete.headers.get("location")).toBe(`/club/notes/${club.url}`);
    expect((await json(await as("staff"), "DELETE", `/clubs/note/delete/${Number(staffNote.body.noteId)}`)).status).toBe(200);
    expect(await countOf("club_notes")).toBe(before + 1);
    expect((await page(anonymous(), "/club/notes/no-such-club")).status).toBe(404);
  });
});
