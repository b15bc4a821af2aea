import { describe, expect, it } from "vitest";
import { memberRoom } from "../../platform/realtime/member-room.ts";
import { eventually } from "../../platform/realtime/test-kit.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { HttpSession } from "../../test/http-session.ts";
import { appForSuite, OVER_HTTPS, productionConfig } from "../../test/start-app.ts";
import { demoPassword, memberId, openSocket } from "../presence/presence.test-kit.server.ts";
import { sessionCookieName } from "./session-cookie.server.ts";

const PRODUCTION_NAME = "__Host-ks_session";
const PLAIN_NAME = "ks_session";

/** The Set-Cookie line of the session cookie in an answer (the one under `name`). */
function sessionLine(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

describe("the session cookie's name", () => {
  it("has the __Host- prefix with Secure cookies only: browsers refuse the prefix over plain http", () => {
    expect(sessionCookieName({ secure: true })).toBe(PRODUCTION_NAME);
    expect(sessionCookieName({ secure: false })).toBe(PLAIN_NAME);
  });
});

describe.each(databaseTargets())("the session cookie in production on $name", (target) => {
  const suite = appForSuite(target, { ...productionConfig(), logLevel: "silent", seedDemoData: true, demoGames: 0 });
  const browser = () => new HttpSession(suite.current.baseUrl, { headers: OVER_HTTPS });

  async function signedIn(username: string): Promise<{ session: HttpSession; token: string; response: Response }> {
    const session = browser();
    const response = await session.signIn(username, demoPassword);
    expect(response.status).toBe(200);
    const token = session.cookies.get(PRODUCTION_NAME);
    if (!token) throw new Error(`no ${PRODUCTION_NAME} cookie after signing in as ${username}`);
    return { session, token, response };
  }

  /** What a socket opened with this Cookie header hears when it asks for the member's private room. */
  async function memberRoomAnswer(cookie: string, username: string): Promise<string> {
    const socket = await openSocket(suite.current, { ...OVER_HTTPS, cookie });
    try {
      socket.send({ type: "subscribe", data: { room: memberRoom(await memberId(suite.current, username)) } });
      const answer = () => socket.pending().find((message) => message.type === "subscribed" || message.type === "error");
      await eventually(() => answer() !== undefined, "the answer to the subscription");
      const message = answer();
      return message?.type === "error" ? message.data.code : message?.type ?? "none";
    } finally {
      socket.close();
    }
  }

  it("is set at sign-in as __Host-ks_session: Secure, Path=/, HttpOnly, SameSite=Lax, no Domain", async () => {
    const { response } = await signedIn("alice");
    const line = sessionLine(response, PRODUCTION_NAME) ?? "";
    const attributes = line.split(/;\s*/).slice(1).map((attribute) => attribute.toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["secure", "path=/", "httponly", "samesite=lax"]));
    expect(attributes.some((attribute) => attribute.startsWith("domain="))).toBe(false);
    expect(sessionLine(response, PLAIN_NAME)).toBeUndefined();
  });

  it("is the one name JSON routes, pages and sockets read the session from", async () => {
    const { session, token } = await signedIn("bob");
    expect((await session.get("/callback/user/notes")).status).toBe(200);
    const settings = await session.get("/settings");
    expect(settings.status).toBe(200);
    // The settings page finds the current session by the cookie.
    expect(await settings.text()).toContain('data-current="true"');
    expect(await memberRoomAnswer(`${PRODUCTION_NAME}=${token}`, "bob")).toBe("subscribed");
  });

  it("is not honoured under the old plain name, even with a live session's token", async () => {
    const { token } = await signedIn("carla");
    const planted = browser();
    planted.cookies.set(PLAIN_NAME, token);
    expect((await planted.get("/callback/user/notes")).status).toBe(401);
    expect((await planted.get("/settings")).status).toBe(302);
    expect(await memberRoomAnswer(`${PLAIN_NAME}=${token}`, "carla")).toBe("forbidden");
  });

  it("is cleared at sign-out with the attributes it was set with, which a __Host- cookie needs to be replaced", async () => {
    const { session, token } = await signedIn("moderator");
    const response = await session.post("/logout");
    expect(response.status).toBeLessThan(400);
    const attributes = (sessionLine(response, PRODUCTION_NAME) ?? "").split(/;\s*/).map((attribute) => attribute.toLowerCase());
    expect(attributes[0]).toBe(`${PRODUCTION_NAME.toLowerCase()}=`);
    expect(attributes).toEqual(expect.arrayContaining(["secure", "path=/", "max-age=0"]));
    expect(session.cookies.has(PRODUCTION_NAME)).toBe(false);
    const replayed = browser();
    replayed.cookies.set(PRODUCTION_NAME, token);
    expect((await replayed.get("/callback/user/notes")).status).toBe(401);
  });
});
