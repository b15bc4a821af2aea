/**
 * Team matches (issue 25 items 2 and 3, decision 0072): sign-up and
 * withdrawal during registration, removal by a club's admins or staff, the
 * start (claimed once, whichever instance's job or admin gets there first),
 * the boards' scores from play's game-ended events, and the match's end,
 * written exactly once when its last game ends.
 */
import { and, asc, desc, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { fail, ok, type Result } from "../../shared/result.ts";
import type { ClubAccess } from "../clubs/club-access.service.server.ts";
import type { MemberDirectory } from "../accounts/member-directory.service.server.ts";
import { clubViewOf } from "./team-match-challenges.service.server.ts";
import { pairBoards, pointsA2Of, type Entrant } from "./team-match-pairing.ts";
import type { TeamMatchPlaySource } from "./team-match-play.port.ts";
import { gameTermsOf, termsViewOf } from "./team-match-terms.server.ts";
import { mayActForClub, mayRemovePlayer, signUpSide, type SignUpRefusal, type TeamMatchActor } from "./team-matches.policy.ts";
import type { BoardView, TeamMatchStatus, TeamMatchView } from "./team-matches.schema.ts";
import { teamMatches, teamMatchGames, teamMatchPlayers } from "./team-matches.tables.server.ts";

export type TeamMatchFailure = "match_not_found" | "registration_closed" | "already_joined" | "not_joined" | "player_not_found" | "not_allowed" | SignUpRefusal;

type MatchRow = typeof teamMatches.$inferSelect;

const statusOf = (value: string): TeamMatchStatus =>
  value === "starting" || value === "in_progress" || value === "finished" || value === "cancelled" ? value : "registration";

export type TeamMatchEventGroup = "current" | "past" | "upcoming";

/** Which statuses each events group lists (registration is an open seek too). */
const statusesOfGroup: Readonly<Record<TeamMatchEventGroup, readonly TeamMatchStatus[]>> = {
  upcoming: ["registration"],
  current: ["starting", "in_progress"],
  past: ["finished", "cancelled"],
};

export interface GameEnded {
  readonly gameId: number;
  readonly result: "1-0" | "0-1" | "1/2-1/2" | "*";
  readonly reason: string;
  readonly teamMatchId: number;
}

export function createTeamMatchesService(db: Database, deps: { readonly clubs: ClubAccess; readonly directory: MemberDirectory; readonly play: TeamMatchPlaySource; readonly now: () => number }) {
  const { clubs, directory, play, now } = deps;

  async function matchRow(matchId: number): Promise<MatchRow | null> {
    const [row] = await db.select().from(teamMatches).where(eq(teamMatches.id, matchId));
    return row ?? null;
  }

  /** Still registering: the status says so and the deadline has not passed (the job may not have run yet). */
  const registering = (match: MatchRow): boolean => match.status === "registration" && match.startsAt.getTime() > now();

  /**
   * Starts a match once: the status moves from registration to starting in
   * one conditional write, so a second instance's job (or an admin's start)
   * finds nothing to claim. Then the boards are paired by the ratings the
   * players have now, their games started in one commit, and the boards and
   * forfeits written with the status in_progress.
   */
  async function start(matchId: number): Promise<"started" | "cancelled" | "not_claimed"> {
    const [claimed] = await db
      .update(teamMatches)
      .set({ status: "starting" })
      .where(and(eq(teamMatches.id, matchId), eq(teamMatches.status, "registration")))
      .returning();
    if (!claimed) return "not_claimed";
    const terms = gameTermsOf(claimed);
    const players = await db.select().from(teamMatchPlayers).where(eq(teamMatchPlayers.matchId, matchId));
    const ratings = await play.ratingsOf(
      players.map((player) => player.memberId),
      terms,
    );
    const entrant = (player: (typeof players)[number]): Entrant => ({ memberId: player.memberId, rating: ratings.get(player.memberId) ?? player.rating, joinedAt: player.joinedAt.getTime() });
    const planned = pairBoards(
      players.filter((player) => player.clubId === claimed.clubAId).map(entrant),
      players.filter((player) => player.clubId === claimed.clubBId).map(entrant),
      { maxBoards: claimed.maxBoards, gamesPerBoard: claimed.gamesPerBoard === 1 ? 1 : 2 },
    );
    const at = new Date(now());
    if (!planned) {
      await db.update(teamMatches).set({ status: "cancelled", finishedAt: at }).where(eq(teamMatches.id, matchId));
      return "cancelled";
    }
    const played = planned.filter((game) => game.forfeitPointsA2 === null);
    const gameIds = await play.startGames(
      matchId,
      terms,
      played.map((game) => ({ whiteId: (game.aWhite ? game.playerAId : game.playerBId) ?? 0, blackId: (game.aWhite ? game.playerBId : game.playerAId) ?? 0 })),
    );
    let next = 0;
    const rows = planned.map((game) => {
      const forfeit = game.forfeitPointsA2 !== null;
      return {
        matchId,
        board: game.board,
        gameId: forfeit ? null : (gameIds[next++] ?? null),
        playerAId: game.playerAId,
        playerBId: game.playerBId,
        ratingA: game.ratingA,
        ratingB: game.ratingB,
        aWhite: game.aWhite,
        pointsA2: game.forfeitPointsA2,
        reason: forfeit ? "forfeit" : null,
      };
    });
    const forfeitA2 = rows.reduce((sum, row) => sum + (row.pointsA2 ?? 0), 0);
    const forfeitB2 = rows.reduce((sum, row) => sum + (row.pointsA2 === null ? 0 : 2 - row.pointsA2), 0);
    const allForfeited = played.length === 0;
    await db.transaction(async (tx) => {
      for (let index = 0; index < rows.length; index += 500) await tx.insert(teamMatchGames).values(rows.slice(index, index + 500));
      await tx
        .update(teamMatches)
        .set({ status: allForfeited ? "finished" : "in_progress", startedAt: at, finishedAt: allForfeited ? at : null, scoreA2: forfeitA2, scoreB2: forfeitB2 })
        .where(eq(teamMatches.id, matchId));
    });
    return "started";
  }

  async function standingsIn(match: MatchRow, memberId: number) {
    const [inA, inB] = await Promise.all([clubs.standingOf(match.clubAId, memberId), clubs.standingOf(match.clubBId, memberId)]);
    return { inA, inB };
  }

  async function boardsOf(matchId: number): Promise<BoardView[]> {
    const rows = await db.select().from(teamMatchGames).where(eq(teamMatchGames.matchId, matchId)).orderBy(asc(teamMatchGames.board), asc(teamMatchGames.id));
    const names = await directory.membersByIds(rows.flatMap((row) => [row.playerAId, row.playerBId]).filter((id): id is number => id !== null));
    const boards = new Map<number, BoardView & { games: BoardView["games"][number][] }>();
    for (const row of rows) {
      const board = boards.get(row.board) ?? {
        board: row.board,
        playerA: row.playerAId === null ? null : { username: names.get(row.playerAId)?.username ?? "", rating: row.ratingA },
        playerB: row.playerBId === null ? null : { username: names.get(row.playerBId)?.username ?? "", rating: row.ratingB },
        games: [],
      };
      board.games.push({ gameId: row.gameId, aWhite: row.aWhite, pointsA: row.pointsA2 === null ? null : row.pointsA2 / 2, reason: row.reason });
      boards.set(row.board, board);
    }
    return [...boards.values()];
  }

  const service = {
    start,

    /** Starts every match whose registration deadline or start time has passed (the job; safe on every instance). */
    async startDue(limit = 20): Promise<number> {
      const due = await db
        .select({ id: teamMatches.id })
        .from(teamMatches)
        .where(and(eq(teamMatches.status, "registration"), lte(teamMatches.startsAt, new Date(now()))))
        .orderBy(asc(teamMatches.startsAt))
        .limit(limit);
      let started = 0;
      for (const { id } of due) if ((await start(id)) !== "not_claimed") started++;
      return started;
    },

    /** An admin of either club starts the match before its time (both sides must have a player, or it is cancelled). */
    async startNow(actor: TeamMatchActor, matchId: number): Promise<Result<{ status: TeamMatchStatus }, TeamMatchFailure>> {
      const match = await matchRow(matchId);
      if (!match) return fail("match_not_found");
      const { inA, inB } = await standingsIn(match, actor.id);
      if (!mayActForClub(inA) && !mayActForClub(inB)) return fail("not_allowed");
      if (match.status !== "registration") return fail("registration_closed");
      const outcome = await start(matchId);
      if (outcome === "not_claimed") return fail("registration_closed");
      return ok({ status: statusOf((await matchRow(matchId))?.status ?? "registration") });
    },

    async join(actor: TeamMatchActor, matchId: number): Promise<Result<{ side: "a" | "b" }, TeamMatchFailure>> {
      const match = await matchRow(matchId);
      if (!match) return fail("match_not_found");
      if (!registering(match)) return fail("registration_closed");
      const { inA, inB } = await standingsIn(match, actor.id);
      const rating = (await play.ratingsOf([actor.id], gameTermsOf(match))).get(actor.id) ?? 0;
      const decision = signUpSide(inA.member, inB.member, rating, match);
      if ("refusal" in decision) return fail(decision.refusal);
      const [row] = await db
        .insert(teamMatchPlayers)
        .values({ matchId, memberId: actor.id, clubId: decision.side === "a" ? match.clubAId : match.clubBId, rating, joinedAt: new Date(now()) })
        .onConflictDoNothing()
        .returning({ memberId: teamMatchPlayers.memberId });
      return row ? ok({ side: decision.side }) : fail("already_joined");
    },

    async withdraw(actor: TeamMatchActor, matchId: number): Promise<Result<{ withdrawn: true }, TeamMatchFailure>> {
      const match = await matchRow(matchId);
      if (!match) return fail("match_not_found");
      if (!registering(match)) return fail("registration_closed");
      const [row] = await db
        .delete(teamMatchPlayers)
        .where(and(eq(teamMatchPlayers.matchId, matchId), eq(teamMatchPlayers.memberId, actor.id)))
        .returning({ memberId: teamMatchPlayers.memberId });
      return row ? ok({ withdrawn: true }) : fail("not_joined");
    },

    /** Removes a signed-up player: their club's owner or admins, or staff, during registration. */
    async remove(actor: TeamMatchActor, matchId: number, memberId: number): Promise<Result<{ removed: true }, TeamMatchFailure>> {
      const match = await matchRow(matchId);
      if (!match) return fail("match_not_found");
      const [player] = await db.select().from(teamMatchPlayers).where(and(eq(teamMatchPlayers.matchId, matchId), eq(teamMatchPlayers.memberId, memberId)));
      if (!player) return fail("player_not_found");
      if (!mayRemovePlayer(actor, await clubs.standingOf(player.clubId, actor.id))) return fail("not_allowed");
      if (!registering(match)) return fail("registration_closed");
      await db.delete(teamMatchPlayers).where(and(eq(teamMatchPlayers.matchId, matchId), eq(teamMatchPlayers.memberId, memberId)));
      return ok({ removed: true });
    },

    /**
     * A board's game ended (play's event): its points are written once (a
     * repeated event finds them written), the match row locked first so two
     * endings at once count in turn; the last one ends the match, once.
     */
    async gameEnded(ended: GameEnded): Promise<{ readonly counted: boolean; readonly matchFinished: boolean }> {
      return db.transaction(async (tx) => {
        const [match] = await tx.select({ id: teamMatches.id, status: teamMatches.status }).from(teamMatches).where(eq(teamMatches.id, ended.teamMatchId)).for("update");
        if (!match) return { counted: false, matchFinished: false };
        const [game] = await tx
          .select({ id: teamMatchGames.id, aWhite: teamMatchGames.aWhite })
          .from(teamMatchGames)
          .where(and(eq(teamMatchGames.matchId, match.id), eq(teamMatchGames.gameId, ended.gameId), isNull(teamMatchGames.pointsA2)));
        if (!game) return { counted: false, matchFinished: false };
        const pointsA2 = pointsA2Of(ended.result, game.aWhite);
        await tx.update(teamMatchGames).set({ pointsA2, reason: ended.reason.slice(0, 24) }).where(eq(teamMatchGames.id, game.id));
        const [left] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(teamMatchGames)
          .where(and(eq(teamMatchGames.matchId, match.id), isNull(teamMatchGames.pointsA2)));
        const last = (left?.count ?? 0) === 0 && match.status === "in_progress";
        await tx
          .update(teamMatches)
          .set({
            scoreA2: sql`${teamMatches.scoreA2} + ${pointsA2}`,
            scoreB2: sql`${teamMatches.scoreB2} + ${2 - pointsA2}`,
            ...(last ? { status: "finished", finishedAt: new Date(now()) } : {}),
          })
          .where(eq(teamMatches.id, match.id));
        return { counted: true, matchFinished: last };
      });
    },

    /** The match page's data (and the small JSON call it polls). */
    async view(matchId: number): Promise<TeamMatchView | null> {
      const match = await matchRow(matchId);
      if (!match) return null;
      const [refs, players, boards] = await Promise.all([
        clubs.clubsByIds([match.clubAId, match.clubBId]),
        db.select().from(teamMatchPlayers).where(eq(teamMatchPlayers.matchId, matchId)).orderBy(desc(teamMatchPlayers.rating), asc(teamMatchPlayers.joinedAt)),
        boardsOf(matchId),
      ]);
      const names = await directory.membersByIds(players.map((player) => player.memberId));
      return {
        id: match.id,
        name: match.name,
        clubA: clubViewOf(refs.get(match.clubAId), match.clubAId),
        clubB: clubViewOf(refs.get(match.clubBId), match.clubBId),
        terms: termsViewOf(match),
        status: statusOf(match.status),
        scoreA: match.scoreA2 / 2,
        scoreB: match.scoreB2 / 2,
        startedAt: match.startedAt?.toISOString() ?? null,
        finishedAt: match.finishedAt?.toISOString() ?? null,
        players: players.map((player) => ({ username: names.get(player.memberId)?.username ?? "", rating: player.rating, side: player.clubId === match.clubAId ? ("a" as const) : ("b" as const) })),
        boards,
      };
    },

    /** What the viewer may do on the match page. */
    async viewerOptions(matchId: number, viewerId: number | null): Promise<{ readonly joined: boolean; readonly runsAClub: boolean; readonly clubIds: readonly number[] }> {
      const match = await matchRow(matchId);
      if (!match || viewerId === null) return { joined: false, runsAClub: false, clubIds: [] };
      const { inA, inB } = await standingsIn(match, viewerId);
      const [joined] = await db.select({ memberId: teamMatchPlayers.memberId }).from(teamMatchPlayers).where(and(eq(teamMatchPlayers.matchId, matchId), eq(teamMatchPlayers.memberId, viewerId)));
      const runs = [mayActForClub(inA) ? match.clubAId : null, mayActForClub(inB) ? match.clubBId : null].filter((id): id is number => id !== null);
      return { joined: joined !== undefined, runsAClub: runs.length > 0, clubIds: runs };
    },

    /** A club's matches of some statuses and kinds (the events frame, the match lists, the public API). */
    /** A club's matches, or every club's with `clubId` null (the site's lists of daily matches). */
    async matchesOfClub(clubId: number | null, filter: { readonly statuses: readonly TeamMatchStatus[]; readonly kinds?: readonly ("daily" | "live")[]; readonly limit: number; readonly offset?: number; readonly newestFirst?: boolean }): Promise<{ readonly matches: readonly MatchRow[]; readonly total: number }> {
      const conditions: SQL[] = [inArray(teamMatches.status, [...filter.statuses])];
      const ofClub = clubId === null ? undefined : or(eq(teamMatches.clubAId, clubId), eq(teamMatches.clubBId, clubId));
      if (ofClub) conditions.push(ofClub);
      if (filter.kinds) conditions.push(inArray(teamMatches.kind, [...filter.kinds]));
      const where = and(...conditions);
      const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(teamMatches).where(where);
      const rows = await db
        .select()
        .from(teamMatches)
        .where(where)
        .orderBy(filter.newestFirst ? desc(teamMatches.startsAt) : asc(teamMatches.startsAt), asc(teamMatches.id))
        .limit(filter.limit)
        .offset(filter.offset ?? 0);
      return { matches: rows, total: total?.count ?? 0 };
    },

    /**
     * A club's matches as club events (the events frame's source, registered by
     * src/app/team-matches-club-events.server.ts): the statuses of a group,
     * the page asked for, with their participants.
     */
    async eventsOfClub(clubId: number, group: TeamMatchEventGroup, kinds: readonly ("daily" | "live")[], page: { readonly limit: number; readonly offset: number }) {
      if (kinds.length === 0) return { events: [], total: 0 };
      const { matches, total } = await service.matchesOfClub(clubId, { statuses: statusesOfGroup[group], kinds, limit: page.limit, offset: page.offset, newestFirst: group === "past" });
      const participants = await service.participantCounts(matches.map((match) => match.id));
      return {
        total,
        events: matches.map((match) => ({
          id: match.id,
          kind: match.kind === "live" ? ("live" as const) : ("daily" as const),
          name: match.name,
          status: statusOf(match.status),
          startsAt: (match.startedAt ?? match.startsAt).toISOString(),
          endsAt: match.finishedAt?.toISOString() ?? null,
          participants: participants.get(match.id) ?? 0,
          openedAt: match.createdAt.toISOString(),
        })),
      };
    },

    /** How many of a club's matches of each kind are in a group. */
    async eventCounts(clubId: number, group: TeamMatchEventGroup): Promise<{ readonly daily: number; readonly live: number }> {
      const rows = await db
        .select({ kind: teamMatches.kind, count: sql<number>`count(*)::int` })
        .from(teamMatches)
        .where(and(inArray(teamMatches.status, [...statusesOfGroup[group]]), or(eq(teamMatches.clubAId, clubId), eq(teamMatches.clubBId, clubId))))
        .groupBy(teamMatches.kind);
      return { daily: rows.find((row) => row.kind === "daily")?.count ?? 0, live: rows.find((row) => row.kind === "live")?.count ?? 0 };
    },

    /** One match as an event: its kind, first club and status. */
    async findEvent(matchId: number): Promise<{ readonly kind: "daily" | "live"; readonly clubId: number; readonly status: TeamMatchStatus } | null> {
      const match = await matchRow(matchId);
      return match ? { kind: match.kind === "live" ? "live" : "daily", clubId: match.clubAId, status: statusOf(match.status) } : null;
    },

    /**
     * The team matches a member signed up for, newest first (the public API's
     * player matches): each match with the member's side and the games of
     * their board, if they were paired.
     */
    async matchesOfMember(memberId: number, limit = 200) {
      const signedUp = await db
        .select({ match: teamMatches, clubId: teamMatchPlayers.clubId })
        .from(teamMatchPlayers)
        .innerJoin(teamMatches, eq(teamMatches.id, teamMatchPlayers.matchId))
        .where(eq(teamMatchPlayers.memberId, memberId))
        .orderBy(desc(teamMatches.startsAt), desc(teamMatches.id))
        .limit(limit);
      const ids = signedUp.map((row) => row.match.id);
      const games =
        ids.length === 0
          ? []
          : await db
              .select()
              .from(teamMatchGames)
              .where(and(inArray(teamMatchGames.matchId, ids), or(eq(teamMatchGames.playerAId, memberId), eq(teamMatchGames.playerBId, memberId))))
              .orderBy(asc(teamMatchGames.id));
      return signedUp.map(({ match, clubId }) => ({
        match,
        side: clubId === match.clubAId ? ("a" as const) : ("b" as const),
        games: games.filter((game) => game.matchId === match.id),
      }));
    },

    async participantCounts(matchIds: readonly number[]): Promise<ReadonlyMap<number, number>> {
      if (matchIds.length === 0) return new Map();
      const rows = await db
        .select({ matchId: teamMatchPlayers.matchId, count: sql<number>`count(*)::int` })
        .from(teamMatchPlayers)
        .where(inArray(teamMatchPlayers.matchId, [...matchIds]))
        .groupBy(teamMatchPlayers.matchId);
      return new Map(rows.map((row) => [row.matchId, row.count]));
    },
  };
  return service;
}

export type TeamMatchesService = ReturnType<typeof createTeamMatchesService>;
