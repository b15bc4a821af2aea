import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../accounts/accounts.tables.server.ts";
import { clubMembers, clubs } from "../../clubs/clubs.tables.server.ts";
import { localChessWebApi, type ChessWebApiResponse } from "../../../test/chess-web-api-client.ts";
import { databaseTargets } from "../../../test/databases.ts";
import { browsersForSuite } from "../../../test/signed-in.ts";
import { appForSuite } from "../../../test/start-app.ts";
import { teamMatchChallenges } from "../team-matches.tables.server.ts";

type Json = Record<string, unknown>;
interface MatchEntry {
  readonly name: string;
  readonly "@id": string;
  readonly opponent?: string;
  readonly result?: string;
  readonly club?: string;
  readonly board?: string;
  readonly results?: Record<string, string>;
  readonly time_class?: string;
}
interface Lists {
  readonly finished: MatchEntry[];
  readonly in_progress: MatchEntry[];
  readonly registered: MatchEntry[];
}
interface Team {
  readonly name: string;
  readonly score: number;
  readonly result?: string;
  readonly players: { username: string; board?: string; rating: number; played_as_white?: string; played_as_black?: string }[];
}
interface ChessWebApiClient {
  getClubMatches(urlId: string): Promise<ChessWebApiResponse<Lists>>;
  getTeamMatch(id: number): Promise<ChessWebApiResponse<Json & { status: string; settings: Json; teams: { team1: Team; team2: Team } }>>;
  getTeamMatchBoard(id: number, board: number): Promise<ChessWebApiResponse<{ board_scores: Record<string, number>; games: { url: string; white: { username: string; result: string }; black: { username: string; result: string }; time_control: string }[] }>>;
  getTeamLiveMatch(id: number): Promise<ChessWebApiResponse<Json>>;
  getPlayerMatches(username: string): Promise<ChessWebApiResponse<Lists>>;
}

const dailyTerms = { kind: "daily", rules: "standard", daysPerMove: 3, rated: true, maxBoards: 5, startsInHours: 24 } as const;

