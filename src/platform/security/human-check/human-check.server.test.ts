import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server.ts";
import { registerJsonErrors } from "../../http/json-errors.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { HUMAN_CHECK_PASS_COOKIE, humanCheckActions, humanCheckPass } from "./human-check-limits.ts";
import { registerHumanCheck, verificationPageUrl } from "./human-check.server.ts";
import { leadingZeroBits, workInput } from "./proof-of-work.ts";

const HOUR = 3_600_000;
const DIFFICULTY = 8;

function solve(challenge: string, difficulty: number): number {
  for (let counter = 0; ; counter += 1) {
    if (leadingZeroBits(createHash("sha256").update(workInput(challenge, counter)).digest()) >= difficulty) return counter;
  }
}

function wrongWork(challenge: string, difficulty: number): number {
  for (let counter = 0; ; counter += 1) {
    if (leadingZeroBits(createHash("sha256").update(workInput(challenge, counter)).digest()) < difficulty) return counter;
  }
}

const jsonHeaders = { accept: "application/json", "content-type": "application/json" };

function cookieOf(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((cookie) => cookie.name === name);
}

describe("verification page URLs on the verify host", () => {
  it("show the verification page for any path, remembering where to go back", () => {
    expect(verificationPageUrl("/")).toBe("/verification");
    expect(verificationPageUrl("/register?x=1")).toBe("/verification?redirect=%2Fregister%3Fx%3D1");
    expect(verificationPageUrl("/es/clubs")).toBe("/es/verification?redirect=%2Fes%2Fclubs");
    expect(verificationPageUrl("/?redirect=%2Fclubs&referer=%2Fhome")).toBe("/verification?redirect=%2Fclubs&referer=%2Fhome");
    expect(verificationPageUrl("/verification?redirect=%2Fclubs")).toBeNull();
    expect(verificationPageUrl("/es/verification")).toBeNull();
  });
});

