import fastifyRateLimit from "@fastify/rate-limit";
import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../platform/db/client.server.ts";
import { COMPRESSION_THRESHOLD_BYTES } from "../../../platform/http/compression.server.ts";
import { registerJsonErrors } from "../../../platform/http/json-errors.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite, type RunningApp } from "../../../test/start-app.ts";
import { users, type NewUserRow } from "../../accounts/accounts.tables.server.ts";
import { levels } from "../../accounts/levels.ts";
import { follows } from "../../social/social.tables.server.ts";
import { registerPublicPlayerApi } from "./public-api.routes.server.ts";

interface RawReply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** One request on its own connection, any headers (Host included), the body as raw bytes. */
function send(baseUrl: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string; endBody?: boolean } = {}): Promise<RawReply> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { hostname: url.hostname, port: url.port, path: url.pathname + url.search, method: options.method ?? "GET", headers: options.headers ?? {}, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      },
    );
    request.on("error", reject);
    if (options.body !== undefined) request.write(options.body);
    if (options.endBody !== false) request.end();
  });
}

/** `count` GET requests written at once on one connection (HTTP/1.1 pipelining); the raw answers, in order. */
function pipeline(baseUrl: string, path: string, count: number): Promise<string> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      const requests = Array.from({ length: count }, (_, index) => `GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: ${index === count - 1 ? "close" : "keep-alive"}\r\n\r\n`);
      socket.write(requests.join(""));
    });
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
  });
}

const MAIN_HOST = "kingside.test";
const get = (app: RunningApp, path: string, headers: Record<string, string> = {}) => send(app.baseUrl, path, { headers: { host: MAIN_HOST, ...headers } });
const json = (reply: RawReply): unknown => JSON.parse(reply.body.toString("utf8"));
const seconds = (iso: string) => Date.parse(iso) / 1000;

/** Members made for these tests, beside the demo members (alice, bob, carla, moderator, staff). */
const testMembers: NewUserRow[] = [
  { username: "Pub_MixedCase", firstName: " Mia ", lastName: null, countryCode: "FR", membershipLevel: levels.gold, avatarUrl: "/images/avatars/mia.png", isStreamer: true, createdAt: new Date("2024-01-01T00:00:00Z"), lastLoginAt: new Date("2025-06-01T12:00:00Z") },
  { username: "pub-avatar", countryCode: "XX", membershipLevel: levels.basic, avatarUrl: "https://cdn.example.org/a.png", createdAt: new Date("2024-02-01T00:00:00Z"), lastLoginAt: null },
  { username: "pub-closed-5", membershipLevel: levels.closed_fair_play },
  { username: "pub-closed-6", membershipLevel: levels.closed_abuse },
  { username: "pub-closed-7", membershipLevel: levels.closed_voluntarily },
  { username: "pub-closed-8", membershipLevel: levels.closed_unspecified },
  { username: "pub-disabled", membershipLevel: levels.gold, isEnabled: false },
  { username: "pub-silver", membershipLevel: levels.silver },
  { username: "pub-guest", membershipLevel: levels.guest },
].map((member) => ({ ...member, usernameKey: (member.username ?? "").toLowerCase() }));

/** Carla's followers are dated half an hour after her last sign-in (the demo's dates follow the first start), so her Last-Modified is known. */
let CARLA_LAST_FOLLOWED = "";
/** Carla's demo dates, read back: they count from the moment the demo was seeded. */
let carlaDates: { joined: Date; lastLogin: Date };

/** The running app's sources of the player read (accounts, social, presence). */
function publicPlayerSources(app: RunningApp) {
  const { services } = app.kingside;
  return { directory: services.memberDirectory, followers: services.follows, presence: services.presence.service };
}

async function idOf(db: Database, username: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.usernameKey, username.toLowerCase()));
  if (!row) throw new Error(`no member ${username}`);
  return row.id;
}