/** The team-match public API read back with the chess-web-api npm client, from matches played through the site. */
describe.each(databaseTargets())("the team-match public API through chess-web-api on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true, demoGames: 0 });
  const db = () => suite.current.kingside.database.db;
  const { as } = browsersForSuite(suite);

  async function clubId(url: string): Promise<number> {
    const [row] = await db().select({ id: clubs.id }).from(clubs).where(eq(clubs.url, url));
    if (!row) throw new Error(`no club ${url}`);
    return row.id;
  }
  async function plainMember(club: number, other: number): Promise<{ id: number; username: string }> {
    const [row] = await db()
      .select({ id: users.id, username: users.username })
      .from(clubMembers)
      .innerJoin(users, eq(users.id, clubMembers.userId))
      .where(and(eq(clubMembers.clubId, club), sql`not exists (select 1 from club_members m where m.club_id = ${other} and m.user_id = ${clubMembers.userId})`, sql`not exists (select 1 from club_roles r where r.club_id = ${club} and r.user_id = ${clubMembers.userId})`, sql`${users.membershipLevel} >= 10`))
      .orderBy(users.id)
      .limit(1);
    if (!row) throw new Error("the demo clubs have members");
    const [alice] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.usernameKey, "alice"));
    await db().update(users).set({ passwordHash: alice?.hash ?? null }).where(eq(users.id, row.id));
    return row;
  }
  async function agreedMatch(terms: Record<string, unknown>): Promise<number> {
    const knights = await clubId("kingside-knights");
    const madrid = await clubId("madrid-masters");
    const sent = await (await as("alice")).post(`/callback/clubs/match_challenge/new/${knights}`, { ...terms, opponentClubId: madrid });
    expect(sent.status).toBe(200);
    const [challenge] = await db().select({ id: teamMatchChallenges.id }).from(teamMatchChallenges).orderBy(desc(teamMatchChallenges.id)).limit(1);
    const accepted = (await (await as("carla")).post(`/callback/clubs/match_challenge/${challenge?.id ?? 0}/accept/${madrid}`).then((response) => response.json())) as { matchId: number };
    return accepted.matchId;
  }
  async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const until = Date.now() + 10_000;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > until) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("lists a club's and a player's matches, and reads a finished match and its board", async () => {
    const knights = await clubId("kingside-knights");
    const madrid = await clubId("madrid-masters");
    const knight = await plainMember(knights, madrid);
    const rival = await plainMember(madrid, knights);
    const client = localChessWebApi<ChessWebApiClient>(suite.current.baseUrl);

    const played = await agreedMatch({ ...dailyTerms, name: "API Finished" });
    const registering = await agreedMatch({ ...dailyTerms, name: "API Registering" });
    for (const name of [knight.username, rival.username]) {
      expect((await (await as(name)).post(`/club/matches/join/${played}`)).status).toBe(200);
    }
    expect((await (await as(knight.username)).post(`/club/matches/join/${registering}`)).status).toBe(200);
    expect((await (await as("alice")).post(`/club/matches/start/${played}`)).status).toBe(200);

    // Running: the club lists it in progress, the player too, with the board.
    const running = await client.getClubMatches("kingside-knights");
    expect(running.body.in_progress.map((entry) => entry.name)).toContain("API Finished");
    expect(running.body.registered.find((entry) => entry.name === "API Registering")).toMatchObject({ "@id": expect.stringMatching(new RegExp(`/pub/match/${registering}$`)), opponent: expect.stringMatching(/\/pub\/club\/madrid-masters$/), time_class: "daily" });
    expect(running.headers["access-control-allow-origin"]).toBe("*");
    expect(running.headers.etag).toBeTruthy();

    // The Madrid player resigns both games: the Knights win 2–0.
    const match = (await client.getTeamMatch(played)).body;
    expect(match.status).toBe("in_progress");
    const board = await client.getTeamMatchBoard(played, 1);
    expect(board.body.games).toHaveLength(2);
    const gameIds = board.body.games.map((game) => Number(/(\d+)$/.exec(game.url)?.[1]));
    for (const gameId of gameIds) expect((await suite.current.kingside.services.games.act({ id: rival.id, username: rival.username, level: 10 }, gameId, "resign")).ok).toBe(true);
    await waitFor(async () => (await client.getTeamMatch(played)).body.status, (status) => status === "finished");

    const finished = (await client.getTeamMatch(played)).body;
    expect(finished).toMatchObject({ name: "API Finished", status: "finished", boards: 1, settings: { rules: "chess", time_class: "daily", time_control: "1/259200" } });
    expect(String(finished.url)).toMatch(new RegExp(`/club/matches/${played}$`));
    expect(finished.teams.team1).toMatchObject({ name: "Kingside Knights", score: 2, result: "win" });
    expect(finished.teams.team2).toMatchObject({ name: "Madrid Masters", score: 0, result: "lose" });
    expect(finished.teams.team1.players).toEqual([expect.objectContaining({ username: knight.username, board: expect.stringMatching(new RegExp(`/pub/match/${played}/1$`)), played_as_white: "win", played_as_black: "win" })]);
    expect(finished.teams.team2.players).toEqual([expect.objectContaining({ username: rival.username, played_as_white: "resigned", played_as_black: "resigned" })]);

    const boardRead = (await client.getTeamMatchBoard(played, 1)).body;
    expect(boardRead.board_scores).toEqual({ [knight.username.toLowerCase()]: 2, [rival.username.toLowerCase()]: 0 });
    expect(boardRead.games.map((game) => [game.white.username, game.white.result, game.black.username, game.black.result, game.time_control]).sort()).toEqual(
      [
        [knight.username, "win", rival.username, "resigned", "1/259200"],
        [rival.username, "resigned", knight.username, "win", "1/259200"],
      ].sort(),
    );

    const clubLists = (await client.getClubMatches("kingside-knights")).body;
    expect(clubLists.finished.find((entry) => entry.name === "API Finished")).toMatchObject({ result: "win", opponent: expect.stringMatching(/madrid-masters$/) });
    expect((await client.getClubMatches(String(madrid))).body.finished.find((entry) => entry.name === "API Finished")).toMatchObject({ result: "lose" });

    const mine = (await client.getPlayerMatches(knight.username.toLowerCase())).body;
    expect(mine.finished.find((entry) => entry.name === "API Finished")).toMatchObject({ club: expect.stringMatching(/kingside-knights$/), results: { played_as_white: "win", played_as_black: "win" }, board: expect.stringMatching(/\/1$/) });
    // The demo's own open registration may hold this member too; the finished match is no longer there.
    expect(mine.registered).toContainEqual(expect.objectContaining({ name: "API Registering", "@id": expect.stringMatching(new RegExp(`/${registering}$`)) }));
    expect(mine.registered.map((entry) => entry.name)).not.toContain("API Finished");
    expect(mine.in_progress).toEqual([]);
    // The live path of a match answers the same body.
    expect((await client.getTeamLiveMatch(played)).body).toEqual(finished);
  });

  it("answers 404 for unknown matches, boards, clubs and players, and a malformed id", async () => {
    const client = localChessWebApi<ChessWebApiClient>(suite.current.baseUrl);
    await expect(client.getTeamMatch(999_999)).rejects.toMatchObject({ statusCode: 404 });
    await expect(client.getClubMatches("no-such-club-anywhere")).rejects.toMatchObject({ statusCode: 404 });
    await expect(client.getPlayerMatches("nobody-here-at-all")).rejects.toMatchObject({ statusCode: 404 });
    const registering = await agreedMatch({ ...dailyTerms, name: "API Unpaired" });
    // Not paired yet: no board 1.
    await expect(client.getTeamMatchBoard(registering, 1)).rejects.toMatchObject({ statusCode: 404 });
    expect((await fetch(`${suite.current.baseUrl}/pub/match/12ab`)).status).toBe(404);
    expect((await fetch(`${suite.current.baseUrl}/pub/match/99999999999`)).status).toBe(404);
  });
});
