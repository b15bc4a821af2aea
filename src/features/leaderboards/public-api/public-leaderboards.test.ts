import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../accounts/accounts.tables.server.ts";
import { ratings } from "../../ratings/ratings.tables.server.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { localChessWebApi, type ChessWebApiResponse } from "../../../test/chess-web-api-client.ts";

interface PublicLeader {
  player_id: number;
  "@id": string;
  url: string;
  username: string;
  score: number;
  rank: number;
}
interface StatsEntry {
  last: { rating: number; date: number; rd: number };
  best?: { rating: number; date: number; game: string };
  record: { win: number; loss: number; draw: number };
}

/** The public leaderboards and player stats read back with the chess-web-api npm client. */
interface ChessWebApiClient {
  getLeaderboards(): Promise<ChessWebApiResponse<Record<string, PublicLeader[]>>>;
  getPlayerStats(username: string): Promise<ChessWebApiResponse<Record<string, StatsEntry>>>;
  getCountryPlayers(iso: string): Promise<ChessWebApiResponse<{ players: string[] }>>;
  getTitledPlayers(title: string): Promise<ChessWebApiResponse<{ players: string[] }>>;
}

describe.each(databaseTargets())("the public leaderboards API through chess-web-api on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true });
  const db = () => suite.current.kingside.database.db;
  const client = () => localChessWebApi<ChessWebApiClient>(suite.current.baseUrl);

  it("lists every public board, each in rank order from 1, in the brute-force order of the established ratings", async () => {
    const read = await client().getLeaderboards();
    expect(read.statusCode).toBe(200);
    expect(Object.keys(read.body)).toEqual(["daily", "daily960", "live_rapid", "live_blitz", "live_bullet", "live_bughouse", "live_blitz960", "live_threecheck", "live_crazyhouse", "live_kingofthehill", "lessons", "tactics"]);
    expect(read.body.lessons).toEqual([]);
    const blitz = read.body.live_blitz ?? [];
    expect(blitz.length).toBeGreaterThan(2);
    expect(blitz.length).toBeLessThanOrEqual(50);
    // Brute force: the demo's established blitz ratings of active members, best first, ties to the lower id.
    const rows = await db().select({ memberId: ratings.memberId, rating: ratings.rating, deviation: ratings.deviation, username: users.username }).from(ratings).innerJoin(users, eq(users.id, ratings.memberId)).where(eq(ratings.ratingType, "blitz"));
    const expected = rows.filter((row) => row.deviation <= 110).sort((a, b) => b.rating - a.rating || a.memberId - b.memberId).slice(0, 50);
    expect(blitz.map((leader) => [leader.rank, leader.username, leader.score, leader.player_id])).toEqual(expected.map((row, index) => [index + 1, row.username, Math.round(row.rating), row.memberId]));
    const first = blitz[0];
    expect(first?.["@id"]).toMatch(new RegExp(`/pub/player/${first?.username.toLowerCase()}$`));
    expect(first?.url).toMatch(new RegExp(`/member/${first?.username.toLowerCase()}$`));
    expect(read.headers["cache-control"]).toBe("public, max-age=300");
    expect(read.headers["access-control-allow-origin"]).toBe("*");
    const again = await fetch(`${suite.current.baseUrl}/pub/leaderboards`, { headers: { "if-none-match": read.headers.etag ?? "" } });
    expect(again.status).toBe(304);
  });

  it("gives a player's record per type under the widely used keys, with last, best and record, and 404 for nobody", async () => {
    // A demo member with a blitz rating and a best game.
    const [player] = await db().select({ memberId: ratings.memberId, username: users.username }).from(ratings).innerJoin(users, eq(users.id, ratings.memberId)).where(and(eq(ratings.ratingType, "blitz"), isNotNull(ratings.bestGameId))).limit(1);
    if (!player) throw new Error("the demo has no blitz ratings");
    const [blitz] = await db().select().from(ratings).where(and(eq(ratings.memberId, player.memberId), eq(ratings.ratingType, "blitz")));
    const read = await client().getPlayerStats(player.username.toLowerCase());
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBeTruthy();
    expect(read.headers["last-modified"]).toBeTruthy();
    if (!blitz) throw new Error("no blitz rating");
    expect(read.body.chess_blitz).toMatchObject({ last: { rating: Math.round(blitz.rating), rd: Math.round(blitz.deviation), date: Math.floor(blitz.updatedAt.getTime() / 1000) }, record: { win: blitz.wins, loss: blitz.losses, draw: blitz.draws } });
    expect(read.body.chess_blitz?.best).toMatchObject({ rating: blitz.best, game: expect.stringMatching(new RegExp(`/game/${blitz.bestGameId}$`)) });
    expect(Object.keys(read.body).every((key) => /^(chess|chess960|crazyhouse|kingofthehill|threecheck|bughouse)_(daily|live|rapid|blitz|bullet)$/.test(key))).toBe(true);
    await expect(client().getPlayerStats("no-such-member-here")).rejects.toMatchObject({ statusCode: 404 });
  });

  it("lists a country's members by username, and 404 for a code that is no country", async () => {
    const [member] = await db().select({ countryCode: users.countryCode }).from(users).where(eq(users.usernameKey, "alice"));
    const code = member?.countryCode ?? "US";
    const expected = (await db().select({ key: users.usernameKey }).from(users).where(eq(users.countryCode, code))).map((row) => row.key).sort();
    const read = await client().getCountryPlayers(code.toLowerCase());
    expect(read.statusCode).toBe(200);
    expect(read.body.players).toEqual(expected);
    expect(read.body.players).toContain("alice");
    expect(read.headers["cache-control"]).toBe("public, max-age=300");
    await expect(client().getCountryPlayers("QQ")).rejects.toMatchObject({ statusCode: 404 });
  });

  it("lists the members holding a title by username, with the player API's caching headers, and 404 in the API's error shape for a title that is none", async () => {
    const titled = await db().select({ key: users.usernameKey, title: users.chessTitle }).from(users).where(isNotNull(users.chessTitle));
    const title = titled.find((row) => row.title === "GM") ? "GM" : (titled[0]?.title ?? "GM");
    const expected = titled.filter((row) => row.title === title).map((row) => row.key).sort();
    expect(expected.length).toBeGreaterThan(0);
    const read = await client().getTitledPlayers(title);
    expect(read.statusCode).toBe(200);
    expect(read.body).toEqual({ players: expected });
    expect(read.headers["cache-control"]).toBe("public, max-age=300");
    expect(read.headers["access-control-allow-origin"]).toBe("*");
    expect(read.headers.etag).toBeTruthy();
    const again = await fetch(`${suite.current.baseUrl}/pub/titled/${title}`, { headers: { "if-none-match": read.headers.etag ?? "" } });
    expect(again.status).toBe(304);
    // A title nobody holds is an empty list, not an error; one that is no public title (M, a made-up one) is a 404.
    for (const other of ["GM", "IM", "FM", "CM", "NM", "WGM", "WIM", "WFM", "WCM", "WNM"]) {
      if (!titled.some((row) => row.title === other)) expect((await client().getTitledPlayers(other)).body).toEqual({ players: [] });
    }
    for (const unknown of ["M", "XX", "GMM"]) {
      await expect(client().getTitledPlayers(unknown)).rejects.toMatchObject({ statusCode: 404 });
      const refused = await fetch(`${suite.current.baseUrl}/pub/titled/${unknown}`);
      expect(refused.status).toBe(404);
      const country = await fetch(`${suite.current.baseUrl}/pub/country/QQ/players`);
      expect(await refused.json()).toEqual(await country.json());
    }
  });
});
