import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../test/databases.ts";
import { HttpSession } from "../../test/http-session.ts";
import { appForSuite } from "../../test/start-app.ts";

const PASSWORD = "kingside-demo";

interface ListBody {
  unread: number;
  total: number;
  notifications: { id: number; type: string; payload: Record<string, unknown>; read: boolean }[];
}

describe.each(databaseTargets())("notifications over HTTP on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });

  async function signedIn(username: string): Promise<HttpSession> {
    const browser = new HttpSession(suite.current.baseUrl);
    expect((await browser.signIn(username, PASSWORD)).status, `${username} signs in`).toBe(200);
    return browser;
  }
  const json = { headers: { accept: "application/json" } };
  const listOf = async (browser: HttpSession): Promise<ListBody> => (await (await browser.request("GET", "/callback/notifications", json)).json()) as ListBody;

  it("records a friend request and its acceptance for the right members, and keeps reading to one's own", async () => {
    const alice = await signedIn("alice");
    const carla = await signedIn("carla");
    expect((await alice.request("POST", "/callback/friend/carla/request", { json: {} })).status).toBe(200);

    const carlas = await listOf(carla);
    expect(carlas.unread).toBe(1);
    expect(carlas.notifications).toEqual([expect.objectContaining({ type: "social.friend_request", payload: { from: "alice" }, read: false })]);
    expect((await listOf(alice)).total).toBe(0);
    expect(await (await carla.request("GET", "/callback/notifications/unread", json)).json()).toEqual({ unread: 1 });

    // Alice may not read Carla's notification: 404, and it stays unread.
    const [request] = carlas.notifications;
    if (!request) throw new Error("no notification");
    const refused = await alice.request("POST", `/callback/notifications/${request.id}/read`, { json: {} });
    expect(refused.status).toBe(404);
    expect((await alice.request("POST", "/callback/notifications/not-a-number/read", { json: {} })).status).toBe(404);
    expect((await listOf(carla)).unread).toBe(1);

    // Accepting tells Alice.
    expect((await carla.request("PUT", "/callback/friend/alice/accept", { json: {} })).status).toBe(200);
    expect((await listOf(alice)).notifications).toEqual([expect.objectContaining({ type: "social.friend_accepted", payload: { by: "carla" } })]);
    // Answering the request settles its notice: read, so its Accept and Decline go away.
    expect((await listOf(carla)).notifications).toEqual([expect.objectContaining({ type: "social.friend_request", read: true })]);

    // A form post without JavaScript marks all read and comes back to the page.
    const formPost = await carla.postForm("/callback/notifications/read-all", { redirectUrl: "/notifications" });
    expect(formPost.status).toBe(303);
    expect(formPost.headers.get("location")).toBe("/notifications");
    expect((await listOf(carla)).unread).toBe(0);
    await carla.request("DELETE", "/callback/friend/alice/delete", { json: {} });
  });

  it("refuses visitors who are not signed in", async () => {
    const visitor = new HttpSession(suite.current.baseUrl);
    expect((await visitor.request("GET", "/callback/notifications", json)).status).toBe(401);
    expect((await visitor.request("GET", "/callback/notifications/unread", json)).status).toBe(401);
    const page = await visitor.request("GET", "/notifications");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toContain("/login_and_go?redirectUrl=%2Fnotifications");
  });

  it("server-renders the notifications page with the member's notifications", async () => {
    const alice = await signedIn("alice");
    const bob = await signedIn("bob");
    await alice.request("POST", "/callback/friend/bob/request", { json: {} });
    const page = await bob.request("GET", "/notifications");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("alice sent you a friend request");
    expect(html).toContain('action="/callback/notifications/read-all"');
    // Each member's own profile lists the request, received or sent; nobody else's page does.
    const bobsProfile = await (await bob.request("GET", "/member/bob")).text();
    expect(bobsProfile).toContain('id="profile-friend-requests"');
    expect(bobsProfile).toMatch(/data-username="alice"/);
    expect(bobsProfile).toContain('aria-label="Accept: alice"');
    const alicesProfile = await (await alice.request("GET", "/member/alice")).text();
    expect(alicesProfile).toContain('aria-label="Cancel request: bob"');
    expect(await (await alice.request("GET", "/member/bob")).text()).not.toContain('id="profile-friend-requests"');
    // A withdrawn request no longer waits on Bob's bell.
    expect((await listOf(bob)).unread).toBe(1);
    expect((await alice.request("POST", "/callback/friend/bob/cancel/request", { json: {} })).status).toBe(200);
    expect((await listOf(bob)).unread).toBe(0);
  });
});
