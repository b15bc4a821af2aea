import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { demoPassword } from "../../../server/seed/demo-data.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite, rawGet } from "../../../test/start-app.ts";
import { createTestBrowser, signIn } from "../../accounts/two-factor/test-browser.ts";

/**
 * Issue 19 item 7 (docs/decisions/0043): a public API answer links only to
 * URLs that answer. /pub/country/{code} is the country profile every player
 * and club links to, in the widely used public chess API's shape.
 */

/** Every absolute URL anywhere in a JSON value. */
function urlsIn(value: unknown): string[] {
  if (typeof value === "string") return /^https?:\/\//.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(urlsIn);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(urlsIn);
  return [];
}

const picture = (): Promise<Buffer> => sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 30, g: 140, b: 90 } } }).png().toBuffer();

describe.each(databaseTargets())("the public API's links on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true, uploadsDir: mkdtempSync(join(tmpdir(), "kingside-api-links-")) });
  const base = () => suite.current.baseUrl;

  it("answers 200 at every URL a player's and a club's answers link to, and at every URL those link to", async () => {
    // Alice gets an avatar and gives her club an icon through the site's own forms, so their links are followed too.
    const alice = createTestBrowser(base());
    expect((await signIn(alice, "alice", demoPassword)).status).toBe(303);
    const image = { data: await picture(), name: "me.png", type: "image/png" };
    expect((await alice.upload("/settings/avatar", { avatar: image })).status).toBe(303);
    expect((await alice.upload("/callback/club/edit/kingside-knights", { avatar: image }, { name: "Kingside Knights", joinPolicy: "open", country: "GB" })).status).toBe(303);

    const starts = ["/pub/player/alice", "/pub/player/alice/clubs", "/pub/club/kingside-knights", "/pub/club/kingside-knights/members"].map((path) => `${base()}${path}`);
    const seen = new Set<string>(starts);
    const queue = [...starts];
    const failures: string[] = [];
    const followed: string[] = [];
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      const response = await fetch(url);
      followed.push(url);
      if (response.status !== 200) failures.push(`${response.status} ${url}`);
      if (!url.startsWith(`${base()}/pub/`) || response.status !== 200) continue;
      for (const link of urlsIn(await response.json())) {
        if (seen.has(link)) continue;
        seen.add(link);
        queue.push(link);
      }
    }
    expect(failures).toEqual([]);
    const paths = followed.map((url) => new URL(url).pathname);
    // The crawl reached every kind of link: countries, members' pages, players, clubs, an avatar and an icon.
    expect(paths).toEqual(expect.arrayContaining(["/pub/country/GB", "/member/alice", "/club/kingside-knights", "/pub/player/alice"]));
    expect(paths.filter((path) => path.startsWith("/uploads/"))).toHaveLength(2);
  });

  it("answers a country's profile in the widely used API's shape, by either case, with the API's caching and CORS", async () => {
    const response = await fetch(`${base()}/pub/country/gb`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ "@id": `${base()}/pub/country/GB`, name: "United Kingdom", code: "GB" });
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(response.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await (await fetch(`${base()}/pub/country/XX`)).json()).toEqual({ "@id": `${base()}/pub/country/XX`, name: "International", code: "XX" });
  });

  it("answers on the api host without /pub, linking to the canonical /pub address", async () => {
    const response = await rawGet(base(), "/country/DE", { host: "api.kingside.test" });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ "@id": "https://api.kingside.test/pub/country/DE", name: "Germany", code: "DE" });
  });

  it.each(["QQ", "ZZ", "GBR", "G", "1A", "G%20"])("answers the API's JSON 404 for the unknown or malformed code %s", async (code) => {
    const response = await fetch(`${base()}/pub/country/${code}`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ code: "not_found", message: "Not found." });
  });
});
