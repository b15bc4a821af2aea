import { parseGame } from "@mliebelt/pgn-parser";
import { eq } from "drizzle-orm";
import { gunzipSync } from "node:zlib";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../test/databases.ts";
import { browsersForSuite } from "../../../test/signed-in.ts";
import { appForSuite, type RunningApp } from "../../../test/start-app.ts";
import { users } from "../../accounts/accounts.tables.server.ts";
import { popupResponseSchema } from "../../social/card/user-card.schema.ts";
import type { PlayMember } from "../play-ports.server.ts";
import type { GameTerms } from "../play.schema.ts";
import { archiveFixture, blitz, foolsMate, scholarsMate, type ArchiveFixture } from "./archive.test-kit.server.ts";

interface RawReply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** A GET (or any method) with any Host, the body as raw bytes (gzip is not undone). */
function send(app: RunningApp, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawReply> {
  const url = new URL(app.baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname: url.hostname, port: url.port, path, method, headers: { host: MAIN_HOST, ...headers }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

const MAIN_HOST = "kingside.test";
const text = (reply: RawReply) => reply.body.toString("utf8");
const json = (reply: RawReply): unknown => JSON.parse(text(reply));
const daily960: GameTerms = { rules: "chess960", control: { kind: "daily", daysPerMove: 3 }, rated: true, color: "white" };
const gameLinks = (html: string) => [...html.matchAll(/href="\/game\/(?:live\/)?(\d+)"/g)].map((match) => Number(match[1]));
const distinct = (numbers: number[]) => [...new Set(numbers)];

for (const target of databaseTargets()) {
  describe(`the games archive over HTTP on ${target.name}`, () => {
    const suite = appForSuite(target, { seedDemoData: true });
    const browsers = browsersForSuite(suite);
    let kit: ArchiveFixture;
    let bob: PlayMember;
    let ann: PlayMember;
    let cid: PlayMember;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      // The games are dated in the past on the fixture's clock: the app's deadline sweeper (real time) would abort them mid-setup.
      await suite.current.kingside.jobs.stop();
      const db = suite.current.kingside.database.db;
      kit = archiveFixture(db);
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.usernameKey, "bob"));
      if (!row) throw new Error("no demo bob");
      bob = { id: row.id, username: "bob", level: 10 };
      ann = await kit.member("Arch_Ann");
      cid = await kit.member("arch_cid");
      // Ann: a loss to bob (blitz, January), a Chess960 daily win against bob (February), and 26 quick wins against cid (March).
      ids.foolsMate = await kit.game({ white: ann, black: bob, at: "2026-01-15T12:00:00Z", moves: foolsMate });
      ids.daily960 = await kit.game({ white: ann, black: bob, terms: daily960, at: "2026-02-02T08:00:00Z", moves: ["*", "*", "*", "*"], then: [[bob, "resign"]] });
      for (let i = 0; i < 26; i++) {
        await kit.game({ white: cid, black: ann, terms: { ...blitz, rated: false }, at: `2026-03-${String(1 + (i % 28)).padStart(2, "0")}T10:00:00Z`, moves: ["e2e4", "e7e5"], then: [[cid, "resign"]] });
      }
      ids.scholars = await kit.game({ white: ann, black: cid, at: "2026-03-29T10:00:00Z", moves: scholarsMate });
    }, 120_000);

    describe("the archive page", () => {
      it("shows a member's games newest first as a grid of final positions, 24 a page, with working page links", async () => {
        const first = await suite.current.kingside.app.inject({ url: "/games/archive/arch_ann" });
        expect(first.statusCode).toBe(200);
        const html = first.body;
        expect(html).toContain("Games of Arch_Ann");
        expect(html).toContain("29 games");
        expect(distinct(gameLinks(html))).toHaveLength(24);
        expect(distinct(gameLinks(html))[0]).toBe(ids.scholars);
        // A board per game, drawn from the final position, from Ann's side.
        expect(html.match(/class="cg-wrap ks-static-board"/g)).toHaveLength(24);
        expect(html).toContain('role="img" aria-label="Final position"');
        expect(html).toMatch(/<piece class="queen white"><\/piece>/);
        expect(html).toContain('href="/games/archive/arch_ann?page=2"');
        const second = await suite.current.kingside.app.inject({ url: "/games/archive/arch_ann?page=2" });
        const secondIds = distinct(gameLinks(second.body));
        expect(secondIds).toHaveLength(5);
        expect(secondIds.slice(-2)).toEqual([ids.daily960, ids.foolsMate]);
        expect(second.body).toContain(`href="/game/${ids.daily960}"`);
        expect(second.body).toContain(`href="/callback/game/${ids.daily960}/pgn"`);
        const past = await suite.current.kingside.app.inject({ url: "/games/archive/arch_ann?page=9" });
        expect(past.statusCode).toBe(200);
        expect(past.body).toContain("This page is past the last one (2 pages).");
        expect(gameLinks(past.body)).toEqual([]);
      });

      it("filters by result, type, rules, opponent and dates through the GET form's fields", async () => {
        const page = async (query: string) => distinct(gameLinks((await suite.current.kingside.app.inject({ url: `/games/archive/arch_ann?${query}` })).body));
        expect(await page("result=loss")).toEqual([ids.foolsMate]);
        expect(await page("type=daily")).toEqual([ids.daily960]);
        expect(await page("rules=chess960&result=win")).toEqual([ids.daily960]);
        expect(await page("opponent=BOB")).toEqual([ids.daily960, ids.foolsMate]);
        expect(await page("from=2026-01-01&to=2026-02-02")).toEqual([ids.daily960, ids.foolsMate]);
        expect(await page("from=2026-01-01&to=2026-02-01")).toEqual([ids.foolsMate]);
        const unknown = await suite.current.kingside.app.inject({ url: "/games/archive/arch_ann?opponent=nobody_here" });
        expect(unknown.statusCode).toBe(200);
        expect(unknown.body).toContain("There is no member named nobody_here.");
        expect(gameLinks(unknown.body)).toEqual([]);
        // A value that is not a filter is ignored, not an error.
        expect(await page("type=classical&result=maybe")).toHaveLength(24);
      });

      it("shows the list view when asked, and a member's saved archiveView by default", async () => {
        const list = await suite.current.kingside.app.inject({ url: "/games/archive/arch_ann?view=list&result=loss" });
        expect(list.body).toContain('<table class="ks-archive-table">');
        expect(list.body).not.toContain("ks-static-board");
        expect(list.body).toContain("by checkmate");

        const alice = await browsers.as("alice");
        expect(await alice.html("/games/archive/arch_ann")).toContain("ks-static-board");
        const saved = await alice.postForm("/callback/user/archive-view", { archiveView: "list", redirectUrl: "/games/archive/arch_ann?result=loss" });
        expect(saved.status).toBe(303);
        expect(saved.headers.get("location")).toBe("/games/archive/arch_ann?result=loss");
        const html = await alice.html("/games/archive/arch_ann?result=loss");
        expect(html).toContain('<table class="ks-archive-table">');
        expect(html.match(/<button[^>]*name="archiveView"[^>]*>/g)).toEqual([expect.stringContaining('aria-pressed="false"'), expect.stringContaining('aria-pressed="true"')]);
        // The URL still wins over the preference.
        expect(await alice.html("/games/archive/arch_ann?view=grid")).toContain("ks-static-board");
        await alice.postForm("/callback/user/archive-view", { archiveView: "grid" });
      });

      it("answers 404 for an unknown member, and sends a visitor without a username to sign in", async () => {
        expect((await suite.current.kingside.app.inject({ url: "/games/archive/nobody_here" })).statusCode).toBe(404);
        const anonymous = await suite.current.kingside.app.inject({ url: "/games/archive" });
        expect(anonymous.statusCode).toBe(302);
        expect(anonymous.headers.location).toContain("redirectUrl=%2Fgames%2Farchive");
        const bobBrowser = await browsers.as("bob");
        const own = await bobBrowser.html("/games/archive");
        expect(own).toContain("Games of bob");
        expect(distinct(gameLinks(own))).toEqual([ids.daily960, ids.foolsMate]);
      });
    });

    describe("a game's PGN", () => {
      it("downloads any game's PGN, which a parser reads back with the Chess960 tags and clocks", async () => {
        const reply = await send(suite.current, `/callback/game/${ids.daily960}/pgn`);
        expect(reply.status).toBe(200);
        expect(reply.headers["content-type"]).toBe("application/x-chess-pgn; charset=utf-8");
        expect(reply.headers["content-disposition"]).toBe(`attachment; filename="kingside_${ids.daily960}.pgn"`);
        const parsed = parseGame(text(reply));
        expect(parsed.tags).toMatchObject({ White: "Arch_Ann", Black: "bob", Result: "1-0", Variant: "Chess960", SetUp: "1", Link: `http://${MAIN_HOST}/game/${ids.daily960}` });
        expect(text(reply)).toContain('[TimeControl "1/259200"]');
        const live = parseGame(text(await send(suite.current, `/callback/game/${ids.foolsMate}/pgn`)));
        expect(live.tags).toMatchObject({ Result: "0-1", Termination: "bob won by checkmate", WhiteElo: 1500, BlackElo: 1500 });
        expect(live.moves.map((move) => move.commentDiag?.clk)).toEqual(["0:03:00", "0:03:00", "0:03:01", "0:03:01"]);
      });

      it("answers 404 for an unknown or malformed game id", async () => {
        expect((await send(suite.current, "/callback/game/999999999/pgn")).status).toBe(404);
        expect((await send(suite.current, "/callback/game/abc/pgn")).status).toBe(404);
      });
    });

    describe("the public API's monthly archives", () => {
      it("lists the months with games as URLs on the API host", async () => {
        const reply = await send(suite.current, "/pub/player/Arch_Ann/games/archives");
        expect(reply.status).toBe(200);
        expect(json(reply)).toEqual({
          archives: ["https://api.kingside.test/pub/player/arch_ann/games/2026/01", "https://api.kingside.test/pub/player/arch_ann/games/2026/02", "https://api.kingside.test/pub/player/arch_ann/games/2026/03"],
        });
        expect(reply.headers["access-control-allow-origin"]).toBe("*");
        expect(reply.headers["cache-control"]).toBe("public, max-age=300");
        expect(reply.headers["set-cookie"]).toBeUndefined();
        const again = await send(suite.current, "/pub/player/arch_ann/games/archives", { "if-none-match": String(reply.headers.etag) });
        expect(again.status).toBe(304);
        expect(again.body.length).toBe(0);
        expect(again.headers["access-control-allow-origin"]).toBe("*");
      });

      it("gives a month's games in the shape public-API clients read", async () => {
        const reply = await send(suite.current, "/pub/player/arch_ann/games/2026/02");
        expect(reply.status).toBe(200);
        const body = json(reply);
        expect(body).toEqual({
          games: [
            {
              url: `https://kingside.test/game/${ids.daily960}`,
              pgn: expect.stringContaining('[Variant "Chess960"]'),
              time_control: "1/259200",
              start_time: Math.floor(Date.parse("2026-02-02T08:00:00Z") / 1000),
              end_time: expect.any(Number),
              rated: true,
              initial_setup: expect.any(String),
              fen: expect.any(String),
              time_class: "daily",
              rules: "chess960",
              white: { rating: 1500, result: "win", "@id": "https://api.kingside.test/pub/player/arch_ann", username: "Arch_Ann" },
              black: { rating: expect.any(Number), result: "resigned", "@id": "https://api.kingside.test/pub/player/bob", username: "bob" },
            },
          ],
        });
        expect(reply.headers["last-modified"]).toBeDefined();
        const january = json(await send(suite.current, "/pub/player/arch_ann/games/2026/01"));
        expect(january).toMatchObject({ games: [{ time_class: "blitz", rules: "chess", time_control: "180+2", white: { result: "checkmated" }, black: { result: "win" } }] });
        expect(JSON.stringify(january)).not.toContain("start_time");
        expect(json(await send(suite.current, "/pub/player/arch_ann/games/2025/12"))).toEqual({ games: [] });
      });

      it("compresses a month with gzip, answers 304 to a current copy, and the CORS preflight", async () => {
        const plain = await send(suite.current, "/pub/player/arch_ann/games/2026/03");
        const zipped = await send(suite.current, "/pub/player/arch_ann/games/2026/03", { "accept-encoding": "gzip" });
        expect(zipped.headers["content-encoding"]).toBe("gzip");
        expect(gunzipSync(zipped.body).toString("utf8")).toBe(text(plain));
        expect(zipped.headers.vary).toContain("accept-encoding");
        const notModified = await send(suite.current, "/pub/player/arch_ann/games/2026/03", { "if-none-match": String(plain.headers.etag) });
        expect(notModified.status).toBe(304);
        const preflight = await send(suite.current, "/pub/player/arch_ann/games/2026/03", { origin: "https://example.org", "access-control-request-method": "GET" }, "OPTIONS");
        expect(preflight.status).toBe(204);
        expect(preflight.headers["access-control-allow-methods"]).toBe("GET, HEAD, OPTIONS");
      });

      it("downloads a month as one multi-game PGN", async () => {
        const reply = await send(suite.current, "/pub/player/arch_ann/games/2026/03/pgn");
        expect(reply.status).toBe(200);
        expect(reply.headers["content-type"]).toBe("application/x-chess-pgn; charset=utf-8");
        expect(reply.headers["content-disposition"]).toBe('attachment; filename="kingside_arch_ann_202603.pgn"');
        const games = text(reply).split(/\n\n(?=\[Event )/);
        expect(games).toHaveLength(27);
        expect(games.map((game) => parseGame(game).tags?.Result)).toEqual([...Array.from({ length: 26 }, () => "0-1"), "1-0"]);
      });

      it("answers on the api host without /pub", async () => {
        const reply = await send(suite.current, "/player/arch_ann/games/archives", { host: `api.${MAIN_HOST}` });
        expect(reply.status).toBe(200);
        expect(json(reply)).toMatchObject({ archives: expect.arrayContaining(["https://api.kingside.test/pub/player/arch_ann/games/2026/01"]) });
      });

      it("refuses unknown members, guests and months that are not months", async () => {
        for (const path of [
          "/pub/player/nobody_here/games/archives",
          "/pub/player/nobody_here/games/2026/01",
          "/pub/player/arch_ann/games/2026/13",
          "/pub/player/arch_ann/games/2026/1",
          "/pub/player/arch_ann/games/26/01",
          "/pub/player/arch_ann/games/2026/00/pgn",
        ]) {
          const reply = await send(suite.current, path);
          expect(reply.status, path).toBe(404);
          expect(json(reply), path).toMatchObject({ code: "not_found" });
          expect(reply.headers["access-control-allow-origin"], path).toBe("*");
        }
      });
    });

    describe("real figures on the profile and the card", () => {
      it("shows ratings on the profile, provisional ones with a '?'", async () => {
        const html = (await suite.current.kingside.app.inject({ url: "/member/arch_ann" })).body;
        expect(html).not.toContain("has no rated games");
        expect(html).toMatch(/Blitz<\/span><strong class="ks-rating-provisional"[^>]*>[\d,]+<span aria-hidden="true">\?<\/span>/);
        expect(html).toContain("Daily Chess960");
        expect(html).toContain('href="/games/archive/arch_ann">Games archive</a>');
      });

      it("gives the card at most three ratings, the main and the best rating with their types", async () => {
        const alice = await browsers.as("alice");
        const reply = await alice.request("GET", "/callback/user/popup/arch_ann", { headers: { accept: "application/json" } });
        // The browser's card reads the answer with its own schema: the new fields must fit it.
        const { user } = popupResponseSchema.parse(await reply.json());
        expect(user.ratings.map((rating) => rating.type)).toEqual(["blitz", "daily960"]);
        expect(user.ratings.every((rating) => rating.provisional)).toBe(true);
        expect(user).toMatchObject({ ratingType: "blitz", rating: expect.any(Number), bestRating: expect.any(Number), bestRatingType: expect.any(String) });
      });

      it("scores the viewer against a member, and lists the viewer's recent opponents", async () => {
        const bobBrowser = await browsers.as("bob");
        const score = await bobBrowser.request("GET", "/callback/user/lifetime-score/bob/arch_ann", { headers: { accept: "application/json" } });
        expect(await score.json()).toEqual({ win: 1, lose: 1, draw: 0 });
        const opponents = await bobBrowser.request("GET", "/callback/recent/opponents", { headers: { accept: "application/json" } });
        expect(await opponents.json()).toMatchObject({ opponents: expect.arrayContaining([{ username: "Arch_Ann", chessTitle: null }]) });
        expect((await bobBrowser.request("GET", "/callback/user/lifetime-score/bob/nobody_here", { headers: { accept: "application/json" } })).status).toBe(404);
      });
    });
  });
}
