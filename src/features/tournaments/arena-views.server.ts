/**
 * The tournaments' read side: the hub's lists, an arena's page and its
 * polled live part, a member's results. Presenters turn rows into the DTOs
 * of tournaments.schema.ts.
 */
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { isOnFire } from "./arena-scoring.ts";
import { controlOf } from "./arena-settings.ts";
import type { ArenaCard, ArenaGameToWatch, ArenaLive, ArenaStanding, ArenaStatus, ArenaView, ArenaViewer, MemberTournamentResult } from "./tournaments.schema.ts";
import { tournamentGames, tournamentPlayers, tournaments, type TournamentPlayerRow, type TournamentRow } from "./tournaments.tables.server.ts";

/** How many standings rows the arena page shows (lichess shows ten a page; ours scrolls). */
export const ARENA_STANDINGS_SHOWN = 100;
const HUB_LIST = 20;
const GAMES_TO_WATCH = 12;
const MEMBER_RESULTS = 100;

const statusOf = (value: string): ArenaStatus => (value === "running" || value === "ending" || value === "finished" ? value : "upcoming");
export const playerStatusOf = (value: string): ArenaStanding["status"] => (value === "paused" || value === "withdrawn" ? value : "active");

export function cardOf(row: TournamentRow, players: number): ArenaCard {
  return {
    kind: row.kind === "swiss" ? "swiss" : "arena",
    url: row.url,
    name: row.name,
    rules: row.rules === "chess960" ? "chess960" : "standard",
    control: controlOf(row),
    rated: row.rated,
    status: statusOf(row.status),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    players,
  };
}

