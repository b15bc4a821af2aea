import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../../test/databases.ts";
import { HttpSession } from "../../../test/http-session.ts";
import { appForSuite, rawGet } from "../../../test/start-app.ts";
import { HUMAN_CHECK_PASS_COOKIE, humanCheckActions } from "./human-check-limits.ts";
import { leadingZeroBits, workInput } from "./proof-of-work.ts";

/** Work found with node's SHA-256 (the browser's solver has its own tests). */
function solve(challenge: string, difficulty: number): number {
  for (let counter = 0; ; counter += 1) {
    if (leadingZeroBits(createHash("sha256").update(workInput(challenge, counter)).digest()) >= difficulty) return counter;
  }
}

let serial = 0;
function newMember() {
  serial += 1;
  const name = `hc${process.pid % 10000}x${serial}`;
  return { username: name, email: `${name}@example.com`, password: "a-long-and-unusual-passphrase-42", country: "NL" };
}

describe.each(databaseTargets())("the human check through the real server on $name", (target) => {
  const suite = appForSuite(target);
  const browser = () => new HttpSession(suite.current.baseUrl);

  it("challenges the fourth registration from one address in an hour, and lets it through after the proof of work", async () => {
    const limit = humanCheckActions.registration.limit;
    for (let registration = 1; registration <= limit; registration += 1) {
      const response = await browser().post("/register", newMember());
      expect(response.status, `registration ${registration}`).toBe(200);
    }

    const visitor = browser();
    const member = newMember();
    const challenged = await visitor.post("/register", member);
    expect(challenged.status).toBe(403);
    expect(challenged.headers.get("x-kingside-challenge")).toBe("1");
    expect(await challenged.json()).toEqual({ code: "challenge_required", message: "Please confirm that you are human to continue." });

    // The plain form post (no JavaScript) goes to the verification page and back to the form, with what was typed but the password.
    const plain = await visitor.request("POST", "/register", { form: { ...member, _token: visitor.csrfToken }, headers: { referer: `${suite.current.baseUrl}/register` }, csrf: false });
    expect(plain.status).toBe(303);
    const typed = new URLSearchParams({ username: member.username, email: member.email, country: member.country });
    expect(plain.headers.get("location")).toBe(`/verification?redirect=${encodeURIComponent(`/register?${typed.toString()}`)}`);
    // The form there shows it again.
    const form = await (await visitor.get(`/register?${typed.toString()}&human_check=passed`)).text();
    expect(form).toContain(`value="${member.username}"`);
    expect(form).toContain(`value="${member.email}"`);
    // (Every page carries the message catalog in its data: the line must be in the markup.)
    expect(form).toMatch(/<p class="ks-form-success" role="status">The check passed\. What you typed is filled in again/);
    expect(await (await visitor.get(`/register?${typed.toString()}`)).text()).not.toMatch(/role="status">The check passed/);

    const issued = await visitor.get("/callback/human-check/challenge");
    expect(issued.status).toBe(200);
    const { challenge, difficulty } = (await issued.json()) as { challenge: string; difficulty: number };
    expect(difficulty).toBeGreaterThanOrEqual(12);

    const wrong = await visitor.post("/callback/human-check/verify", { challenge, counter: -1 });
    expect(wrong.status).toBe(422);
    expect(visitor.cookies.has(HUMAN_CHECK_PASS_COOKIE)).toBe(false);

    const counter = solve(challenge, difficulty);
    const verified = await visitor.post("/callback/human-check/verify", { challenge, counter });
    expect(verified.status).toBe(200);
    expect(verified.headers.getSetCookie().find((cookie) => cookie.startsWith(`${HUMAN_CHECK_PASS_COOKIE}=`))).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/);
    expect((await visitor.post("/callback/human-check/verify", { challenge, counter })).status).toBe(422);

    const registered = await visitor.post("/register", member);
    expect(registered.status).toBe(200);
    expect(await registered.json()).toMatchObject({ status: "ok", username: member.username });
  });

  it("refuses the verify call without the CSRF token, like every state-changing call", async () => {
    const visitor = browser();
    await visitor.ensureCsrf();
    const refused = await visitor.request("POST", "/callback/human-check/verify", { json: { challenge: "x", counter: 0 }, csrf: false });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "csrf_token_invalid" });
  });

  /** The verification page's own markup (every page also carries the whole message catalog in its data). */
  function verificationPage(html: string) {
    return {
      heading: /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? null,
      asks: /<h2>Check the box to proceed\.<\/h2>/.test(html),
      saysWhy: /<p>You see this check because many requests like yours came from your network in a short time\.<\/p>/.test(html),
      noScript: /<noscript><p class="ks-form-error">This check needs JavaScript\. Please turn JavaScript on and reload the page\.<\/p><\/noscript>/.test(html),
      checkbox: /<input type="checkbox" disabled=""/.test(html),
      back: /<a href="([^"]*)">Back to where you were<\/a>/.exec(html)?.[1] ?? null,
    };
  }

  it("serves the verification page at /verification, returning to a same-site path only", async () => {
    const response = await browser().get("/verification?redirect=%2Fclubs%3Fpage%3D2&referer=%2Fhome");
    expect(response.status).toBe(200);
    expect(verificationPage(await response.text())).toEqual({ heading: "Verification", asks: true, saysWhy: true, noScript: true, checkbox: true, back: "/clubs?page=2" });

    const hostile = await (await browser().get("/verification?redirect=https%3A%2F%2Fevil.example%2F&referer=%2F%2Fevil.example")).text();
    expect(verificationPage(hostile).back).toBe("/");
    expect(verificationPage(await (await browser().get("/verification?referer=%2Fhome")).text()).back).toBe("/home");
    // Never back to itself.
    expect(verificationPage(await (await browser().get("/verification?redirect=%2Fverification")).text()).back).toBe("/");
  });

  it("serves the verification page for any path of the verify subdomain, going back to the main host", async () => {
    const page = await rawGet(suite.current.baseUrl, "/register", { host: "verify.kingside.test" });
    expect(page.status).toBe(200);
    expect(verificationPage(page.body)).toMatchObject({ heading: "Verification", asks: true, back: "//kingside.test/register" });

    const root = await rawGet(suite.current.baseUrl, "/?redirect=%2Fclubs", { host: "verify.kingside.test" });
    expect(verificationPage(root.body)).toMatchObject({ heading: "Verification", back: "//kingside.test/clubs" });

    const mainHost = await rawGet(suite.current.baseUrl, "/register", { host: "kingside.test" });
    expect(verificationPage(mainHost.body)).toMatchObject({ asks: false, back: null });
    expect(verificationPage(mainHost.body).heading).not.toBe("Verification");
  });
});