describe.each(databaseTargets())("the public player API on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  let app: RunningApp;
  let db: Database;
  beforeAll(async () => {
    app = suite.current;
    db = app.kingside.database.db;
    await db.insert(users).values(testMembers);
    const carla = await idOf(db, "carla");
    const [dates] = await db.select({ joined: users.createdAt, lastLogin: users.lastLoginAt }).from(users).where(eq(users.id, carla));
    if (!dates?.lastLogin) throw new Error("carla has no demo dates");
    carlaDates = { joined: dates.joined, lastLogin: dates.lastLogin };
    CARLA_LAST_FOLLOWED = new Date(Math.floor(dates.lastLogin.getTime() / 1000) * 1000 + 1_800_000).toISOString();
    const followers = await Promise.all(["pub-avatar", "pub-silver"].map((name) => idOf(db, name)));
    await db.insert(follows).values(followers.map((followerId, index) => ({ followerId, followedId: carla, createdAt: new Date(Date.parse(CARLA_LAST_FOLLOWED) - index * 60_000) })));
  });

  it("shows a titled premium member in the shape of the widely used API", async () => {
    const reply = await get(app, "/pub/player/carla");
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(json(reply)).toEqual({
      "@id": "https://api.kingside.test/pub/player/carla",
      url: "https://kingside.test/member/carla",
      username: "carla",
      player_id: await idOf(db, "carla"),
      title: "FM",
      status: "premium",
      name: "Carla Castillo",
      country: "https://api.kingside.test/pub/country/ES",
      joined: seconds(carlaDates.joined.toISOString()),
      last_online: seconds(carlaDates.lastLogin.toISOString()),
      followers: 2,
      is_streamer: false,
      verified: false,
    });
  });

  it("makes the avatar absolute, trims the name, keeps the member's casing and falls back to the join date for last_online", async () => {
    const mixed = json(await get(app, "/pub/player/pub_mixedcase"));
    expect(mixed).toMatchObject({
      "@id": "https://api.kingside.test/pub/player/pub_mixedcase",
      url: "https://kingside.test/member/Pub_MixedCase",
      username: "Pub_MixedCase",
      name: "Mia",
      avatar: "https://kingside.test/images/avatars/mia.png",
      country: "https://api.kingside.test/pub/country/FR",
      is_streamer: true,
      status: "premium",
      last_online: seconds("2025-06-01T12:00:00Z"),
    });
    const plain = json(await get(app, "/pub/player/pub-avatar"));
    expect(plain).toMatchObject({ avatar: "https://cdn.example.org/a.png", country: "https://api.kingside.test/pub/country/XX", joined: seconds("2024-02-01T00:00:00Z"), last_online: seconds("2024-02-01T00:00:00Z") });
    expect(plain).not.toHaveProperty("name");
    expect(plain).not.toHaveProperty("title");
    expect(plain).not.toHaveProperty("location");
    expect(plain).not.toHaveProperty("league");
  });

  it.each([
    ["bob", "basic"],
    ["alice", "premium"],
    ["pub-silver", "premium"],
    ["moderator", "mod"],
    ["staff", "staff"],
    ["pub-closed-5", "closed:fair_play_violations"],
    ["pub-closed-6", "closed:abuse"],
    ["pub-closed-7", "closed"],
    ["pub-closed-8", "closed"],
    ["pub-disabled", "closed"],
  ])("gives %s the status %s", async (username, status) => {
    const reply = await get(app, `/pub/player/${username}`);
    expect(reply.status).toBe(200);
    expect(json(reply)).toMatchObject({ username, status });
  });

  it("looks usernames up in any casing", async () => {
    const lower = await get(app, "/pub/player/pub_mixedcase");
    for (const path of ["/pub/player/PUB_MIXEDCASE", "/pub/player/Pub_MixedCase"]) {
      const reply = await get(app, path);
      expect(reply.status).toBe(200);
      expect(reply.body.equals(lower.body)).toBe(true);
    }
    expect(json(await get(app, "/pub/player/CARLA"))).toMatchObject({ username: "carla", "@id": "https://api.kingside.test/pub/player/carla" });
  });

  it.each(["/pub/player/no-such-member", "/pub/player/pub-guest", "/pub/player/ab", `/pub/player/${"a".repeat(26)}`, "/pub/player/bad.name", "/pub/player/bad%20name", "/pub/player/%C3%BCber", "/pub/player/no-such-member/clubs", "/pub/player/pub-guest/clubs", "/pub/player/a!b/clubs"])(
    "answers %s with a JSON 404",
    async (path) => {
      const reply = await get(app, path, { origin: "https://example.org" });
      expect(reply.status).toBe(404);
      expect(reply.headers["content-type"]).toContain("application/json");
      expect(reply.headers["cache-control"]).toBe("no-store");
      expect(reply.headers["access-control-allow-origin"]).toBe("*");
      expect(json(reply)).toEqual({ code: "not_found", message: "Not found." });
    },
  );

  it("lists a member's real clubs", async () => {
    const reply = await get(app, "/pub/player/CARLA/clubs");
    expect(reply.status).toBe(200);
    // carla owns the demo club Madrid Masters.
    expect(json(reply)).toMatchObject({ clubs: expect.arrayContaining([expect.objectContaining({ "@id": "https://api.kingside.test/pub/club/madrid-masters", name: "Madrid Masters", url: "https://kingside.test/club/madrid-masters" })]) });
    expect(reply.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(reply.headers["cache-control"]).toBe("public, max-age=300");
  });

  it("sends Cache-Control, Vary and an ETag, and answers 304 to If-None-Match", async () => {
    const first = await get(app, "/pub/player/carla");
    const etag = first.headers.etag ?? "";
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(first.headers["cache-control"]).toBe("public, max-age=300");
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect((await get(app, "/pub/player/carla")).headers.etag).toBe(etag);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"stale", ${etag}`, "*"]) {
      const revalidated = await get(app, "/pub/player/carla", { "if-none-match": ifNoneMatch });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers["cache-control"]).toBe("public, max-age=300");
      expect(revalidated.headers["last-modified"]).toBe(first.headers["last-modified"]);
    }
    const stale = await get(app, "/pub/player/carla", { "if-none-match": '"stale"' });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(first.body)).toBe(true);
  });

  it("dates the answer with the latest change it can see and answers 304 to If-Modified-Since", async () => {
    const first = await get(app, "/pub/player/carla");
    expect(first.headers["last-modified"]).toBe(new Date(CARLA_LAST_FOLLOWED).toUTCString());
    expect((await get(app, "/pub/player/carla", { "if-modified-since": new Date(CARLA_LAST_FOLLOWED).toUTCString() })).status).toBe(304);
    expect((await get(app, "/pub/player/carla", { "if-modified-since": new Date(Date.parse(CARLA_LAST_FOLLOWED) + 3_600_000).toUTCString() })).status).toBe(304);
    expect((await get(app, "/pub/player/carla", { "if-modified-since": new Date(Date.parse(CARLA_LAST_FOLLOWED) - 1_000).toUTCString() })).status).toBe(200);
    // If-None-Match wins over If-Modified-Since.
    expect((await get(app, "/pub/player/carla", { "if-none-match": '"stale"', "if-modified-since": new Date(CARLA_LAST_FOLLOWED).toUTCString() })).status).toBe(200);
  });

  it("changes the ETag and Last-Modified when the member gains a follower", async () => {
    const before = await get(app, "/pub/player/pub_mixedcase");
    expect(json(before)).toMatchObject({ followers: 0 });
    const oldEtag = before.headers.etag ?? "";
    const oldDate = before.headers["last-modified"] ?? "";
    expect(oldDate).toBe(new Date("2025-06-01T12:00:00Z").toUTCString());

    await db.insert(follows).values({ followerId: await idOf(db, "bob"), followedId: await idOf(db, "pub_mixedcase") });
    const after = await get(app, "/pub/player/pub_mixedcase", { "if-none-match": oldEtag });
    expect(after.status).toBe(200);
    expect(json(after)).toMatchObject({ followers: 1 });
    expect(after.headers.etag).not.toBe(oldEtag);
    expect(Date.parse(after.headers["last-modified"] ?? "")).toBeGreaterThan(Date.parse(oldDate));
    expect((await get(app, "/pub/player/pub_mixedcase", { "if-modified-since": oldDate })).status).toBe(200);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const full = await get(app, "/pub/player/carla");
    const head = await send(app.baseUrl, "/pub/player/carla", { method: "HEAD", headers: { host: MAIN_HOST } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toBe(full.headers.etag);
    expect(head.headers["access-control-allow-origin"]).toBe("*");
  });

  it("allows cross-origin reads without credentials, and answers the preflight", async () => {
    const read = await get(app, "/pub/player/carla", { origin: "https://example.org" });
    expect(read.headers["access-control-allow-origin"]).toBe("*");
    expect(read.headers["access-control-allow-credentials"]).toBeUndefined();
    expect(read.headers["access-control-expose-headers"]).toMatch(/ETag/);

    const preflight = await send(app.baseUrl, "/pub/player/carla", {
      method: "OPTIONS",
      headers: { host: MAIN_HOST, origin: "https://example.org", "access-control-request-method": "GET", "access-control-request-headers": "if-none-match" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(preflight.headers["access-control-allow-methods"]).toMatch(/\bGET\b/);
    expect(preflight.headers["access-control-allow-headers"]).toMatch(/If-None-Match/i);
    expect(preflight.headers["access-control-allow-credentials"]).toBeUndefined();
    expect(preflight.headers["access-control-max-age"]).toBe("86400");
  });

  it("sets no cookie on an answer that shared caches keep (pages still get theirs)", async () => {
    expect((await get(app, "/pub/player/carla")).headers["set-cookie"]).toBeUndefined();
    expect((await get(app, "/clubs")).headers["set-cookie"]).toBeDefined();
  });

  it("compresses JSON for clients that accept it: brotli first, else gzip", async () => {
    // A club's member list is above the compression threshold (a player's profile fits one packet and is sent as it is).
    const path = "/pub/club/madrid-masters/members";
    const identity = await get(app, path);
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const gzipped = await get(app, path, { "accept-encoding": "gzip, deflate" });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.body.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(true);
    expect(gunzipSync(gzipped.body).equals(identity.body)).toBe(true);

    const brotli = await get(app, path, { "accept-encoding": "gzip, deflate, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.body).equals(identity.body)).toBe(true);
  });

  it("serves the same resource on the api subdomain, under /pub and without it", async () => {
    const main = await get(app, "/pub/player/carla");
    for (const path of ["/player/carla", "/pub/player/carla", "/player/CARLA"]) {
      const reply = await send(app.baseUrl, path, { headers: { host: "api.kingside.test" } });
      expect(reply.status).toBe(200);
      expect(reply.body.equals(main.body)).toBe(true);
      expect(reply.headers["access-control-allow-origin"]).toBe("*");
    }
    const clubs = await send(app.baseUrl, "/player/carla/clubs", { headers: { host: "api.kingside.test" } });
    expect(json(clubs)).toMatchObject({ clubs: expect.arrayContaining([expect.objectContaining({ name: "Madrid Masters" })]) });
    const missing = await send(app.baseUrl, "/player/no-such-member", { headers: { host: "api.kingside.test" } });
    expect(missing.status).toBe(404);
    expect(json(missing)).toMatchObject({ code: "not_found" });
  });

  it("leaves /player/... on the main host to the pages", async () => {
    const reply = await get(app, "/player/carla");
    expect(reply.status).toBe(404);
    expect(reply.headers["content-type"]).toContain("text/html");
  });

  it("links to itself under /pub on a host without subdomains", async () => {
    const address = new URL(app.baseUrl).host;
    const reply = await send(app.baseUrl, "/pub/player/carla");
    expect(json(reply)).toMatchObject({ "@id": `http://${address}/pub/player/carla`, url: `http://${address}/member/carla`, country: `http://${address}/pub/country/ES` });
  });

  it("refuses a Host that is not a host name", async () => {
    const reply = await send(app.baseUrl, "/pub/player/carla", { headers: { host: "bad_host.example" } });
    expect(reply.status).toBe(400);
    expect(json(reply)).toMatchObject({ code: "bad_request" });
  });

  describe("with a low in-flight ceiling", () => {
    let limited: FastifyInstance;
    let baseUrl: string;
    beforeAll(async () => {
      limited = Fastify({ logger: false });
      registerJsonErrors(limited);
      await limited.register(fastifyRateLimit, { global: false });
      await registerPublicPlayerApi(limited, { sources: publicPlayerSources(app), maxInFlightPerClient: 1 });
      baseUrl = await limited.listen({ port: 0, host: "127.0.0.1" });
    });
    afterAll(() => limited?.close());

    it("refuses a second request while the client's first is still in flight, and serves it again afterwards", async () => {
      // An OPTIONS request with an unfinished body stays in flight until the body ends.
      const url = new URL("/pub/player/carla", baseUrl);
      let finishFirst: () => void = () => undefined;
      const first = new Promise<number>((resolve, reject) => {
        const request = httpRequest({ hostname: url.hostname, port: url.port, path: url.pathname, method: "OPTIONS", headers: { "content-type": "application/json", "content-length": "2" }, agent: false }, (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        });
        request.on("error", reject);
        request.flushHeaders();
        finishFirst = () => request.end("{}");
      });
      // Wait until the server has counted the first request.
      let refused: RawReply | undefined;
      for (let attempt = 0; attempt < 200 && !refused; attempt++) {
        const reply = await send(baseUrl, "/pub/player/carla");
        if (reply.status === 429) refused = reply;
        else await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(refused?.status).toBe(429);
      expect(refused?.headers["retry-after"]).toBe("1");
      expect(refused?.headers["access-control-allow-origin"]).toBe("*");
      expect(refused ? json(refused) : undefined).toEqual({ code: "rate_limited", message: "Too many requests. Please wait a moment and try again." });

      finishFirst();
      expect(await first).toBe(204);
      expect((await send(baseUrl, "/pub/player/carla")).status).toBe(200);
    });

    it("answers a parallel burst with some 429s, but never a serial client", async () => {
      // 10 connections, each pipelining 10 requests: 100 requests the server holds at once.
      const bursts = await Promise.all(Array.from({ length: 10 }, () => pipeline(baseUrl, "/pub/player/carla", 10)));
      const text = bursts.join("");
      const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1]);
      expect(statuses).toHaveLength(100);
      expect(statuses.every((status) => status === "200" || status === "429")).toBe(true);
      const refused = statuses.filter((status) => status === "429").length;
      expect(refused).toBeGreaterThan(0);
      expect(text.match(/retry-after: 1\r\n/gi)).toHaveLength(refused);
      expect(text.match(/"code":"rate_limited"/g)).toHaveLength(refused);

      for (let index = 0; index < 30; index++) {
        expect((await send(baseUrl, "/pub/player/carla")).status).toBe(200);
      }
    });
  });

  describe("with a low per-minute limit", () => {
    let limited: FastifyInstance;
    let baseUrl: string;
    beforeAll(async () => {
      limited = Fastify({ logger: false });
      registerJsonErrors(limited);
      await limited.register(fastifyRateLimit, { global: false });
      await registerPublicPlayerApi(limited, { sources: publicPlayerSources(app), requestsPerMinute: 3 });
      baseUrl = await limited.listen({ port: 0, host: "127.0.0.1" });
    });
    afterAll(() => limited?.close());

    it("refuses the request beyond the limit with Retry-After", async () => {
      for (const username of ["carla", "alice", "bob"]) {
        const served = await send(baseUrl, `/pub/player/${username}`);
        expect(served.status).toBe(200);
        // A shared cache keeps this answer: no per-client counters in it.
        expect(served.headers["x-ratelimit-remaining"]).toBeUndefined();
      }
      const refused = await send(baseUrl, "/pub/player/staff");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.headers["cache-control"]).toBe("no-store");
      expect(json(refused)).toMatchObject({ code: "rate_limited" });
    });
  });
});
