/**
 * Demo team matches (issue 25 item 9, decisions 0072 and 0076): open
 * registrations among the demo clubs, so the match page, the club events
 * lists and the seeks have something to show on a fresh start — a daily
 * match between Alice's Kingside Knights and Carla's Madrid Masters with a
 * few members signed up, and a live one between two other demo clubs — and,
 * between the Knights and Madrid, one finished and one running daily match
 * whose boards are real games (written into play's tables with their moves,
 * tagged with the match, so a running one's endings score it as any other),
 * their scores the sums of those games.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { clubMembers, clubs } from "../../features/clubs/clubs.tables.server.ts";
import { createRatingsService } from "../../features/ratings/ratings.service.server.ts";
import { pointsA2Of } from "../../features/team-matches/team-match-pairing.ts";
import { teamMatches, teamMatchGames, teamMatchPlayers } from "../../features/team-matches/team-matches.tables.server.ts";
import { demoPlayers, demoStartingRecord, insertTaggedDemoGames } from "./demo-games.server.ts";
import { buildDemoGamesInProgress, buildFinishedDemoGamesBetween, type DemoGame, type DemoPlayer } from "./demo-games.ts";

const HOUR_MS = 3_600_000;

async function membersOf(tx: Database, clubId: number, otherClubId: number, limit: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: clubMembers.userId })
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, clubId), sql`not exists (select 1 from club_members m where m.club_id = ${otherClubId} and m.user_id = ${clubMembers.userId})`))
    .orderBy(asc(clubMembers.userId))
    .limit(limit);
  return rows.map((row) => row.userId);
}

export async function seedDemoTeamMatches(tx: Database, options: { readonly now: Date }): Promise<number> {
  const [knights] = await tx.select({ id: clubs.id, name: clubs.name }).from(clubs).where(eq(clubs.url, "kingside-knights"));
  const [madrid] = await tx.select({ id: clubs.id, name: clubs.name }).from(clubs).where(eq(clubs.url, "madrid-masters"));
  const others = await tx
    .select({ id: clubs.id, name: clubs.name })
    .from(clubs)
    .where(and(ne(clubs.url, "kingside-knights"), ne(clubs.url, "madrid-masters")))
    .orderBy(sql`${clubs.memberCount} desc`, asc(clubs.id))
    .limit(2);
  const pairs = [
    knights && madrid ? { a: knights, b: madrid, kind: "daily" as const, hours: 48 } : null,
    others[0] && others[1] ? { a: others[0], b: others[1], kind: "live" as const, hours: 6 } : null,
  ].filter((pair) => pair !== null);
  for (const pair of pairs) {
    const daily = pair.kind === "daily";
    const [match] = await tx
      .insert(teamMatches)
      .values({
        clubAId: pair.a.id,
        clubBId: pair.b.id,
        name: `${pair.a.name} vs ${pair.b.name}`.slice(0, 80),
        kind: pair.kind,
        rules: "standard",
        daysPerMove: daily ? 3 : null,
        baseSeconds: daily ? null : 600,
        incrementSeconds: daily ? null : 0,
        rated: true,
        maxBoards: 10,
        gamesPerBoard: daily ? 2 : 1,
        startsAt: new Date(options.now.getTime() + pair.hours * HOUR_MS),
        createdAt: new Date(options.now.getTime() - 24 * HOUR_MS),
      })
      .returning({ id: teamMatches.id });
    if (!match) continue;
    const sideA = await membersOf(tx, pair.a.id, pair.b.id, 4);
    const sideB = await membersOf(tx, pair.b.id, pair.a.id, 3);
    const players = [...sideA.map((memberId) => ({ memberId, clubId: pair.a.id })), ...sideB.map((memberId) => ({ memberId, clubId: pair.b.id }))];
    if (players.length > 0) await tx.insert(teamMatchPlayers).values(players.map((player, index) => ({ matchId: match.id, memberId: player.memberId, clubId: player.clubId, rating: 1200 + ((index * 137) % 600), joinedAt: new Date(options.now.getTime() - (20 - index) * HOUR_MS) })));
  }
  const played = knights && madrid ? await seedPlayedMatches(tx, knights, madrid, options.now) : 0;
  return pairs.length + played;
}

const FINISHED_SEED = 0x746d6631; // "tmf1"
const RUNNING_SEED = 0x746d7231; // "tmr1"
const DAY_MS = 24 * HOUR_MS;

interface Side {
  readonly id: number;
  readonly name: string;
}

/**
 * A finished and a running daily match between two clubs: each board two
 * games (one with each colour) between the clubs' members paired by their
 * daily rating, highest first; the games are play's, the points follow
 * their results.
 */
