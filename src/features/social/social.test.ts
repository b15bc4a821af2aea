import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../platform/db/client.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { HttpSession } from "../../test/http-session.ts";
import { appForSuite } from "../../test/start-app.ts";
import { users } from "../accounts/accounts.tables.server.ts";

const PASSWORD = "kingside-demo";

describe.each(databaseTargets())("the social graph on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });

  async function signedIn(username: string): Promise<HttpSession> {
    const browser = new HttpSession(suite.current.baseUrl);
    const response = await browser.signIn(username, PASSWORD);
    expect(response.status, `${username} signs in`).toBe(200);
    return browser;
  }

  const call = async (browser: HttpSession, method: string, path: string, json: unknown = {}) => {
    const response = await browser.request(method, path, method === "GET" ? { headers: { accept: "application/json" } } : { json });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  const countRows = async (table: string, where: string) => {
    const [row] = await queryRows(suite.current.kingside.database.db, sql.raw(`select count(*)::int as n from ${table} where ${where}`));
    return Number(row?.n);
  };

  it("takes a friend request from request to friendship and back", async () => {
    const alice = await signedIn("alice");
    const bob = await signedIn("bob");
    const sent = await call(alice, "POST", "/callback/friend/Bob/request");
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: "ok", relationship: { isFriendRequestExists: true, areFriends: false }, message: "Friend request sent." });

    expect((await call(alice, "POST", "/callback/friend/bob/request")).body).toMatchObject({ code: "request_exists" });
    const bobsView = await call(bob, "GET", "/callback/user/popup/alice");
    expect(bobsView.body).toMatchObject({ user: { username: "alice", isFriendRequestFromUserExists: true } });

    const accepted = await call(bob, "PUT", "/callback/friend/alice/accept");
    expect(accepted.body).toMatchObject({ relationship: { areFriends: true } });
    const friends = await call(alice, "GET", "/callback/friends/get-friends/alice?orderByFriendsFirst=1&avatarSize=50");
    expect(friends.body).toMatchObject({ friends: [{ username: "bob", isViewerFriend: true }], meta: { totalResultsCount: 1 } });
    // The total rides on the page's rows; a page past the end still knows it.
    const pastTheEnd = await call(alice, "GET", "/callback/friends/get-friends/alice?page=3&avatarSize=50");
    expect(pastTheEnd.body).toMatchObject({ friends: [], meta: { currentPage: 3, totalPages: 1, totalResultsCount: 1 } });

    const removed = await call(alice, "DELETE", "/callback/friend/bob/delete");
    expect(removed.body).toMatchObject({ relationship: { areFriends: false } });
    expect(await countRows("friendships", "true")).toBe(0);
    expect((await call(alice, "DELETE", "/callback/friend/bob/delete")).body).toMatchObject({ code: "not_friends" });
  });

  it("honours a member's choice to refuse friend requests", async () => {
    const alice = await signedIn("alice");
    const carla = await signedIn("carla");
    expect((await call(carla, "POST", "/callback/user/allow-friend-requests", { allow: 0 })).body).toMatchObject({ allowFriendRequests: false });
    expect(await call(alice, "POST", "/callback/friend/carla/request")).toMatchObject({ status: 403, body: { code: "requests_not_allowed" } });
    expect((await call(alice, "GET", "/callback/user/popup/carla")).body).toMatchObject({ user: { allowFriendRequests: false } });
    expect((await call(carla, "POST", "/callback/user/allow-friend-requests", { allow: "maybe" })).status).toBe(422);
    expect((await call(carla, "POST", "/callback/user/allow-friend-requests", { allow: 1 })).body).toMatchObject({ allowFriendRequests: true });
    expect(await countRows("friend_requests", "true")).toBe(0);
    // Without JavaScript the switch is a form post that comes back to the page.
    const formPost = await carla.request("POST", "/callback/user/allow-friend-requests", { form: { allow: "0", redirectUrl: "/member/carla", _token: carla.csrfToken }, csrf: false });
    expect(formPost.status).toBe(303);
    expect(formPost.headers.get("location")).toBe("/member/carla");
    expect(await countRows("users", "username_key = 'carla' and not allow_friend_requests")).toBe(1);
    await call(carla, "POST", "/callback/user/allow-friend-requests", { allow: 1 });
  });

  it("cancels and declines requests, each only by the right side", async () => {
    const alice = await signedIn("alice");
    const carla = await signedIn("carla");
    await call(alice, "POST", "/callback/friend/carla/request");
    // Only the recipient can decline, only the sender can cancel.
    expect((await call(alice, "DELETE", "/callback/friend/carla/decline/request")).body).toMatchObject({ code: "no_request" });
    expect((await call(carla, "POST", "/callback/friend/alice/cancel/request")).body).toMatchObject({ code: "no_request" });
    expect((await call(alice, "POST", "/callback/friend/carla/cancel/request")).status).toBe(200);
    await call(alice, "POST", "/callback/friend/carla/request");
    expect((await call(carla, "DELETE", "/callback/friend/alice/decline/request")).status).toBe(200);
    expect(await countRows("friend_requests", "true")).toBe(0);
  });

  it("makes a friendship when both ask", async () => {
    const alice = await signedIn("alice");
    const carla = await signedIn("carla");
    await call(alice, "POST", "/callback/friend/carla/request");
    const back = await call(carla, "POST", "/callback/friend/alice/request");
    expect(back.body).toMatchObject({ relationship: { areFriends: true } });
    await call(carla, "DELETE", "/callback/friend/alice/delete");
  });

  it("refuses unknown members, oneself and repeats, changing nothing", async () => {
    const alice = await signedIn("alice");
    expect(await call(alice, "POST", "/callback/friend/no-such-member/request")).toMatchObject({ status: 404, body: { code: "not_found", message: "Member name does not exist" } });
    expect(await call(alice, "POST", "/callback/friend/alice/request")).toMatchObject({ status: 422, body: { code: "self" } });
    expect(await call(alice, "POST", "/callback/member/alice/track")).toMatchObject({ status: 422 });
    expect(await call(alice, "POST", "/callback/member/bad%20name/track")).toMatchObject({ status: 404 });
    expect((await call(alice, "POST", "/callback/member/bob/track")).status).toBe(200);
    expect(await call(alice, "POST", "/callback/member/bob/track")).toMatchObject({ status: 409, body: { code: "already_tracking" } });
    expect(await countRows("follows", "true")).toBe(1);
    expect((await call(alice, "POST", "/callback/member/bob/untrack")).status).toBe(200);
    expect(await call(alice, "POST", "/callback/member/bob/untrack")).toMatchObject({ status: 409 });
    expect(await countRows("friend_requests", "true")).toBe(0);
  });

  it("refuses anonymous visitors and guests", async () => {
    const anonymous = new HttpSession(suite.current.baseUrl);
    await anonymous.ensureCsrf();
    expect((await call(anonymous, "POST", "/callback/friend/bob/request")).status).toBe(401);
    const db = suite.current.kingside.database.db;
    await db.update(users).set({ membershipLevel: 0 }).where(eq(users.usernameKey, "staff"));
    try {
      const guest = await signedIn("staff");
      expect(await call(guest, "POST", "/callback/friend/bob/request")).toMatchObject({ status: 403 });
      expect(await call(guest, "POST", "/callback/member/bob/track")).toMatchObject({ status: 403 });
    } finally {
      await db.update(users).set({ membershipLevel: 90 }).where(eq(users.usernameKey, "staff"));
    }
    expect(await countRows("friend_requests", "true")).toBe(0);
  });

  it("refuses acting on a closed account but lets one undo", async () => {
    const alice = await signedIn("alice");
    await call(alice, "POST", "/callback/member/carla/track");
    const db = suite.current.kingside.database.db;
    await db.update(users).set({ membershipLevel: 7 }).where(eq(users.usernameKey, "carla"));
    try {
      expect(await call(alice, "POST", "/callback/friend/carla/request")).toMatchObject({ status: 403, body: { code: "account_closed" } });
      expect((await call(alice, "POST", "/callback/member/carla/untrack")).status).toBe(200);
    } finally {
      await db.update(users).set({ membershipLevel: 50 }).where(eq(users.usernameKey, "carla"));
    }
  });

  it("ends the friendship and requests with a block, and stops the blocked member", async () => {
    const alice = await signedIn("alice");
    const bob = await signedIn("bob");
    await call(alice, "POST", "/callback/friend/bob/request");
    await call(bob, "PUT", "/callback/friend/alice/accept");
    await call(bob, "POST", "/callback/member/alice/track");
    const blocked = await call(alice, "POST", "/callback/member/bob/block");
    expect(blocked.body).toMatchObject({ relationship: { isBlocked: true, areFriends: false } });
    expect(await countRows("friendships", "true")).toBe(0);
    expect(await countRows("follows", "true")).toBe(0);
    expect(await call(bob, "POST", "/callback/friend/alice/request")).toMatchObject({ status: 403, body: { code: "blocked_by_member" } });
    expect(await call(bob, "POST", "/callback/member/alice/track")).toMatchObject({ status: 403 });
    // Notes go through the same contact rule: none from a member one blocked, none about a member who blocked you.
    expect(await call(bob, "POST", "/callback/user/note", { username: "alice", note: "hello" })).toMatchObject({ status: 403, body: { code: "blocked_by_member" } });
    expect(await call(alice, "POST", "/callback/user/note", { username: "bob", note: "hello" })).toMatchObject({ status: 403, body: { code: "blocked" } });
    expect(await countRows("member_notes", "body = 'hello'")).toBe(0);
    const bobsCard = await call(bob, "GET", "/callback/user/popup/alice");
    expect(bobsCard.body).toMatchObject({ user: { blocksCurrentUser: true, isMessageable: false, notMessageableReasonCode: "blocked" } });
    expect(await call(alice, "POST", "/callback/member/bob/block")).toMatchObject({ status: 409 });
    expect((await call(alice, "POST", "/callback/member/bob/unblock")).status).toBe(200);
    expect(await call(alice, "POST", "/callback/member/moderator/block")).toMatchObject({ status: 403, body: { code: "cannot_block_staff" } });
  });

  it("mutes and unmutes", async () => {
    const alice = await signedIn("alice");
    expect((await call(alice, "POST", "/callback/member/bob/mute-account")).body).toMatchObject({ relationship: { isMuted: true } });
    expect(await call(alice, "POST", "/callback/member/bob/mute-account")).toMatchObject({ status: 409 });
    expect((await call(alice, "POST", "/callback/member/bob/unmute-account")).body).toMatchObject({ relationship: { isMuted: false } });
  });

  it("queues reports for the moderators and can block at the same time", async () => {
    const alice = await signedIn("alice");
    const reasons = await call(alice, "GET", "/callback/report-user/reasons");
    expect(reasons.body).toMatchObject({ reasons: expect.arrayContaining([{ id: "spam", label: "Spam" }]) });
    const reported = await call(alice, "POST", "/callback/report-user", { abuser_username: "bob", reason: "spam", details: "links everywhere", block_user: 1 });
    expect(reported.body).toMatchObject({ report: { reported: true, blocked: true } });
    expect(await countRows("member_reports", "status = 'open'")).toBe(1);
    expect(await call(alice, "POST", "/callback/report-user", { abuser_username: "bob", reason: "not-a-reason" })).toMatchObject({ status: 422 });
    expect(await countRows("member_reports", "true")).toBe(1);
    await call(alice, "POST", "/callback/member/bob/unblock");
  });

  it("keeps the status to 50 characters, with the spec's message", async () => {
    const bob = await signedIn("bob");
    const tooLong = await call(bob, "POST", "/callback/user/set-status", { status: "x".repeat(51) });
    expect(tooLong).toMatchObject({ status: 422, body: { message: "Your status must be 50 characters or less" } });
    expect((await call(bob, "POST", "/callback/user/set-status", { status: "Sicilian all day" })).body).toMatchObject({ statusText: "Sicilian all day" });
    expect((await call(bob, "GET", "/callback/user/popup/bob")).body).toMatchObject({ user: { statusText: "Sicilian all day", isSelf: true } });
  });

  it("searches members by prefix with the minimum length", async () => {
    const bob = await signedIn("bob");
    expect(await call(bob, "GET", "/callback/user/search/al")).toMatchObject({ status: 422, body: { message: "Please enter 3 or more characters." } });
    const found = await call(bob, "GET", "/callback/user/search/ali");
    expect(found.body.users).toEqual(expect.arrayContaining([expect.objectContaining({ username: "alice" })]));
  });

  it("keeps private notes and member items", async () => {
    const alice = await signedIn("alice");
    expect((await call(alice, "POST", "/callback/user/note", { username: "bob", note: "Plays the Dutch" })).status).toBe(200);
    expect((await call(alice, "GET", "/callback/user/notes")).body).toMatchObject({ notes: [{ username: "bob", note: "Plays the Dutch" }] });
    expect((await call(alice, "GET", "/callback/user/popup/bob")).body).toMatchObject({ user: { note: "Plays the Dutch" } });
    const bob = await signedIn("bob");
    expect((await call(bob, "GET", "/callback/user/popup/bob")).body).toMatchObject({ user: { note: null } });

    expect((await call(alice, "GET", "/callback/user/get-item/introducedToStreaks")).body).toEqual({ item: "introducedToStreaks", value: 0 });
    await call(alice, "POST", "/callback/user/set-item", { item: "introducedToStreaks", value: 1 });
    expect((await call(alice, "GET", "/callback/user/get-item/introducedToStreaks")).body).toEqual({ item: "introducedToStreaks", value: 1 });
    expect((await call(alice, "POST", "/callback/user/set-item", { item: "somethingElse", value: 1 })).status).toBe(422);
    expect((await call(alice, "GET", "/callback/user/get-item/somethingElse")).status).toBe(404);
  });

  it("stores the reading language a member picks, and refuses an unknown one without changing it", async () => {
    const carla = await signedIn("carla");
    const languageOfCarla = async () => (await suite.current.kingside.database.db.select({ language: users.contentLanguage }).from(users).where(eq(users.usernameKey, "carla")))[0]?.language;
    expect((await call(carla, "POST", "/callback/user/content-language/set", { language: "es" })).body).toEqual({ status: "ok", language: "es" });
    expect(await languageOfCarla()).toBe("es");
    expect((await call(carla, "POST", "/callback/user/content-language/set", { language: "xx" })).status).toBe(422);
    expect(await languageOfCarla()).toBe("es");
  });

  it("answers lifetime scores with zeros until games exist", async () => {
    const alice = await signedIn("alice");
    expect((await call(alice, "GET", "/callback/user/lifetime-score/alice/bob")).body).toEqual({ win: 0, lose: 0, draw: 0 });
    expect((await call(alice, "GET", "/callback/user/lifetime-score/alice/nobody-here")).status).toBe(404);
  });

  it("befriends whoever registers through a member's invite link, and ignores forged links", async () => {
    const alice = await signedIn("alice");
    const { body } = await call(alice, "GET", "/callback/friend/registration-invite-link");
    const link = new URL(String(body.link));
    expect(link.pathname).toBe("/register");
    const token = link.searchParams.get("invite") ?? "";
    expect(token).not.toBe("");

    const register = async (username: string, invite: string) => {
      const newcomer = new HttpSession(suite.current.baseUrl);
      await newcomer.get(`/register?invite=${encodeURIComponent(invite)}`);
      const response = await newcomer.request("POST", "/register", { json: { username, email: `${username}@example.com`, password: "a-long-unusual-passphrase-42", country: "NO", invite } });
      expect(response.status, username).toBe(200);
      return newcomer;
    };
    const invited = await register("invited_newcomer", token);
    expect((await call(invited, "GET", "/callback/user/popup/alice")).body).toMatchObject({ user: { areFriends: true } });

    const forged = await register("forged_newcomer", `${token.split(".")[0]}.AAAAAAAAAAAAAAAAAAAAAA`);
    expect((await call(forged, "GET", "/callback/user/popup/alice")).body).toMatchObject({ user: { areFriends: false } });
    await call(alice, "DELETE", "/callback/friend/invited_newcomer/delete");
  });

  it("answers an unknown member's card with the spec's text", async () => {
    const anonymous = new HttpSession(suite.current.baseUrl);
    expect(await call(anonymous, "GET", "/callback/user/popup/no-such-member")).toMatchObject({ status: 404, body: { message: "Member name does not exist" } });
    const card = await call(anonymous, "GET", "/callback/user/popup/CARLA");
    expect(card.body).toMatchObject({ user: { username: "carla", chessTitle: "FM", country: "ES", isMessageable: false, notMessageableReasonCode: "anonymous" } });
  });
});
