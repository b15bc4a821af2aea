import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../accounts/accounts.tables.server.ts";
import { ratings } from "../ratings/ratings.tables.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { appForSuite } from "../../test/start-app.ts";

/** The leaders a page's HTML lists, in order: [rank text, username]. */
function leadersOf(html: string): [string, string][] {
  return [...html.matchAll(/<tr data-username="([^"]+)"><td class="[^"]*"><a href="[^"]+" aria-label="[^"]*">#<!-- -->(\d+)<\/a>/g)].map((match) => [match[2] ?? "", match[1] ?? ""]);
}

describe.each(databaseTargets())("the leaderboard pages on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const db = () => suite.current.kingside.database.db;
  const get = (path: string) => fetch(`${suite.current.baseUrl}${path}`, { redirect: "manual" });

  /** The demo's established blitz ratings, best first, ties to the lower id: the brute-force order. */
  async function expectedBlitz() {
    const rows = await db().select({ memberId: ratings.memberId, rating: ratings.rating, deviation: ratings.deviation, username: users.username }).from(ratings).innerJoin(users, eq(users.id, ratings.memberId)).where(eq(ratings.ratingType, "blitz"));
    return rows.filter((row) => row.deviation <= 110).sort((a, b) => b.rating - a.rating || a.memberId - b.memberId);
  }

  it("renders the blitz board in rank order with stats links, medals, the Rating column and won/drawn/lost shares to one decimal", async () => {
    const reply = await get("/leaderboard/live/blitz");
    expect(reply.status).toBe(200);
    const html = await reply.text();
    const expected = (await expectedBlitz()).slice(0, 50);
    expect(leadersOf(html)).toEqual(expected.map((row, index) => [String(index + 1), row.username]));
    const first = expected[0];
    expect(html).toContain(`href="/stats/live/blitz/${first?.username.toLowerCase()}"`);
    expect(html).toContain("ks-leaderboard-rank-gold");
    expect(html).toMatch(/<th scope="col" class="ks-leaderboard-number">Rating<\/th>/);
    expect(html).toMatch(/\d+ \(\d+\.\d%\)/);
  });

  it("shows the 90-day trend after a rebuild: places climbed and points won against the day's snapshot", async () => {
    await get("/leaderboard/live/bullet");
    const services = suite.current.kingside.services;
    const rows = await db().select({ memberId: ratings.memberId, rating: ratings.rating, username: users.username }).from(ratings).innerJoin(users, eq(users.id, ratings.memberId)).where(and(eq(ratings.ratingType, "bullet")));
    const ranked = (await services.ratingRanks.page("bullet", { offset: 0, limit: 200 })).rows;
    const last = ranked.at(-1);
    if (!last || ranked.length < 3) throw new Error("the demo's bullet board is too small");
    const climber = rows.find((row) => row.memberId === last.memberId);
    await db().update(ratings).set({ rating: 4000 }).where(and(eq(ratings.memberId, last.memberId), eq(ratings.ratingType, "bullet")));
    await services.leaderboards.rankBuilds.rebuild("bullet");
    const html = await (await get("/leaderboard/live/bullet")).text();
    expect(leadersOf(html)[0]).toEqual(["1", climber?.username]);
    const labels = [...html.matchAll(/class="ks-leaderboard-delta[^"]*" role="img" aria-label="([^"]+)"/g)].map((match) => match[1]);
    expect(labels.slice(0, 2)).toEqual([`Up ${ranked.length - 1} places in 90 days`, `${(4000 - last.rating).toLocaleString("en-US")} points more than 90 days ago`]);
    expect(labels[2]).toBe("Down 1 place in 90 days");
  });

  it("refuses malformed filters with their reason and no leaders, and sends a visitor asking for friends to sign in", async () => {
    for (const [query, message] of [
      ["page=0", "The page must be a whole number from 1."],
      ["page=two", "The page must be a whole number from 1."],
      ["country=QQ", "The country filter needs a two-letter country code, such as NO."],
      ["verified=yes", "The verified filter is written verified=1."],
      ["type=day", "Only the Puzzle Rush leaderboard has time windows."],
    ] as const) {
      const reply = await get(`/leaderboard/live/blitz?${query}`);
      expect(reply.status, query).toBe(400);
      const html = await reply.text();
      expect(html).toContain(message);
      expect(leadersOf(html)).toEqual([]);
    }
    const friends = await get("/leaderboard/live/blitz?friendsOnly=1");
    expect(friends.status).toBe(302);
    expect(friends.headers.get("location")).toMatch(/login/);
  });

  it("narrows to a country and pages on: page 2 of a short board and an unbuilt activity's board say the leaderboard is unavailable", async () => {
    const expected = await expectedBlitz();
    const [member] = await db().select({ countryCode: users.countryCode }).from(users).where(eq(users.id, expected[0]?.memberId ?? 0));
    const code = member?.countryCode ?? "US";
    const inCountry = await db().select({ id: users.id }).from(users).where(eq(users.countryCode, code));
    const ids = new Set(inCountry.map((row) => row.id));
    const html = await (await get(`/leaderboard/live/blitz?country=${code}`)).text();
    expect(leadersOf(html)).toEqual(expected.filter((row) => ids.has(row.memberId)).slice(0, 50).map((row, index) => [String(index + 1), row.username]));
    if (expected.length <= 50) expect(await (await get("/leaderboard/live/blitz?page=2")).text()).toContain("Leaderboard currently unavailable");
    expect(await (await get("/leaderboard/tactics")).text()).toContain("Leaderboard currently unavailable");
  });
});