export function createArenaViews(db: Database, deps: { readonly usernamesOf: (ids: readonly number[]) => Promise<ReadonlyMap<number, string>>; readonly clock: () => number }) {
  async function playerCounts(ids: readonly number[]): Promise<ReadonlyMap<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: tournamentPlayers.tournamentId, count: sql<number>`count(*)::int` })
      .from(tournamentPlayers)
      .where(inArray(tournamentPlayers.tournamentId, [...ids]))
      .groupBy(tournamentPlayers.tournamentId);
    return new Map(rows.map((row) => [row.id, row.count]));
  }

  async function cards(rows: readonly TournamentRow[]): Promise<ArenaCard[]> {
    const counts = await playerCounts(rows.map((row) => row.id));
    return rows.map((row) => cardOf(row, counts.get(row.id) ?? 0));
  }

  function standingOf(row: TournamentPlayerRow, rank: number, username: string): ArenaStanding {
    return {
      rank,
      username,
      rating: row.rating,
      score: row.score,
      sheet: row.sheet === "" ? [] : row.sheet.split(" "),
      onFire: isOnFire(row.streak),
      games: row.games,
      berserks: row.berserks,
      status: playerStatusOf(row.status),
      playing: row.playing,
    };
  }

  async function live(arena: TournamentRow, viewerId: number | null): Promise<ArenaLive> {
    const players = await db
      .select()
      .from(tournamentPlayers)
      .where(eq(tournamentPlayers.tournamentId, arena.id))
      .orderBy(desc(tournamentPlayers.score), desc(tournamentPlayers.rating), asc(tournamentPlayers.memberId))
      .limit(ARENA_STANDINGS_SHOWN);
    const playing = await db
      .select()
      .from(tournamentGames)
      .where(and(eq(tournamentGames.tournamentId, arena.id), eq(tournamentGames.status, "playing")))
      .orderBy(desc(tournamentGames.id))
      .limit(GAMES_TO_WATCH);
    const [viewerRow] = viewerId === null ? [] : await db.select().from(tournamentPlayers).where(and(eq(tournamentPlayers.tournamentId, arena.id), eq(tournamentPlayers.memberId, viewerId)));
    const [viewerGame] =
      viewerId === null
        ? []
        : await db
            .select()
            .from(tournamentGames)
            .where(and(eq(tournamentGames.tournamentId, arena.id), eq(tournamentGames.status, "playing"), sql`(${tournamentGames.whiteId} = ${viewerId} or ${tournamentGames.blackId} = ${viewerId})`));
    const names = await deps.usernamesOf([...new Set([...players.map((row) => row.memberId), ...playing.flatMap((row) => [row.whiteId, row.blackId])])]);
    const [count] = await db.select({ count: sql<number>`count(*)::int` }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, arena.id));
    const games: ArenaGameToWatch[] = playing.map((row) => ({ gameId: row.gameId ?? 0, white: names.get(row.whiteId) ?? "", black: names.get(row.blackId) ?? "", whiteBerserk: row.whiteBerserk, blackBerserk: row.blackBerserk }));
    const viewer: ArenaViewer = {
      signedIn: viewerId !== null,
      joined: viewerRow !== undefined,
      status: viewerRow ? playerStatusOf(viewerRow.status) : null,
      gameId: viewerGame?.gameId ?? null,
      berserked: viewerGame ? (viewerGame.whiteId === viewerId ? viewerGame.whiteBerserk : viewerGame.blackBerserk) : false,
      canEdit: viewerId !== null && arena.createdBy === viewerId && arena.status === "upcoming",
    };
    return {
      status: statusOf(arena.status),
      players: count?.count ?? 0,
      standings: players.map((row, index) => standingOf(row, index + 1, names.get(row.memberId) ?? "")),
      games: games.filter((game) => game.gameId > 0),
      viewer,
      now: new Date(deps.clock()).toISOString(),
    };
  }

  return {
    live,

    /** The hub: what starts soon, what runs now, what finished lately. */
    async hub(): Promise<{ readonly upcoming: ArenaCard[]; readonly running: ArenaCard[]; readonly finished: ArenaCard[] }> {
      const [upcoming, running, finished] = await Promise.all([
        db.select().from(tournaments).where(eq(tournaments.status, "upcoming")).orderBy(asc(tournaments.startsAt)).limit(HUB_LIST),
        db.select().from(tournaments).where(inArray(tournaments.status, ["running", "ending"])).orderBy(asc(tournaments.endsAt)).limit(HUB_LIST),
        db.select().from(tournaments).where(eq(tournaments.status, "finished")).orderBy(desc(tournaments.finishedAt)).limit(HUB_LIST),
      ]);
      return { upcoming: await cards(upcoming), running: await cards(running), finished: await cards(finished) };
    },

    async view(arena: TournamentRow): Promise<ArenaView> {
      const [card] = await cards([arena]);
      const creator = arena.createdBy === null ? null : ((await deps.usernamesOf([arena.createdBy])).get(arena.createdBy) ?? null);
      if (!card) throw new Error("an arena has its card");
      return { ...card, id: arena.id, description: arena.description, durationMinutes: arena.durationMinutes, minRating: arena.minRating, maxRating: arena.maxRating, createdBy: creator };
    },

    /** A member's tournaments, newest first (the stats page and the public API). */
    async resultsOf(memberId: number): Promise<MemberTournamentResult[]> {
      const rows = await db
        .select({ tournament: tournaments, player: tournamentPlayers })
        .from(tournamentPlayers)
        .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
        .where(eq(tournamentPlayers.memberId, memberId))
        .orderBy(desc(tournaments.startsAt))
        .limit(MEMBER_RESULTS);
      const counts = await playerCounts(rows.map((row) => row.tournament.id));
      return rows.map(({ tournament, player }) => ({
        kind: tournament.kind === "swiss" ? ("swiss" as const) : ("arena" as const),
        url: tournament.url,
        name: tournament.name,
        control: controlOf(tournament),
        status: statusOf(tournament.status),
        startsAt: tournament.startsAt.toISOString(),
        rank: player.rank,
        score: player.score,
        games: player.games,
        wins: player.wins,
        draws: player.draws,
        players: counts.get(tournament.id) ?? 0,
      }));
    },

    /** Every player of an arena in standing order, with their names (the public API). */
    async allStandings(arena: TournamentRow): Promise<ArenaStanding[]> {
      const players = await db
        .select()
        .from(tournamentPlayers)
        .where(eq(tournamentPlayers.tournamentId, arena.id))
        .orderBy(desc(tournamentPlayers.score), desc(tournamentPlayers.rating), asc(tournamentPlayers.memberId));
      const names = await deps.usernamesOf(players.map((row) => row.memberId));
      return players.map((row, index) => standingOf(row, index + 1, names.get(row.memberId) ?? ""));
    },

    /** An arena's games, finished ones with their result (the public API's games list). */
    async gamesOf(arena: TournamentRow): Promise<{ readonly gameId: number; readonly whiteId: number; readonly blackId: number; readonly result: string | null }[]> {
      const rows = await db
        .select({ gameId: tournamentGames.gameId, whiteId: tournamentGames.whiteId, blackId: tournamentGames.blackId, result: tournamentGames.result })
        .from(tournamentGames)
        .where(and(eq(tournamentGames.tournamentId, arena.id), gte(tournamentGames.id, 0)))
        .orderBy(asc(tournamentGames.id));
      return rows.flatMap((row) => (row.gameId === null ? [] : [{ ...row, gameId: row.gameId }]));
    },
  };
}

export type ArenaViews = ReturnType<typeof createArenaViews>;