describe.each(databaseTargets())("the human check's hook and endpoints on $name", (target) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let now: Date;
  let address = 0;
  let ip = "";
  const secret = randomBytes(32);

  async function buildApp(options: { secure?: boolean } = {}): Promise<FastifyInstance> {
    const instance = Fastify();
    registerJsonErrors(instance);
    await instance.register(fastifyCookie);
    await instance.register(fastifyFormbody);
    registerHumanCheck(instance, {
      db: database.db,
      secret,
      cookies: { secure: options.secure ?? false },
      actions: { ...humanCheckActions, registration: { limit: 2, windowMs: HOUR } },
      difficulty: DIFFICULTY,
      now: () => now,
    });
    // A guarded route as the features declare them, an unguarded one, and a stand-in for the page catch-all.
    instance.post("/register", { config: { humanCheck: "registration" } }, async () => ({ status: "ok" }));
    instance.post("/register/keeping", { config: { humanCheck: "registration", humanCheckKeeps: ["username", "email", "redirectUrl"] } }, async () => ({ status: "ok" }));
    instance.post("/callback/free", async () => ({ status: "ok" }));
    instance.get("/*", async (request) => ({ page: request.url }));
    await instance.ready();
    return instance;
  }

  beforeAll(async () => {
    const created = await target.create();
    drop = created.drop;
    database = await openDatabase({ databaseUrl: created.databaseUrl, dataDir: "memory://" });
    await database.migrate();
    app = await buildApp();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await drop?.();
  });
  beforeEach(() => {
    now = new Date("2026-03-01T12:00:00Z");
    // Each test is its own client address, so counts never leak between tests.
    address += 1;
    ip = `198.51.100.${address}`;
  });

  const register = (options: { cookies?: Record<string, string>; form?: boolean; referer?: string; from?: string } = {}) =>
    app.inject({
      method: "POST",
      url: "/register",
      remoteAddress: options.from ?? ip,
      headers: options.form
        ? { "content-type": "application/x-www-form-urlencoded", ...(options.referer ? { referer: options.referer } : {}) }
        : jsonHeaders,
      payload: options.form ? "username=someone" : JSON.stringify({ username: "someone" }),
      ...(options.cookies ? { cookies: options.cookies } : {}),
    });

  async function passCookie(): Promise<string> {
    const issued = (await app.inject({ method: "GET", url: "/callback/human-check/challenge", remoteAddress: ip })).json<{ challenge: string; difficulty: number }>();
    const verified = await app.inject({ method: "POST", url: "/callback/human-check/verify", remoteAddress: ip, headers: jsonHeaders, payload: { challenge: issued.challenge, counter: solve(issued.challenge, issued.difficulty) } });
    expect(verified.statusCode).toBe(200);
    const cookie = cookieOf(verified, HUMAN_CHECK_PASS_COOKIE);
    if (!cookie) throw new Error("no pass cookie");
    return cookie.value;
  }

  it("lets an address act up to the threshold, then answers 403 with the challenge header and a JSON message", async () => {
    expect((await register()).statusCode).toBe(200);
    expect((await register()).statusCode).toBe(200);
    const challenged = await register();
    expect(challenged.statusCode).toBe(403);
    expect(challenged.headers["x-kingside-challenge"]).toBe("1");
    expect(challenged.json()).toEqual({ code: "challenge_required", message: "Please confirm that you are human to continue." });
  });

  it("counts per address and per window, and leaves unguarded routes alone", async () => {
    await register();
    await register();
    expect((await register()).statusCode).toBe(403);
    expect((await register({ from: `203.0.113.${address}` })).statusCode).toBe(200);
    expect((await app.inject({ method: "POST", url: "/callback/free", remoteAddress: ip, headers: jsonHeaders, payload: {} })).statusCode).toBe(200);
    now = new Date(now.getTime() + HOUR);
    expect((await register()).statusCode).toBe(200);
  });

  it("sends a challenged form post without JavaScript to the verification page, back to the form afterwards", async () => {
    await register();
    await register();
    const plain = await register({ form: true, referer: "http://localhost:80/register?redirectUrl=%2Fclubs" });
    expect(plain.statusCode).toBe(303);
    expect(plain.headers.location).toBe("/verification?redirect=%2Fregister%3FredirectUrl%3D%252Fclubs");
    const spanish = await register({ form: true, referer: "http://localhost:80/es/register" });
    expect(spanish.headers.location).toBe("/es/verification?redirect=%2Fes%2Fregister");
    const foreign = await register({ form: true, referer: "https://evil.example/register" });
    expect(foreign.headers.location).toBe("/verification?redirect=%2F");
  });

  it("carries the fields a route keeps back to the form, never the others, in place of the page's old query", async () => {
    await register();
    await register();
    const typed = new URLSearchParams({ username: "someone", email: "someone@example.com", password: "a-secret-passphrase", _token: "csrf", redirectUrl: "/clubs", country: "" });
    const plain = await app.inject({
      method: "POST",
      url: "/register/keeping",
      remoteAddress: ip,
      headers: { "content-type": "application/x-www-form-urlencoded", referer: "http://localhost:80/es/register?error=validation_failed&invalid=email.invalid&email=old%40example.com" },
      payload: typed.toString(),
    });
    expect(plain.statusCode).toBe(303);
    const location = new URL(plain.headers.location ?? "", "http://same.invalid");
    expect(location.pathname).toBe("/es/verification");
    const back = new URL(location.searchParams.get("redirect") ?? "", "http://same.invalid");
    expect(back.pathname).toBe("/es/register");
    expect([...back.searchParams]).toEqual([
      ["username", "someone"],
      ["email", "someone@example.com"],
      ["redirectUrl", "/clubs"],
    ]);
    expect(plain.headers.location).not.toContain("secret");

    // A value longer than any form's field is cut; a route that keeps nothing returns to the page as it was.
    const long = await app.inject({
      method: "POST",
      url: "/register/keeping",
      remoteAddress: ip,
      headers: { "content-type": "application/x-www-form-urlencoded", referer: "http://localhost:80/register" },
      payload: new URLSearchParams({ username: "x".repeat(5000) }).toString(),
    });
    const longBack = new URL(new URL(long.headers.location ?? "", "http://same.invalid").searchParams.get("redirect") ?? "", "http://same.invalid");
    expect(longBack.searchParams.get("username")).toHaveLength(256);
    const unkept = await register({ form: true, referer: "http://localhost:80/register?error=validation_failed" });
    expect(unkept.headers.location).toBe("/verification?redirect=%2Fregister%3Ferror%3Dvalidation_failed");
  });

  it("issues signed challenges that expire in 2 minutes", async () => {
    const response = await app.inject({ method: "GET", url: "/callback/human-check/challenge" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json<{ challenge: string; difficulty: number; expiresAt: string }>();
    expect(body.difficulty).toBe(DIFFICULTY);
    expect(body.challenge).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(new Date(body.expiresAt).getTime() - now.getTime()).toBe(120_000);
  });

  it("sets an HttpOnly, SameSite=Lax pass cookie for valid work; the pass lets a few guarded requests through", async () => {
    await register();
    await register();
    expect((await register()).statusCode).toBe(403);
    const issued = (await app.inject({ method: "GET", url: "/callback/human-check/challenge" })).json<{ challenge: string }>();
    const verified = await app.inject({ method: "POST", url: "/callback/human-check/verify", headers: jsonHeaders, payload: { challenge: issued.challenge, counter: solve(issued.challenge, DIFFICULTY) } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ status: "ok" });
    const cookie = cookieOf(verified, HUMAN_CHECK_PASS_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.domain).toBeUndefined();
    const pass = { [HUMAN_CHECK_PASS_COOKIE]: cookie?.value ?? "" };
    for (let use = 1; use <= humanCheckPass.uses; use += 1) expect((await register({ cookies: pass })).statusCode).toBe(200);
    expect((await register({ cookies: pass })).statusCode).toBe(403);
  });

  it("does not spend a pass below the threshold", async () => {
    const pass = { [HUMAN_CHECK_PASS_COOKIE]: await passCookie() };
    await register({ cookies: pass });
    await register({ cookies: pass });
    for (let use = 1; use <= humanCheckPass.uses; use += 1) expect((await register({ cookies: pass })).statusCode).toBe(200);
    expect((await register({ cookies: pass })).statusCode).toBe(403);
  });

  it("refuses an expired pass and a forged one", async () => {
    const cookie = await passCookie();
    await register();
    await register();
    expect((await register({ cookies: { [HUMAN_CHECK_PASS_COOKIE]: `${cookie}x` } })).statusCode).toBe(403);
    now = new Date(now.getTime() + humanCheckPass.ttlMs);
    // Still the same hourly window: the count is over the threshold.
    expect((await register({ cookies: { [HUMAN_CHECK_PASS_COOKIE]: cookie } })).statusCode).toBe(403);
  });

  it("refuses wrong work, expired challenges, tampered ones and a second use, with 422", async () => {
    const fresh = async () => (await app.inject({ method: "GET", url: "/callback/human-check/challenge" })).json<{ challenge: string }>().challenge;
    const verify = (payload: unknown) => app.inject({ method: "POST", url: "/callback/human-check/verify", headers: jsonHeaders, payload: JSON.stringify(payload) });

    const wrong = await fresh();
    const refused = await verify({ challenge: wrong, counter: wrongWork(wrong, DIFFICULTY) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ code: "challenge_rejected", message: "The check did not succeed. Please try again.", reason: "insufficient_work" });
    expect(cookieOf(refused, HUMAN_CHECK_PASS_COOKIE)).toBeUndefined();

    const once = await fresh();
    const counter = solve(once, DIFFICULTY);
    expect((await verify({ challenge: once, counter })).statusCode).toBe(200);
    const replay = await verify({ challenge: once, counter });
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toMatchObject({ reason: "used" });

    const late = await fresh();
    now = new Date(now.getTime() + 120_000);
    expect((await verify({ challenge: late, counter: solve(late, DIFFICULTY) })).json()).toMatchObject({ reason: "expired" });

    const tampered = `${late.split(".")[0]}.${"A".repeat(43)}`;
    expect((await verify({ challenge: tampered, counter: 0 })).json()).toMatchObject({ reason: "malformed" });
    expect((await verify({ challenge: "x", counter: "1" })).statusCode).toBe(422);
  });

  it("marks the pass cookie Secure when the cookie policy says so (production)", async () => {
    const secureApp = await buildApp({ secure: true });
    try {
      const issued = (await secureApp.inject({ method: "GET", url: "/callback/human-check/challenge" })).json<{ challenge: string }>();
      const verified = await secureApp.inject({ method: "POST", url: "/callback/human-check/verify", headers: jsonHeaders, payload: { challenge: issued.challenge, counter: solve(issued.challenge, DIFFICULTY) } });
      expect(cookieOf(verified, HUMAN_CHECK_PASS_COOKIE)?.secure).toBe(true);
    } finally {
      await secureApp.close();
    }
  });

  it("shows the verification page for every page of the verify host, and gives its pass to the main host", async () => {
    const page = (url: string, host: string) => app.inject({ method: "GET", url, headers: { host } });
    expect((await page("/register", "verify.kingside.test")).json()).toEqual({ page: "/verification?redirect=%2Fregister" });
    expect((await page("/", "verify.kingside.test:8080")).json()).toEqual({ page: "/verification" });
    expect((await page("/register", "kingside.test")).json()).toEqual({ page: "/register" });
    // API paths on the verify host stay what they are.
    const issued = await app.inject({ method: "GET", url: "/callback/human-check/challenge", headers: { host: "verify.kingside.test" } });
    const challenge = issued.json<{ challenge: string }>().challenge;
    const verified = await app.inject({ method: "POST", url: "/callback/human-check/verify", headers: { ...jsonHeaders, host: "verify.kingside.test" }, payload: { challenge, counter: solve(challenge, DIFFICULTY) } });
    expect(cookieOf(verified, HUMAN_CHECK_PASS_COOKIE)?.domain).toBe("kingside.test");
  });
});
