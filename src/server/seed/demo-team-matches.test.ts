import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../features/accounts/accounts.tables.server.ts";
import { clubs } from "../../features/clubs/clubs.tables.server.ts";
import { gameMoves, games } from "../../features/play/play.tables.server.ts";
import { teamMatches, teamMatchGames } from "../../features/team-matches/team-matches.tables.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { browsersForSuite } from "../../test/signed-in.ts";
import { appForSuite } from "../../test/start-app.ts";

/**
 * The demo's played team matches (decision 0076): a finished and a running
 * daily match between the Knights and Madrid whose boards are play's games,
 * with scores that are the sums of their results, and a running one that a
 * game's ending scores as any other.
 */
describe.each(databaseTargets())("the demo's team matches on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true, demoGames: 0 });
  const db = () => suite.current.kingside.database.db;
  const { anonymous } = browsersForSuite(suite);

  async function matchNamed(suffix: string) {
    const [match] = await db().select().from(teamMatches).where(sql`${teamMatches.name} like ${`%${suffix}`}`);
    if (!match) throw new Error(`no demo match ${suffix}`);
    return match;
  }

  it("seeds a finished and a running match whose boards are real games and whose scores add up", async () => {
    const [knights] = await db().select({ id: clubs.id }).from(clubs).where(eq(clubs.url, "kingside-knights"));
    for (const [suffix, status] of [["autumn friendly", "finished"], ["winter league", "in_progress"]] as const) {
      const match = await matchNamed(suffix);
      expect([match.status, match.clubAId, match.kind]).toEqual([status, knights?.id, "daily"]);
      const boards = await db().select().from(teamMatchGames).where(eq(teamMatchGames.matchId, match.id));
      expect(boards).toHaveLength(6);
      let scoreA2 = 0;
      let scoreB2 = 0;
      for (const board of boards) {
        const [game] = await db().select().from(games).where(eq(games.id, board.gameId ?? 0));
        expect(game?.tags).toEqual({ teamMatchId: match.id });
        // The board's players are the game's, in the colours the board says.
        expect([game?.whiteId, game?.blackId]).toEqual(board.aWhite ? [board.playerAId, board.playerBId] : [board.playerBId, board.playerAId]);
        const [moves] = await db().select({ count: sql<number>`count(*)::int` }).from(gameMoves).where(eq(gameMoves.gameId, board.gameId ?? 0));
        expect(moves?.count).toBe(game?.ply);
        expect(moves?.count ?? 0).toBeGreaterThan(1);
        if (game?.status === "ended") {
          const whiteWon = game.result === "1-0";
          const expected = game.result === "1/2-1/2" ? 1 : whiteWon === board.aWhite ? 2 : 0;
          expect(board.pointsA2).toBe(expected);
          scoreA2 += expected;
          scoreB2 += 2 - expected;
        } else {
          expect([game?.status, board.pointsA2]).toEqual(["playing", null]);
        }
      }
      expect([match.scoreA2, match.scoreB2]).toEqual([scoreA2, scoreB2]);
      if (status === "finished") expect(scoreA2 + scoreB2).toBe(12);
    }
    // The pages are not empty: the Knights' leaderboard ranks the finished match's players.
    const leaderboard = (await (await anonymous().request("GET", `/callback/clubs/leaderboard/daily/${knights?.id ?? 0}`)).json()) as { leaders: unknown[] };
    expect(leaderboard.leaders.length).toBeGreaterThanOrEqual(3);
  });

  it("scores the running match when one of its games ends through play", async () => {
    const match = await matchNamed("winter league");
    const [board] = await db()
      .select()
      .from(teamMatchGames)
      .innerJoin(games, eq(games.id, teamMatchGames.gameId))
      .where(and(eq(teamMatchGames.matchId, match.id), eq(games.status, "playing")))
      .limit(1);
    if (!board) throw new Error("a running game");
    const loserId = board.team_match_games.playerBId ?? 0;
    const [loser] = await db().select({ username: users.username, level: users.membershipLevel }).from(users).where(eq(users.id, loserId));
    expect((await suite.current.kingside.services.games.act({ id: loserId, username: loser?.username ?? "", level: loser?.level ?? 10 }, board.games.id, "resign")).ok).toBe(true);
    const until = Date.now() + 10_000;
    let scoreA2 = match.scoreA2;
    while (scoreA2 === match.scoreA2 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      scoreA2 = (await matchNamed("winter league")).scoreA2;
    }
    expect(scoreA2).toBe(match.scoreA2 + 2);
  });
});
