import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../accounts/accounts.tables.server.ts";
import { ratings } from "../../ratings/ratings.tables.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { localChessWebApi, type ChessWebApiResponse } from "../../../test/chess-web-api-client.ts";
import { createTestClub } from "../club-fixture.server.ts";

/** The public club endpoints read back with the chess-web-api npm client, as existing public-API clients read them. */
interface ChessWebApiClient {
  getClub(urlId: string): Promise<ChessWebApiResponse<Record<string, unknown>>>;
  getClubMembers(urlId: string): Promise<ChessWebApiResponse<{ weekly: { username: string; joined: number }[]; monthly: unknown[]; all_time: unknown[] }>>;
  getPlayerClubs(username: string): Promise<ChessWebApiResponse<{ clubs: { "@id": string; name: string; url: string; joined: number }[] }>>;
}

const localClient = (baseUrl: string) => localChessWebApi<ChessWebApiClient>(baseUrl);

describe.each(databaseTargets())("the public club API through chess-web-api on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const db = () => suite.current.kingside.database.db;
  const idOf = async (username: string) => {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.usernameKey, username));
    if (!row) throw new Error(username);
    return row.id;
  };

  it("reads a club, its members and a player's clubs, by slug and by numeric id, with the player endpoint's caching", async () => {
    const club = await createTestClub(db(), { owner: await idOf("carla"), admins: [await idOf("bob")], members: [await idOf("alice")], name: "Public Readers", url: "public-readers" });
    const client = localClient(suite.current.baseUrl);

    const read = await client.getClub("public-readers");
    expect(read.statusCode).toBe(200);
    expect(read.body).toMatchObject({ name: "Public Readers", club_id: club.id, members_count: 3, visibility: "public" });
    // No image uploaded: the default club image, which the site serves.
    expect(String(read.body.icon)).toMatch(/^https?:\/\/[^/]+\/images\/default-club\.svg$/);
    const iconResponse = await fetch(`${suite.current.baseUrl}/images/default-club.svg`);
    expect([iconResponse.status, iconResponse.headers.get("content-type")]).toEqual([200, expect.stringContaining("image/svg+xml")]);
    expect(String(read.body["@id"])).toMatch(/\/pub\/club\/public-readers$/);
    expect(read.body.admin).toEqual(expect.arrayContaining([expect.stringMatching(/\/player\/carla$/), expect.stringMatching(/\/player\/bob$/)]));
    expect(read.headers["cache-control"]).toBe("public, max-age=300");
    expect(read.headers.etag).toBeTruthy();
    expect(read.headers["access-control-allow-origin"]).toBe("*");
    expect((await client.getClub(String(club.id))).body).toMatchObject({ name: "Public Readers" });

    const members = await client.getClubMembers("public-readers");
    expect(members.statusCode).toBe(200);
    expect(members.body.weekly.map((entry) => entry.username).sort()).toEqual(["alice", "bob", "carla"]);
    expect(members.body.monthly).toEqual([]);
    expect(members.body.all_time).toEqual([]);

    const clubs = await client.getPlayerClubs("alice");
    expect(clubs.body.clubs).toContainEqual(expect.objectContaining({ name: "Public Readers", url: expect.stringMatching(/\/club\/public-readers$/) }));
    // The demo club alice owns is there too.
    expect(clubs.body.clubs.map((entry) => entry.name)).toContain("Kingside Knights");
  });

  it("carries the average daily rating of the members who have one", async () => {
    const [carla, bob, alice] = [await idOf("carla"), await idOf("bob"), await idOf("alice")];
    await createTestClub(db(), { owner: carla, admins: [bob], members: [alice], name: "Rated Readers", url: "rated-readers" });
    // carla 1600 and bob 1401 daily; alice has no daily rating (her blitz does not count).
    await db().delete(ratings).where(inArray(ratings.memberId, [carla, bob, alice]));
    const row = (memberId: number, ratingType: string, rating: number) => ({ memberId, ratingType, rating, deviation: 60, volatility: 0.06, games: 20 });
    await db().insert(ratings).values([row(carla, "daily", 1600.4), row(bob, "daily", 1401.2), row(alice, "blitz", 2500)]);
    const read = await localClient(suite.current.baseUrl).getClub("rated-readers");
    expect(read.body.average_daily_rating).toBe(1501);
  });

  it("answers 404 for a club that does not exist, through the client as a refusal", async () => {
    const client = localClient(suite.current.baseUrl);
    await expect(client.getClub("no-such-club-anywhere")).rejects.toMatchObject({ statusCode: 404 });
    const raw = await fetch(`${suite.current.baseUrl}/pub/club/bad.slug`);
    expect(raw.status).toBe(404);
  });
});
