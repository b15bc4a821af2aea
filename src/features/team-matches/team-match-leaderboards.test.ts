import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../accounts/accounts.tables.server.ts";
import { clubMembers, clubs } from "../clubs/clubs.tables.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { browsersForSuite } from "../../test/signed-in.ts";
import { appForSuite } from "../../test/start-app.ts";
import { teamMatches, teamMatchGames } from "./team-matches.tables.server.ts";

interface LeaderboardBody {
  readonly code?: string;
  readonly leaders: { rank: number; score: number; user: { username: string }; winRate: number; totalWinCount: number; totalDrawCount: number; totalLossCount: number; totalGameCount: number }[];
  readonly pagination: { currentPage: number; totalPages: number; totalResultsCount: number; morePages: boolean };
}

/**
 * The club leaderboards (decision 0076): members ranked by the points they
 * scored for their club in its daily or live team matches, read through the
 * callbacks and the pages, from team-match boards written in the database.
 */
describe.each(databaseTargets())("club team-match leaderboards on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true, demoGames: 0 });
  const db = () => suite.current.kingside.database.db;
  const { anonymous } = browsersForSuite(suite);
  const json = async (path: string) => {
    const response = await anonymous().request("GET", path);
    return { status: response.status, body: (await response.json()) as LeaderboardBody };
  };

  async function clubId(url: string): Promise<number> {
    const [row] = await db().select({ id: clubs.id }).from(clubs).where(eq(clubs.url, url));
    if (!row) throw new Error(`no club ${url}`);
    return row.id;
  }
  /** Members of a club who are not in the other one, by id. */
  async function membersOnly(club: number, other: number, count: number) {
    return db()
      .select({ id: users.id, username: users.username })
      .from(clubMembers)
      .innerJoin(users, eq(users.id, clubMembers.userId))
      .where(and(eq(clubMembers.clubId, club), sql`not exists (select 1 from club_members m where m.club_id = ${other} and m.user_id = ${clubMembers.userId})`))
      .orderBy(users.id)
      .limit(count);
  }
  let nextGameId = 9_000_000;
  async function matchWith(kind: "daily" | "live", clubA: number, clubB: number, games: { board: number; a: number | null; b: number | null; pointsA2: number | null; forfeit?: boolean }[]) {
    const [match] = await db()
      .insert(teamMatches)
      .values({ clubAId: clubA, clubBId: clubB, name: `Leaderboard ${kind}`, kind, rules: "standard", daysPerMove: kind === "daily" ? 3 : null, baseSeconds: kind === "live" ? 600 : null, incrementSeconds: kind === "live" ? 0 : null, rated: true, maxBoards: 10, gamesPerBoard: 2, startsAt: new Date(), status: "in_progress", startedAt: new Date() })
      .returning({ id: teamMatches.id });
    const matchId = match?.id ?? 0;
    await db()
      .insert(teamMatchGames)
      .values(games.map((game, index) => ({ matchId, board: game.board, gameId: game.forfeit ? null : nextGameId++, playerAId: game.a, playerBId: game.b, ratingA: 1500, ratingB: 1500, aWhite: index % 2 === 0, pointsA2: game.pointsA2, reason: game.forfeit ? "forfeit" : game.pointsA2 === null ? null : "resign" })));
    return matchId;
  }

  it("ranks each club's members by points, then win rate, from played games only, per kind", async () => {
    const knights = await clubId("kingside-knights");
    const madrid = await clubId("madrid-masters");
    const [k1, k2, k3] = await membersOnly(knights, madrid, 3);
    const [m1, m2] = await membersOnly(madrid, knights, 2);
    if (!k1 || !k2 || !k3 || !m1 || !m2) throw new Error("the demo clubs have members");

    // The demo's played matches between these clubs are set aside: the boards below are the only ones.
    await db().delete(teamMatches).where(inArray(teamMatches.status, ["finished", "in_progress"]));
    // Before any match: the spec's empty state, and an empty first page.
    const empty = await json(`/callback/clubs/leaderboard/daily/${knights}`);
    expect([empty.status, empty.body.leaders, empty.body.pagination]).toEqual([200, [], { currentPage: 1, totalPages: 1, totalResultsCount: 0, morePages: false }]);
    const emptyPage = await anonymous().request("GET", "/club/leaderboard/kingside-knights");
    expect(emptyPage.status).toBe(200);
    expect(await emptyPage.text()).toMatch(/data-testid="leaderboard-empty"[^>]*>Leaderboard currently unavailable</);

    await matchWith("daily", knights, madrid, [
      { board: 1, a: k1.id, b: m1.id, pointsA2: 2 },
      { board: 1, a: k1.id, b: m1.id, pointsA2: 1 },
      { board: 2, a: k2.id, b: m2.id, pointsA2: 0 },
      { board: 2, a: k2.id, b: m2.id, pointsA2: 0 },
      // A forfeited board counts for the match, not for the player; a game still played counts nothing yet.
      { board: 3, a: k3.id, b: null, pointsA2: 2, forfeit: true },
      { board: 3, a: k3.id, b: null, pointsA2: 2, forfeit: true },
    ]);
    // Madrid is side A here: points are the club's side's, whichever side it played.
    await matchWith("daily", madrid, knights, [
      { board: 1, a: m1.id, b: k3.id, pointsA2: 0 },
      { board: 1, a: m1.id, b: k3.id, pointsA2: null },
    ]);
    await matchWith("live", knights, madrid, [{ board: 1, a: k2.id, b: m1.id, pointsA2: 1 }]);

    const knightsDaily = await json(`/callback/clubs/leaderboard/daily/${knights}`);
    expect(knightsDaily.body.leaders.map((row) => [row.rank, row.user.username, row.score, row.totalWinCount, row.totalDrawCount, row.totalLossCount, row.totalGameCount, row.winRate])).toEqual([
      [1, k1.username, 1.5, 1, 1, 0, 2, 50],
      // k3: one win (1 point, 100%) beats k2's nothing; the forfeits and the running game are not counted.
      [2, k3.username, 1, 1, 0, 0, 1, 100],
      [3, k2.username, 0, 0, 0, 2, 2, 0],
    ]);
    expect(knightsDaily.body.pagination).toEqual({ currentPage: 1, totalPages: 1, totalResultsCount: 3, morePages: false });
    const madridDaily = await json(`/callback/clubs/leaderboard/daily/${madrid}`);
    expect(madridDaily.body.leaders.map((row) => [row.user.username, row.score, row.winRate])).toEqual([
      [m2.username, 2, 100],
      [m1.username, 0.5, 0],
    ]);
    // The live board by id and by the club's url: only the live match.
    const live = await json(`/callback/clubs/leaderboard/live/${knights}`);
    expect(live.body.leaders.map((row) => [row.user.username, row.score, row.totalDrawCount])).toEqual([[k2.username, 0.5, 1]]);
    expect((await json("/callback/club/leaderboard/team-match-live/kingside-knights")).body).toEqual(live.body);
    expect((await json("/callback/club/leaderboard/team-match-live/madrid-masters")).body.leaders.map((row) => row.user.username)).toEqual([m1.username]);
    // Page 2 is past the end: empty, on page 2.
    expect((await json(`/callback/clubs/leaderboard/daily/${knights}?page=2`)).body).toMatchObject({ leaders: [], pagination: { currentPage: 2, morePages: false } });

    // The pages render the same ranking, server-side.
    const dailyHtml = await (await anonymous().request("GET", "/club/leaderboard/kingside-knights")).text();
    expect(dailyHtml.indexOf(k1.username)).toBeGreaterThan(0);
    expect(dailyHtml.indexOf(k1.username)).toBeLessThan(dailyHtml.indexOf(k2.username));
    expect(dailyHtml).not.toContain("data-testid=\"leaderboard-empty\"");
    const liveHtml = await (await anonymous().request("GET", "/club/leaderboard/kingside-knights/live-matches")).text();
    expect(liveHtml).toContain(k2.username);
    expect(liveHtml).not.toContain(k1.username);
  });

  it("refuses unknown types, clubs and bad page numbers", async () => {
    const knights = await clubId("kingside-knights");
    expect((await anonymous().request("GET", `/callback/clubs/leaderboard/weekly/${knights}`)).status).toBe(404);
    expect((await anonymous().request("GET", "/callback/clubs/leaderboard/daily/12ab")).status).toBe(404);
    expect((await anonymous().request("GET", "/callback/clubs/leaderboard/daily/999999")).status).toBe(404);
    expect((await anonymous().request("GET", "/callback/club/leaderboard/team-match-live/no-such-club")).status).toBe(404);
    for (const page of ["abc", "0", "-1", "401", "1.5"]) {
      const refused = await json(`/callback/clubs/leaderboard/daily/${knights}?page=${page}`);
      expect([page, refused.status, refused.body.code]).toEqual([page, 422, "validation_failed"]);
      expect((await anonymous().request("GET", `/club/leaderboard/kingside-knights?page=${page}`)).status).toBe(400);
    }
    expect((await anonymous().request("GET", "/club/leaderboard/no-such-club")).status).toBe(404);
    expect((await anonymous().request("GET", "/club/leaderboard/no-such-club/live-matches")).status).toBe(404);
  });
});