async function seedPlayedMatches(tx: Database, a: Side, b: Side, now: Date): Promise<number> {
  const { players } = await demoPlayers(tx);
  const playing = new Map(players.filter((player) => !player.guest).map((player) => [player.id, player]));
  // Past the registering match's sign-ups (the first four and three), so the boards are other members.
  const sideA = (await membersOf(tx, a.id, b.id, 12)).filter((id) => playing.has(id)).slice(4, 10);
  const sideB = (await membersOf(tx, b.id, a.id, 12)).filter((id) => playing.has(id)).slice(3, 9);
  if (sideA.length < 6 || sideB.length < 6) return 0;
  const dailyRatings = await createRatingsService(tx).knownRatingsAt(tx, [...sideA, ...sideB], "daily");
  // As a game started on the site shows: the rating the player has, or the one the demo gave them to start from.
  const startOf = demoStartingRecord(players);
  const ratingOf = (id: number) => dailyRatings.get(id) ?? Math.round(startOf(id)?.rating ?? 1500);
  const byRating = (ids: readonly number[]) => [...ids].sort((x, y) => ratingOf(y) - ratingOf(x) || x - y);
  const player = (id: number): DemoPlayer => {
    const found = playing.get(id);
    if (!found) throw new Error(`demo player ${id} is missing`);
    return found;
  };

  const finishedA = byRating(sideA.slice(0, 3));
  const finishedB = byRating(sideB.slice(0, 3));
  const runningA = byRating(sideA.slice(3, 6));
  const runningB = byRating(sideB.slice(3, 6));
  // Board n's two games: side A white in the first, black in the second.
  const boardsOf = (ids: { a: readonly number[]; b: readonly number[] }) => ids.a.flatMap((aId, index) => {
    const bId = ids.b[index] ?? 0;
    return [
      { board: index + 1, aId, bId, aWhite: true },
      { board: index + 1, aId, bId, aWhite: false },
    ];
  });
  const finishedBoards = boardsOf({ a: finishedA, b: finishedB });
  const runningBoards = boardsOf({ a: runningA, b: runningB });
  const endBefore = new Date(now.getTime() - 2 * DAY_MS);
  const finishedGames = buildFinishedDemoGamesBetween(
    finishedBoards.map((board) => (board.aWhite ? [player(board.aId), player(board.bId)] : [player(board.bId), player(board.aId)])),
    { kind: "daily", daysPerMove: 3 },
    endBefore,
    FINISHED_SEED,
  );
  const runningGames = buildDemoGamesInProgress(
    runningBoards.map((board) => (board.aWhite ? [player(board.aId), player(board.bId), "daily", "standard"] : [player(board.bId), player(board.aId), "daily", "standard"])),
    now,
    RUNNING_SEED,
  );

  const write = async (name: string, boards: typeof finishedBoards, games: readonly DemoGame[], rated: boolean) => {
    const startedAt = new Date(Math.min(...games.map((game) => game.createdAt.getTime())));
    const ended = games.every((game) => game.outcome !== null);
    const finishedAt = ended ? new Date(Math.max(...games.map((game) => game.endedAt?.getTime() ?? 0))) : null;
    const [match] = await tx
      .insert(teamMatches)
      .values({
        clubAId: a.id,
        clubBId: b.id,
        name,
        kind: "daily",
        rules: "standard",
        daysPerMove: 3,
        rated,
        maxBoards: boards.length / 2,
        gamesPerBoard: 2,
        status: ended ? "finished" : "in_progress",
        startsAt: startedAt,
        startedAt,
        finishedAt,
        createdAt: new Date(startedAt.getTime() - 3 * DAY_MS),
      })
      .returning({ id: teamMatches.id });
    if (!match) return;
    const gameIds = await insertTaggedDemoGames(
      tx,
      games.map((game) => ({ game, tags: { teamMatchId: match.id }, whiteRating: ratingOf(game.whiteId), blackRating: ratingOf(game.blackId) })),
    );
    const rows = boards.map((board, index) => {
      const outcome = games[index]?.outcome ?? null;
      return {
        matchId: match.id,
        board: board.board,
        gameId: gameIds[index] ?? null,
        playerAId: board.aId,
        playerBId: board.bId,
        ratingA: ratingOf(board.aId),
        ratingB: ratingOf(board.bId),
        aWhite: board.aWhite,
        pointsA2: outcome ? pointsA2Of(outcome.result, board.aWhite) : null,
        reason: outcome ? outcome.reason.slice(0, 24) : null,
      };
    });
    await tx.insert(teamMatchGames).values(rows);
    const scoreA2 = rows.reduce((sum, row) => sum + (row.pointsA2 ?? 0), 0);
    const scoreB2 = rows.reduce((sum, row) => sum + (row.pointsA2 === null ? 0 : 2 - row.pointsA2), 0);
    await tx.update(teamMatches).set({ scoreA2, scoreB2 }).where(eq(teamMatches.id, match.id));
    const signedUp = [...new Set(boards.flatMap((board) => [board.aId, board.bId]))];
    await tx.insert(teamMatchPlayers).values(signedUp.map((memberId) => ({ matchId: match.id, memberId, clubId: boards.some((board) => board.aId === memberId) ? a.id : b.id, rating: ratingOf(memberId), joinedAt: new Date(startedAt.getTime() - DAY_MS) })));
  };
  // The finished match's games are unrated (the demo's ratings were replayed without them); the running ones are rated and settle as they end.
  await write(`${a.name} vs ${b.name}: autumn friendly`.slice(0, 80), finishedBoards, finishedGames, false);
  await write(`${a.name} vs ${b.name}: winter league`.slice(0, 80), runningBoards, runningGames, true);
  return 2;
}
