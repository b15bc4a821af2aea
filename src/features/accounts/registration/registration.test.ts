import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../platform/db/client.server.ts";
import { CSRF_FIELD } from "../../../platform/security/csrf-names.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { HttpSession } from "../../../test/http-session.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { users } from "../accounts.tables.server.ts";
import { sessionCookieName } from "../session-cookie.server.ts";
import messages from "./messages/en.json" with { type: "json" };

/** The test servers serve plain http: the session cookie has its development name. */
const SESSION_COOKIE = sessionCookieName({ secure: false });

const PASSWORD = "correct-horse-battery";
const DEMO_PASSWORD = "kingside-demo";

/**
 * Registration, the username check and guests, through the real HTTP server.
 * The app trusts X-Forwarded-For here, and every state-changing request comes
 * from its own address: the per-address rate limits and the human check count
 * requests per address, and these tests are about registration itself.
 */
describe.each(databaseTargets())("registration on $name", (target) => {
  const outbox = mkdtempSync(join(tmpdir(), "kingside-registration-mail-"));
  const suite = appForSuite(target, { seedDemoData: true, trustProxy: { hops: 1 }, mailOutboxDir: outbox });
  /** The messages the outbox holds for `address`, as their raw text. */
  const mailsTo = (address: string): string[] =>
    readdirSync(outbox)
      .map((file) => readFileSync(join(outbox, file), "utf8"))
      .filter((text) => text.includes(`\r\nTo: ${address}\r\n`));
  let addressCounter = 0;

  const db = () => suite.current.kingside.database.db;
  const browser = () => new HttpSession(suite.current.baseUrl);
  const freshAddress = () => {
    addressCounter += 1;
    return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
  };
  let nameCounter = 0;
  const uniqueName = (prefix = "newbie") => `${prefix}_${process.pid % 1000}_${++nameCounter}`;

  async function memberCount(): Promise<number> {
    const rows = await queryRows(db(), sql`select count(*)::int as n from users`);
    return Number(rows[0]?.n);
  }

  async function userNamed(username: string) {
    const [row] = await db().select().from(users).where(eq(users.usernameKey, username.toLowerCase()));
    return row;
  }

  /** A JSON post from the browser's HTTP client (CSRF header included), from a fresh address. */
  async function postJson(session: HttpSession, path: string, json: unknown): Promise<Response> {
    await session.ensureCsrf();
    return session.request("POST", path, { json, headers: { "x-forwarded-for": freshAddress() } });
  }

  function registration(overrides: Record<string, unknown> = {}) {
    const username = uniqueName();
    return { username, email: `${username}@example.org`, password: PASSWORD, country: "DE", ...overrides };
  }

  describe("registering", () => {
    it("creates one basic member with an argon2id hash from a form post, signs them in and lands on the target", async () => {
      const session = browser();
      await session.get("/register?redirectUrl=/clubs");
      const before = await memberCount();
      const body = registration({ country: "fr" });
      const response = await session.request("POST", "/register", {
        form: { ...body, redirectUrl: "/clubs", [CSRF_FIELD]: session.csrfToken },
        csrf: false,
        headers: { "x-forwarded-for": freshAddress() },
      });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/clubs");
      expect(await memberCount()).toBe(before + 1);

      const member = await userNamed(body.username);
      expect(member).toMatchObject({ username: body.username, email: body.email, countryCode: "FR", membershipLevel: 10 });
      expect(member?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(member?.passwordHash).not.toContain(PASSWORD);

      expect(session.cookies.get(SESSION_COOKIE)).toBeTruthy();
      const html = await (await session.get("/clubs")).text();
      expect(html).toContain(`href="/member/${body.username.toLowerCase()}"`);
      expect(html).toContain('action="/logout"');
    });

    it("answers JSON to the HTTP client, refuses an open redirect, and the new password signs in", async () => {
      const body = registration();
      const response = await postJson(browser(), "/register", { ...body, redirectUrl: "https://evil.example/" });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: "ok", redirect: "/home?welcome=1", username: body.username, convertedGuest: false });

      const again = browser();
      await again.ensureCsrf();
      const signIn = await again.request("POST", "/login", { json: { username: body.username.toUpperCase(), password: PASSWORD }, headers: { "x-forwarded-for": freshAddress() } });
      expect(await signIn.json()).toMatchObject({ status: "ok" });
    });

    it("keeps the page's language: a member registering in Spanish gets Spanish, and lands on /es/home with its welcome", async () => {
      const body = registration();
      const response = await postJson(browser(), "/register", { ...body, locale: "es" });
      expect(await response.json()).toMatchObject({ redirect: "/es/home?welcome=1" });
      expect((await userNamed(body.username))?.language).toBe("es");
    });

    const refusals: [description: string, overrides: Record<string, unknown>, field: string, messageKey: keyof typeof messages][] = [
      ["a username shorter than 3 characters", { username: "ab" }, "username", "registration.error.username.too_short"],
      ["a username longer than 25 characters", { username: "a".repeat(26) }, "username", "registration.error.username.too_long"],
      ["a username with other characters", { username: "bad name!" }, "username", "registration.error.username.invalid_characters"],
      ["a username with a non-ASCII letter", { username: "schön" }, "username", "registration.error.username.invalid_characters"],
      ["a missing username", { username: undefined }, "username", "registration.error.username.required"],
      ["a username taken in another case", { username: "ALICE" }, "username", "registration.error.username.taken"],
      ["an invalid email", { email: "not-an-email" }, "email", "registration.error.email.invalid"],
      ["a password shorter than 8 characters", { password: "short1!" }, "password", "registration.error.password.too_short"],
      ["a common password, whatever its case", { password: "PassWord123" }, "password", "registration.error.password.too_common"],
      ["another common password", { password: "iloveyou" }, "password", "registration.error.password.too_common"],
      ["a country outside the list", { country: "ZZ" }, "country", "registration.error.country.invalid"],
      ["a missing country", { country: "" }, "country", "registration.error.country.required"],
    ];

    it.each(refusals)("refuses %s with its message and creates nothing", async (_description, overrides, field, messageKey) => {
      const before = await memberCount();
      const body = registration(overrides);
      const session = browser();
      const response = await postJson(session, "/register", body);
      expect(response.status).toBe(422);
      const answer: unknown = await response.json();
      expect(answer).toMatchObject({ code: "validation_failed", fields: { [field]: messages[messageKey] } });
      expect(await memberCount()).toBe(before);
      expect(session.cookies.get(SESSION_COOKIE)).toBeUndefined();
    });

    it("answers a taken email exactly like a fresh one, and tells the address's owner by mail instead", async () => {
      const fresh = registration();
      const freshAnswer = await postJson(browser(), "/register", fresh);
      const taken = registration({ email: "Alice@Example.COM" });
      const takenSession = browser();
      const takenAnswer = await postJson(takenSession, "/register", taken);
      expect(takenAnswer.status).toBe(freshAnswer.status);
      const [freshBody, takenBody]: [object, object] = [await freshAnswer.json(), await takenAnswer.json()];
      expect(Object.keys(takenBody).sort()).toEqual(Object.keys(freshBody).sort());
      expect(takenBody).toMatchObject({ confirmationSent: true, username: taken.username });
      expect(freshBody).toMatchObject({ confirmationSent: true });
      expect(takenSession.cookies.get(SESSION_COOKIE)).toBeTruthy();
      // The new member does not get the address; alice keeps it and hears of the attempt.
      expect((await userNamed(taken.username))?.email).toBeNull();
      expect((await userNamed("alice"))?.email).toBe("alice@example.com");
      const toAlice = mailsTo("alice@example.com");
      expect(toAlice).toHaveLength(1);
      expect(toAlice[0]).toContain("Someone tried to register with your email address");
      expect(toAlice[0]).toContain("Hello alice,");
      expect(mailsTo(fresh.email)[0]).toContain("This confirms your registration");
    });

    it("refuses a password equal to the email", async () => {
      const before = await memberCount();
      const body = registration();
      const response = await postJson(browser(), "/register", { ...body, password: body.email.toUpperCase() });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ fields: { password: messages["registration.error.password.same_as_email"] } });
      expect(await memberCount()).toBe(before);
    });

    it("refuses a password equal to the username", async () => {
      const before = await memberCount();
      const username = uniqueName("samesame");
      const response = await postJson(browser(), "/register", registration({ username, password: username.toUpperCase() }));
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ fields: { password: messages["registration.error.password.same_as_username"] } });
      expect(await memberCount()).toBe(before);
    });

    it("names every field that fails at once", async () => {
      const response = await postJson(browser(), "/register", { username: "x", email: "nope", password: "1", country: "??" });
      expect(await response.json()).toMatchObject({
        fields: {
          username: messages["registration.error.username.too_short"],
          email: messages["registration.error.email.invalid"],
          password: messages["registration.error.password.too_short"],
          country: messages["registration.error.country.invalid"],
        },
      });
    });

    it("translates refusals into the page's language", async () => {
      const response = await postJson(browser(), "/register", registration({ username: "ab", locale: "de" }));
      const answer: unknown = await response.json();
      expect(answer).toMatchObject({ fields: { username: expect.stringContaining("Benutzername") } });
    });

    it("sends a form post back to the form with the refusal, the entries kept but never the password", async () => {
      const before = await memberCount();
      const session = browser();
      await session.get("/register");
      const response = await session.request("POST", "/register", {
        form: { username: "Alice", email: "someone-new@example.org", password: "Password1", country: "GB", redirectUrl: "/clubs", [CSRF_FIELD]: session.csrfToken },
        csrf: false,
        headers: { "x-forwarded-for": freshAddress() },
      });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get("location") ?? "", suite.current.baseUrl);
      expect(location.pathname).toBe("/register");
      expect(Object.fromEntries(location.searchParams)).toEqual({
        error: "validation_failed",
        invalid: "username.taken,password.too_common",
        username: "Alice",
        email: "someone-new@example.org",
        country: "GB",
        redirectUrl: "/clubs",
      });
      expect(location.search).not.toContain("Password1");
      expect(await memberCount()).toBe(before);

      const html = await (await session.get(location.pathname + location.search)).text();
      expect(html).toContain(messages["registration.error.summary"]);
      expect(html).toContain(messages["registration.error.username.taken"]);
      expect(html).toContain(messages["registration.error.password.too_common"]);
      expect(html).toContain('value="someone-new@example.org"');
    });

    it("refuses a post without the CSRF token and creates nothing", async () => {
      const before = await memberCount();
      const session = browser();
      await session.ensureCsrf();
      const response = await session.request("POST", "/register", { json: registration(), csrf: false, headers: { "x-forwarded-for": freshAddress() } });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: "csrf_token_invalid" });
      expect(await memberCount()).toBe(before);
    });

    it("refuses a signed-in member a second account", async () => {
      const session = browser();
      await session.signIn("bob", DEMO_PASSWORD);
      const before = await memberCount();
      const response = await postJson(session, "/register", registration());
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: "already_registered" });
      expect(await memberCount()).toBe(before);
    });

    it("serves the page with the countries named in the page's language, and sends members home", async () => {
      const english = await (await browser().get("/register")).text();
      expect(english).toContain('<option value="DE">Germany</option>');
      expect(english).toContain('action="/guest"');
      const german = await (await browser().get("/de/register")).text();
      expect(german).toContain('<option value="DE">Deutschland</option>');

      const member = browser();
      await member.signIn("carla", DEMO_PASSWORD);
      const response = await member.get("/register");
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/home");
    });
  });

  describe("the username check", () => {
    const check = async (username: string) => {
      const response = await fetch(`${suite.current.baseUrl}/callback/user/valid?${new URLSearchParams({ username })}`);
      return { status: response.status, body: await response.json() };
    };

    it("accepts a free name", async () => {
      expect(await check(uniqueName("free"))).toEqual({ status: 200, body: { valid: true } });
    });

    it.each([
      ["ALICE", "taken"],
      ["ab", "too_short"],
      ["", "too_short"],
      ["a".repeat(26), "too_long"],
      ["no spaces", "invalid_characters"],
    ] as const)("answers %s as %s, with its message", async (username, reason) => {
      expect(await check(username)).toEqual({ status: 200, body: { valid: false, reason, message: messages[`registration.error.username.${reason}`] } });
    });

    it("refuses a missing or oversized query with 422", async () => {
      const missing = await fetch(`${suite.current.baseUrl}/callback/user/valid`);
      expect(missing.status).toBe(422);
      expect(await missing.json()).toMatchObject({ code: "validation_failed", fields: { username: messages["registration.error.username.query"] } });
      const repeated = await fetch(`${suite.current.baseUrl}/callback/user/valid?username=a&username=b`);
      expect(repeated.status).toBe(422);
      expect((await check("a".repeat(101))).status).toBe(422);
    });
  });

  describe("guests", () => {
    async function becomeGuest(session: HttpSession) {
      const response = await postJson(session, "/guest", {});
      expect(response.status).toBe(200);
      const answer: unknown = await response.json();
      expect(answer).toMatchObject({ status: "ok", redirect: "/play/online/new", username: expect.stringMatching(/^Guest\d{10}$/), skillLevel: null });
      const username = answer && typeof answer === "object" && "username" in answer && typeof answer.username === "string" ? answer.username : "";
      const row = await userNamed(username);
      if (!row) throw new Error("the guest row is missing");
      return row;
    }

    it("creates a guest member (level 0, generated name, no email or password) and signs them in", async () => {
      const before = await memberCount();
      const session = browser();
      const guest = await becomeGuest(session);
      expect(guest).toMatchObject({ membershipLevel: 0, email: null, passwordHash: null, skillLevel: null });
      expect(await memberCount()).toBe(before + 1);
      const html = await (await session.get("/home")).text();
      expect(html).toContain(`href="/member/${guest.username.toLowerCase()}"`);

      // The same guest posting again stays the same guest.
      const again = await postJson(session, "/guest", {});
      expect(await again.json()).toMatchObject({ username: guest.username });
      expect(await memberCount()).toBe(before + 1);
    });

    it("works as a plain form post from the register page", async () => {
      const session = browser();
      await session.get("/register");
      const response = await session.request("POST", "/guest", { form: { [CSRF_FIELD]: session.csrfToken, redirectUrl: "/clubs" }, csrf: false, headers: { "x-forwarded-for": freshAddress() } });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/clubs");
      expect(session.cookies.get(SESSION_COOKIE)).toBeTruthy();
    });

    it("asks for the human check past a few new guests from one address (and creates no row without it)", async () => {
      const address = freshAddress();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const session = browser();
        await session.ensureCsrf();
        statuses.push((await session.request("POST", "/guest", { json: {}, headers: { "x-forwarded-for": address } })).status);
      }
      expect(statuses).toEqual([200, 200, 200]);
      const before = await memberCount();
      const session = browser();
      await session.ensureCsrf();
      const challenged = await session.request("POST", "/guest", { json: {}, headers: { "x-forwarded-for": address } });
      expect(challenged.status).toBe(403);
      expect(await challenged.json()).toMatchObject({ code: "challenge_required" });
      expect(await memberCount()).toBe(before);
    });

    it("refuses a guest without the CSRF token", async () => {
      const before = await memberCount();
      const session = browser();
      await session.ensureCsrf();
      const response = await session.request("POST", "/guest", { json: {}, csrf: false });
      expect(response.status).toBe(403);
      expect(await memberCount()).toBe(before);
    });

    it("stores a guest's skill level, and refuses anything but a whole number from 0 to 3000", async () => {
      const session = browser();
      const guest = await becomeGuest(session);
      for (const skill_level of ["abc", 5000, -1, 1.5, "", null, true, "12e2"]) {
        const response = await postJson(session, "/guest/update-skill-level", { skill_level });
        expect(response.status, JSON.stringify(skill_level)).toBe(422);
        expect(await response.json()).toMatchObject({ code: "validation_failed", fields: { skill_level: expect.any(String) } });
      }
      const missing = await postJson(session, "/guest/update-skill-level", {});
      expect(missing.status).toBe(422);
      expect((await userNamed(guest.username))?.skillLevel).toBeNull();

      const stored = await postJson(session, "/guest/update-skill-level", { skill_level: 1200 });
      expect(stored.status).toBe(200);
      expect(await stored.json()).toMatchObject({ status: "ok", username: guest.username, skillLevel: 1200 });
      expect((await userNamed(guest.username))?.skillLevel).toBe(1200);

      await session.ensureCsrf();
      const fromForm = await session.request("POST", "/guest/update-skill-level", { form: { skill_level: "800", [CSRF_FIELD]: session.csrfToken }, csrf: false });
      expect(fromForm.status).toBe(200);
      expect((await userNamed(guest.username))?.skillLevel).toBe(800);
    });

    it("answers 401 to a visitor and 403 to a member, changing nothing", async () => {
      const anonymous = await postJson(browser(), "/guest/update-skill-level", { skill_level: 1000 });
      expect(anonymous.status).toBe(401);
      const member = browser();
      await member.signIn("alice", DEMO_PASSWORD);
      const refused = await postJson(member, "/guest/update-skill-level", { skill_level: 1000 });
      expect(refused.status).toBe(403);
      expect((await userNamed("alice"))?.skillLevel).toBeNull();
    });

    it("turns a guest who registers into a member in the same row, with a new session", async () => {
      const session = browser();
      const guest = await becomeGuest(session);
      await postJson(session, "/guest/update-skill-level", { skill_level: 1500 });
      const guestSession = session.cookies.get(SESSION_COOKIE);
      const before = await memberCount();

      const body = registration();
      const response = await postJson(session, "/register", body);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: "ok", username: body.username, convertedGuest: true });
      expect(await memberCount()).toBe(before);

      const member = await userNamed(body.username);
      expect(member?.id).toBe(guest.id);
      expect(member).toMatchObject({ membershipLevel: 10, email: body.email, countryCode: "DE", skillLevel: 1500 });
      expect(member?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await userNamed(guest.username)).toBeUndefined();
      expect(session.cookies.get(SESSION_COOKIE)).not.toBe(guestSession);
      const html = await (await session.get("/home")).text();
      expect(html).toContain(`href="/member/${body.username.toLowerCase()}"`);
    });

    it("leaves the guest as they were when their registration is refused", async () => {
      const session = browser();
      const guest = await becomeGuest(session);
      const response = await postJson(session, "/register", registration({ username: "bob" }));
      expect(response.status).toBe(422);
      expect(await userNamed(guest.username)).toMatchObject({ id: guest.id, membershipLevel: 0, email: null, passwordHash: null });
    });

    it("shows a guest the register page with their name and without the guest button", async () => {
      const session = browser();
      const guest = await becomeGuest(session);
      const html = await (await session.get("/register")).text();
      expect(html).toContain(guest.username);
      expect(html).not.toContain('action="/guest"');
    });
  });
});
