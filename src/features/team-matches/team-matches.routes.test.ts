import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../accounts/accounts.tables.server.ts";
import { clubMembers, clubRoles, clubs } from "../clubs/clubs.tables.server.ts";
import { databaseTargets } from "../../test/databases.ts";
import { browsersForSuite } from "../../test/signed-in.ts";
import { appForSuite } from "../../test/start-app.ts";
import { teamMatchChallenges, teamMatches, teamMatchGames, teamMatchPlayers } from "./team-matches.tables.server.ts";

interface Body {
  readonly code?: string;
  readonly message?: string;
  readonly id?: number;
  readonly matchId?: number;
  readonly side?: string;
  readonly status?: string;
  readonly clubs?: { id: number; url: string; name: string }[];
  readonly match?: { status: string; scoreA: number; scoreB: number; boards: { board: number; playerA: { username: string } | null; playerB: { username: string } | null; games: { gameId: number | null; pointsA: number | null; reason: string | null }[] }[] };
}

const dailyTerms = { kind: "daily", rules: "standard", daysPerMove: 3, rated: true, maxBoards: 10, startsInHours: 24 } as const;

describe.each(databaseTargets())("team matches over HTTP on $name", (target) => {
  const suite = appForSuite(target, { seedDemoData: true, demoGames: 0 });
  const db = () => suite.current.kingside.database.db;
  const { anonymous, as } = browsersForSuite(suite);
  const bodyOf = async (response: Response) => (await response.json()) as Body;

  async function clubId(url: string): Promise<number> {
    const [row] = await db().select({ id: clubs.id }).from(clubs).where(eq(clubs.url, url));
    if (!row) throw new Error(`no club ${url}`);
    return row.id;
  }
  async function idOf(username: string): Promise<number> {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.usernameKey, username.toLowerCase()));
    if (!row) throw new Error(`no member ${username}`);
    return row.id;
  }
  /** Members of a club holding no role there, and in neither of the other club. */
  async function plainMembers(club: number, other: number, count: number): Promise<string[]> {
    const rows = await db()
      .select({ username: users.username })
      .from(clubMembers)
      .innerJoin(users, eq(users.id, clubMembers.userId))
      .where(
        and(
          eq(clubMembers.clubId, club),
          sql`not exists (select 1 from club_roles r where r.club_id = ${club} and r.user_id = ${clubMembers.userId})`,
          sql`not exists (select 1 from club_members m where m.club_id = ${other} and m.user_id = ${clubMembers.userId})`,
          sql`${users.membershipLevel} >= 10`,
        ),
      )
      .orderBy(users.id)
      .limit(count);
    const names = rows.map((row) => row.username);
    await signable(names);
    return names;
  }
  /** The demo's generated members have no password: they get alice's, so the test can sign in as them. */
  async function signable(names: readonly string[]): Promise<void> {
    const [alice] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.usernameKey, "alice"));
    for (const name of names) await db().update(users).set({ passwordHash: alice?.hash ?? null }).where(eq(users.username, name));
  }
  async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
    const until = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > until) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  async function challenge(from: string, club: number, terms: Record<string, unknown>): Promise<number> {
    const response = await (await as(from)).post(`/callback/clubs/match_challenge/new/${club}`, terms);
    const body = await bodyOf(response);
    expect(response.status, body.message).toBe(200);
    const [row] = await db().select({ id: teamMatchChallenges.id }).from(teamMatchChallenges).orderBy(sql`${teamMatchChallenges.id} desc`).limit(1);
    return row?.id ?? 0;
  }

  it("finds an opponent club; sends, refuses, declines, deletes and accepts challenges by club role", async () => {
    const knights = await clubId("kingside-knights");
    const madrid = await clubId("madrid-masters");
    const alice = await as("alice");
    const carla = await as("carla");
    const bob = await as("bob");

    expect((await bodyOf(await alice.get("/callback/club/challenge/search?q=madrid"))).clubs?.map((club) => club.url)).toContain("madrid-masters");
    expect((await anonymous().request("GET", "/callback/club/challenge/search?q=madrid")).status).toBe(401);

    // Only the owner or admins send: bob is a plain member of the Knights.
    const refused = await bob.post(`/callback/clubs/match_challenge/new/${knights}`, { ...dailyTerms, opponentClubId: madrid });
    expect(refused.status).toBe(403);
    expect((await bodyOf(refused)).code).toBe("not_club_admin");
    expect((await bodyOf(await alice.post(`/callback/clubs/match_challenge/new/${knights}`, { ...dailyTerms, opponentClubId: knights }))).code).toBe("same_club");
    expect((await alice.post(`/callback/clubs/match_challenge/new/${knights}`, { ...dailyTerms, opponentClubId: 999_999 })).status).toBe(404);
    expect((await alice.post(`/callback/clubs/match_challenge/new/${knights}`, { ...dailyTerms, opponentClubId: madrid, daysPerMove: 4 })).status).toBe(422);
    expect((await alice.post(`/callback/clubs/match_challenge/new/${knights}`, { ...dailyTerms, opponentClubId: madrid, minRating: 1800, maxRating: 1200 })).status).toBe(422);
    expect((await alice.post(`/callback/clubs/match_challenge/new/${knights}`, { ...dailyTerms, opponentClubId: madrid, maxBoards: 0 })).status).toBe(422);
    expect((await anonymous().post(`/callback/clubs/match_challenge/new/${knights}`, { ...dailyTerms, opponentClubId: madrid })).status).toBe(401);

    const declined = await challenge("alice", knights, { ...dailyTerms, opponentClubId: madrid });
    // The sender cannot answer its own challenge; the receiver cannot delete it.
    expect((await bodyOf(await alice.post(`/callback/clubs/match_challenge/${declined}/decline`))).code).toBe("not_club_admin");
    expect((await bodyOf(await carla.post(`/callback/clubs/match_challenge/${declined}/delete`))).code).toBe("not_club_admin");
    expect((await carla.post(`/callback/clubs/match_challenge/${declined}/decline`)).status).toBe(200);
    expect((await carla.post(`/callback/clubs/match_challenge/${declined}/accept/${madrid}`)).status).toBe(409);

    const deleted = await challenge("alice", knights, { ...dailyTerms, opponentClubId: madrid });
    expect((await alice.post(`/callback/clubs/match_challenge/${deleted}/delete`)).status).toBe(200);
    expect((await bodyOf(await alice.post(`/callback/clubs/match_challenge/${deleted}/delete`))).code).toBe("challenge_not_pending");

    const accepted = await challenge("alice", knights, { ...dailyTerms, opponentClubId: madrid });
    expect((await bodyOf(await bob.post(`/callback/clubs/match_challenge/${accepted}/accept/${madrid}`))).code).toBe("not_club_admin");
    expect((await bodyOf(await carla.post(`/callback/clubs/match_challenge/${accepted}/accept/${knights}`))).code).toBe("wrong_opponent_group");
    expect((await carla.post(`/callback/clubs/match_challenge/999999/accept/${madrid}`)).status).toBe(404);
    expect((await carla.post(`/callback/clubs/match_challenge/12ab/accept/${madrid}`)).status).toBe(404);
    const ok = await bodyOf(await carla.post(`/callback/clubs/match_challenge/${accepted}/accept/${madrid}`));
    expect(ok.matchId).toBeGreaterThan(0);
    expect((await carla.post(`/callback/clubs/match_challenge/${accepted}/accept/${madrid}`)).status).toBe(409);
    const statuses = await db().select({ id: teamMatchChallenges.id, status: teamMatchChallenges.status }).from(teamMatchChallenges);
    expect(new Map(statuses.map((row) => [row.id, row.status]))).toEqual(new Map([[declined, "declined"], [deleted, "deleted"], [accepted, "accepted"]]));
  });

  it("signs members up by the rules, pairs by rating with forfeits, scores from game endings and ends the match once", async () => {
    const knights = await clubId("kingside-knights");
    const madrid = await clubId("madrid-masters");
    const challengeId = await challenge("alice", knights, { ...dailyTerms, opponentClubId: madrid, maxBoards: 3 });
    const { matchId = 0 } = await bodyOf(await (await as("carla")).post(`/callback/clubs/match_challenge/${challengeId}/accept/${madrid}`));

    const [knightA, knightB] = await plainMembers(knights, madrid, 2);
    const [madridA] = await plainMembers(madrid, knights, 1);
    if (!knightA || !knightB || !madridA) throw new Error("the demo clubs have members");
    // A member of both clubs is refused with the spec's text; so is a member of neither.
    const both = (await plainMembers(knights, madrid, 3))[2] ?? "";
    await db().insert(clubMembers).values({ clubId: madrid, userId: await idOf(both) });
    const bothAnswer = await (await as(both)).post(`/club/matches/join/${matchId}`);
    expect(bothAnswer.status).toBe(403);
    expect(await bodyOf(bothAnswer)).toMatchObject({ code: "member_of_both_clubs", message: "You are a member of both clubs. You are not allowed to compete in this match." });
    const [outsider] = await db()
      .select({ username: users.username })
      .from(users)
      .where(sql`${users.membershipLevel} >= 10 and not exists (select 1 from club_members m where m.user_id = ${users.id} and m.club_id in (${knights}, ${madrid}))`)
      .limit(1);
    await signable([outsider?.username ?? ""]);
    expect((await bodyOf(await (await as(outsider?.username ?? "")).post(`/club/matches/join/${matchId}`))).code).toBe("not_in_either_club");
    expect((await anonymous().post(`/club/matches/join/${matchId}`)).status).toBe(401);
    expect((await (await as("alice")).post(`/club/matches/join/999999`)).status).toBe(404);

    for (const name of [knightA, knightB, madridA]) expect(await bodyOf(await (await as(name)).post(`/club/matches/join/${matchId}`))).toMatchObject({ message: "You've joined a team match" });
    expect((await bodyOf(await (await as(knightA)).post(`/club/matches/join/${matchId}`))).code).toBe("already_joined");
    // Withdrawal, and removal by the player's club's admins only (carla runs the other club).
    expect(await bodyOf(await (await as(knightB)).post(`/club/matches/withdraw/${matchId}`))).toMatchObject({ message: "You've left a team match" });
    expect((await bodyOf(await (await as(knightB)).post(`/club/matches/withdraw/${matchId}`))).code).toBe("not_joined");
    expect((await (await as(knightB)).post(`/club/matches/join/${matchId}`)).status).toBe(200);
    const knightBId = await idOf(knightB);
    expect((await bodyOf(await (await as("carla")).post(`/club/matches/${matchId}/user/${knightBId}/remove`))).code).toBe("not_allowed");
    expect((await bodyOf(await (await as(knightA)).post(`/club/matches/${matchId}/user/${knightBId}/remove`))).code).toBe("not_allowed");
    expect((await (await as("alice")).post(`/club/matches/${matchId}/user/${knightBId}/remove`)).status).toBe(200);
    expect((await (await as("staff")).post(`/club/matches/${matchId}/user/${await idOf(madridA)}/remove`)).status).toBe(200);
    for (const name of [knightB, madridA]) expect((await (await as(name)).post(`/club/matches/join/${matchId}`)).status).toBe(200);

    // A plain member may not start it; the owner may, once.
    expect((await bodyOf(await (await as(knightA)).post(`/club/matches/start/${matchId}`))).code).toBe("not_allowed");
    expect((await (await as("alice")).post(`/club/matches/start/${matchId}`)).status).toBe(200);
    expect((await bodyOf(await (await as("alice")).post(`/club/matches/start/${matchId}`))).code).toBe("registration_closed");
    expect((await bodyOf(await (await as(madridA)).post(`/club/matches/withdraw/${matchId}`))).code).toBe("registration_closed");
    expect((await bodyOf(await (await as("carla")).post(`/club/matches/join/${matchId}`))).code).toBe("registration_closed");

    // Two Knights against one Madrid player: board 2 is forfeited to the Knights (two games, two points).
    const { match } = await bodyOf(await anonymous().request("GET", `/callback/club/matches/${matchId}`));
    expect(match?.status).toBe("in_progress");
    expect(match?.boards).toHaveLength(2);
    expect(match?.boards[1]?.playerB).toBeNull();
    expect(match?.boards[1]?.games.map((game) => [game.gameId, game.pointsA, game.reason])).toEqual([[null, 1, "forfeit"], [null, 1, "forfeit"]]);
    expect([match?.scoreA, match?.scoreB]).toEqual([2, 0]);
    const games = match?.boards[0]?.games ?? [];
    expect(games.every((game) => game.gameId !== null)).toBe(true);

    // Board 1's games end through play: the Madrid player resigns one, the Knight the other.
    const gamesService = suite.current.kingside.services.games;
    const member = async (username: string) => ({ id: await idOf(username), username, level: 10 });
    const boardA = match?.boards[0]?.playerA?.username ?? "";
    expect((await gamesService.act(await member(madridA), games[0]?.gameId ?? 0, "resign")).ok).toBe(true);
    const afterOne = await waitFor(async () => (await bodyOf(await anonymous().request("GET", `/callback/club/matches/${matchId}`))).match, (value) => value?.scoreA === 3);
    expect([afterOne?.scoreA, afterOne?.scoreB, afterOne?.status]).toEqual([3, 0, "in_progress"]);
    expect((await gamesService.act(await member(boardA), games[1]?.gameId ?? 0, "resign")).ok).toBe(true);
    const finished = await waitFor(async () => (await bodyOf(await anonymous().request("GET", `/callback/club/matches/${matchId}`))).match, (value) => value?.status === "finished");
    expect([finished?.scoreA, finished?.scoreB, finished?.status]).toEqual([3, 1, "finished"]);

    // The event handled again (a redelivery) counts nothing twice and does not end the match again.
    const [matchRow] = await db().select({ finishedAt: teamMatches.finishedAt }).from(teamMatches).where(eq(teamMatches.id, matchId));
    const again = await suite.current.kingside.services.teamMatches.gameEnded({ gameId: games[1]?.gameId ?? 0, result: "1-0", reason: "resign", teamMatchId: matchId });
    expect(again).toEqual({ counted: false, matchFinished: false });
    const [afterAgain] = await db().select({ finishedAt: teamMatches.finishedAt, scoreA2: teamMatches.scoreA2, scoreB2: teamMatches.scoreB2 }).from(teamMatches).where(eq(teamMatches.id, matchId));
    expect(afterAgain).toEqual({ finishedAt: matchRow?.finishedAt, scoreA2: 6, scoreB2: 2 });
  });

  it("refuses a rating outside the limits, and the start job cancels a match one side never joined", async () => {
    const knights = await clubId("kingside-knights");
    const madrid = await clubId("madrid-masters");
    const high = await challenge("alice", knights, { ...dailyTerms, opponentClubId: madrid, minRating: 2900 });
    const { matchId: highMatch = 0 } = await bodyOf(await (await as("carla")).post(`/callback/clubs/match_challenge/${high}/accept/${madrid}`));
    const [knight] = await plainMembers(knights, madrid, 1);
    expect((await bodyOf(await (await as(knight ?? "")).post(`/club/matches/join/${highMatch}`))).code).toBe("rating_too_low");
    const low = await challenge("alice", knights, { ...dailyTerms, opponentClubId: madrid, maxRating: 100 });
    const { matchId: lowMatch = 0 } = await bodyOf(await (await as("carla")).post(`/callback/clubs/match_challenge/${low}/accept/${madrid}`));
    expect((await bodyOf(await (await as(knight ?? "")).post(`/club/matches/join/${lowMatch}`))).code).toBe("rating_too_high");

    // Its deadline passes with only the Knights signed up: the job claims it and cancels it (no games).
    const open = await challenge("alice", knights, { ...dailyTerms, opponentClubId: madrid });
    const { matchId = 0 } = await bodyOf(await (await as("carla")).post(`/callback/clubs/match_challenge/${open}/accept/${madrid}`));
    expect((await (await as(knight ?? "")).post(`/club/matches/join/${matchId}`)).status).toBe(200);
    await db().update(teamMatches).set({ startsAt: new Date(Date.now() - 1000) }).where(eq(teamMatches.id, matchId));
    expect((await bodyOf(await (await as(knight ?? "")).post(`/club/matches/withdraw/${matchId}`))).code).toBe("registration_closed");
    await Promise.all([suite.current.kingside.services.teamMatches.startDue(), suite.current.kingside.services.teamMatches.startDue()]);
    const [row] = await db().select({ status: teamMatches.status }).from(teamMatches).where(eq(teamMatches.id, matchId));
    expect(row?.status).toBe("cancelled");
    expect(await db().select().from(teamMatchGames).where(eq(teamMatchGames.matchId, matchId))).toEqual([]);
    expect((await db().select().from(teamMatchPlayers).where(eq(teamMatchPlayers.matchId, matchId))).length).toBe(1);
    void clubRoles;
  });

  it("sends the spec's other addresses of a match to its page, lists every club's daily matches, and 404s what is not there", async () => {
    const [running] = await db().select({ id: teamMatches.id, name: teamMatches.name }).from(teamMatches).where(and(eq(teamMatches.kind, "daily"), eq(teamMatches.status, "in_progress")));
    const [done] = await db().select({ id: teamMatches.id, name: teamMatches.name }).from(teamMatches).where(and(eq(teamMatches.kind, "daily"), eq(teamMatches.status, "finished")));
    if (!running || !done) throw new Error("the demo has a running and a finished daily match");
    const visitor = anonymous();
    for (const path of [`/play/match/${running.id}`, `/daily-team/seek/${running.id}`, `/club/matches/kingside-knights/${running.id}`, `/club/matches/live/kingside-knights/${running.id}`]) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get("location"), path).toBe(`/club/matches/${running.id}`);
    }
    expect((await visitor.get("/play/match/2147483000")).status).toBe(404);
    expect((await visitor.get("/club/matches/kingside-knights/99999999")).status).toBe(404);
    const current = await (await visitor.get("/clubs/matches/daily/current")).text();
    expect(current).toContain(`href="/club/matches/${running.id}"`);
    expect(current).not.toContain(`href="/club/matches/${done.id}"`);
    const finished = await (await visitor.get("/clubs/matches/daily/finished")).text();
    expect(finished).toContain(`href="/club/matches/${done.id}"`);
    expect(finished).not.toContain(`href="/club/matches/${running.id}"`);
    expect((await visitor.get("/clubs/matches/daily")).status).toBe(200);
    expect((await visitor.get("/clubs/matches/daily/someday")).status).toBe(404);
  });

  it("lists the clubs' team matches as club events: upcoming, current and past, counts, and open registrations as seeks", async () => {
    const knights = await clubId("kingside-knights");
    const madrid = await clubId("madrid-masters");
    const carla = await as("carla");
    const alice = await as("alice");
    const json = async (path: string) => (await (await alice.get(path)).json()) as { events?: { type: string; id: number; status: string; path: string | null }[]; seeks?: { id: number; path: string | null }[]; available?: boolean; unavailableTypes?: string[]; byType?: Record<string, number> };
    const daily = await challenge("alice", knights, { ...dailyTerms, opponentClubId: madrid });
    const { matchId: dailyMatch = 0 } = await bodyOf(await carla.post(`/callback/clubs/match_challenge/${daily}/accept/${madrid}`));
    const live = await challenge("alice", knights, { kind: "live", rules: "standard", baseMinutes: 10, incrementSeconds: 0, gamesPerBoard: 1, rated: "1", maxBoards: 4, startsInHours: 2, opponentClubId: madrid });
    const { matchId: liveMatch = 0 } = await bodyOf(await carla.post(`/callback/clubs/match_challenge/${live}/accept/${madrid}`));

    const upcomingDaily = await json(`/callback/clubs/daily/upcoming/${knights}`);
    expect(upcomingDaily.unavailableTypes).toEqual([]);
    expect(upcomingDaily.events?.map((event) => event.id)).toContain(dailyMatch);
    expect(upcomingDaily.events?.map((event) => event.id)).not.toContain(liveMatch);
    const upcomingLive = await json(`/callback/clubs/live/upcoming/${knights}`);
    expect(upcomingLive.events?.find((event) => event.id === liveMatch)).toMatchObject({ type: "team_match", status: "registration", path: `/club/matches/${liveMatch}` });
    expect((await json(`/callback/clubs/daily/seeks/${knights}`)).seeks?.map((seek) => seek.id)).toContain(dailyMatch);
    const liveSeeks = await json(`/callback/clubs/team-match/seeks/${knights}`);
    expect([liveSeeks.available, liveSeeks.seeks?.map((seek) => seek.id)]).toEqual([true, [liveMatch]]);
    const counts = await json(`/callback/clubs/count/upcomingevents/${knights}`);
    expect(counts.byType?.team_match).toBe(1);
    expect(counts.byType?.daily_team_match).toBeGreaterThanOrEqual(1);

    // The earlier tests' finished and cancelled daily matches are past events; the running ones are current.
    const past = await json(`/callback/clubs/daily/past/${knights}`);
    expect(new Set(past.events?.map((event) => event.status))).toEqual(new Set(["finished", "cancelled"]));
    // The demo's running match (decision 0076) is the one current daily match: the earlier tests' all ended.
    expect((await json(`/callback/clubs/count/currentevents/${knights}`)).byType?.daily_team_match).toBe(1);

    // The live match starts with nobody signed up: it is cancelled, and leaves the upcoming list and the seeks.
    expect((await alice.post(`/club/matches/start/${liveMatch}`)).status).toBe(200);
    expect((await json(`/callback/clubs/team-match/seeks/${knights}`)).seeks).toEqual([]);
    expect((await json(`/callback/clubs/live/past/${madrid}`)).events?.find((event) => event.id === liveMatch)?.status).toBe("cancelled");
  });
});
