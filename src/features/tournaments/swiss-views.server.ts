/**
 * A Swiss's read side (decision 0078): its facts, and the polled live part
 * with the crosstable (standings with tie-breaks and each round's opponent,
 * colour and result) and every round's pairings. Presenters of the DTOs in
 * tournaments.schema.ts; no row reaches a client.
 */
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import { cardOf, playerStatusOf } from "./arena-views.server.ts";
import { gameRecordOf } from "./swiss.service.server.ts";
import { swissOrder, swissTieBreaks } from "./swiss-pairing.ts";
import type { ArenaStatus, SwissCell, SwissLive, SwissRoundView, SwissStanding, SwissView } from "./tournaments.schema.ts";
import { tournamentGames, tournamentPlayers, type TournamentRow } from "./tournaments.tables.server.ts";

/** How many players the crosstable shows (a live Swiss is a club-sized event). */
export const SWISS_STANDINGS_SHOWN = 200;

const statusOf = (value: string): ArenaStatus => (value === "running" || value === "ending" || value === "finished" ? value : "upcoming");

export function createSwissViews(db: Database, deps: { readonly usernamesOf: (ids: readonly number[]) => Promise<ReadonlyMap<number, string>>; readonly clock: () => number }) {
  return {
    async view(swiss: TournamentRow): Promise<SwissView> {
      const [count] = await db.select({ count: sql<number>`count(*)::int` }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, swiss.id));
      const creator = swiss.createdBy === null ? null : ((await deps.usernamesOf([swiss.createdBy])).get(swiss.createdBy) ?? null);
      return { ...cardOf(swiss, count?.count ?? 0), id: swiss.id, description: swiss.description, rounds: swiss.rounds ?? 0, minRating: swiss.minRating, maxRating: swiss.maxRating, createdBy: creator };
    },

    async live(swiss: TournamentRow, viewerId: number | null): Promise<SwissLive> {
      const players = await db.select().from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, swiss.id)).orderBy(sql`${tournamentPlayers.rating} desc`, asc(tournamentPlayers.memberId));
      const games = await db
        .select()
        .from(tournamentGames)
        .where(and(eq(tournamentGames.tournamentId, swiss.id), isNotNull(tournamentGames.round)))
        .orderBy(asc(tournamentGames.round), asc(tournamentGames.id));
      const names = await deps.usernamesOf(players.map((player) => player.memberId));
      const done = games.filter((game) => game.status === "done");
      const ties = swissTieBreaks(
        players.map((player) => player.memberId),
        done.map(gameRecordOf),
      );
      // A finished Swiss keeps the ranks it wrote; a running one is ordered as it would finish now.
      const order = swissOrder(
        players.map((player, index) => ({ id: player.memberId, pairingNumber: index + 1, row: player })),
        ties,
      );
      if (swiss.status === "finished") order.sort((a, b) => (a.row.rank ?? Number.MAX_SAFE_INTEGER) - (b.row.rank ?? Number.MAX_SAFE_INTEGER));
      const rankOf = new Map(order.map((player, index) => [player.id, index + 1]));
      const name = (id: number) => names.get(id) ?? "";
      // Each player's pairing of each round, found once (the crosstable reads players × rounds cells).
      const pairingOf = new Map<string, (typeof games)[number]>();
      for (const game of games) {
        pairingOf.set(`${game.round}:${game.whiteId}`, game);
        pairingOf.set(`${game.round}:${game.blackId}`, game);
      }
      const cellsOf = (memberId: number): SwissCell[] =>
        Array.from({ length: swiss.currentRound }, (_, index): SwissCell => {
          const round = index + 1;
          const game = pairingOf.get(`${round}:${memberId}`);
          if (!game) return { round, outcome: "none", opponentRank: null, colour: null };
          if (game.result === "bye") return { round, outcome: "bye", opponentRank: null, colour: null };
          const white = game.whiteId === memberId;
          const opponentRank = rankOf.get(white ? game.blackId : game.whiteId) ?? null;
          const colour = white ? "white" : "black";
          if (game.status !== "done") return { round, outcome: "playing", opponentRank, colour };
          const points = white ? game.whitePoints : game.blackPoints;
          return { round, outcome: game.result === "*" ? "none" : points === 2 ? "win" : points === 1 ? "draw" : "loss", opponentRank, colour };
        });
      const standings: SwissStanding[] = order.slice(0, SWISS_STANDINGS_SHOWN).map((player, index) => {
        const tie = ties.get(player.id);
        return {
          rank: index + 1,
          username: name(player.id),
          rating: player.row.rating,
          score: tie?.score ?? 0,
          buchholz: tie?.buchholz ?? 0,
          sonnebornBerger: tie?.sonnebornBerger ?? 0,
          status: playerStatusOf(player.row.status),
          cells: cellsOf(player.id),
        };
      });
      const roundsPlayed: SwissRoundView[] = Array.from({ length: swiss.currentRound }, (_, index) => {
        const round = index + 1;
        const ofRound = games.filter((game) => game.round === round);
        const bye = ofRound.find((game) => game.result === "bye");
        return {
          round,
          pairings: ofRound
            .filter((game) => game.result !== "bye")
            .map((game, board) => ({ board: board + 1, white: name(game.whiteId), black: name(game.blackId), result: game.status === "done" ? game.result : null, gameId: game.gameId })),
          bye: bye ? name(bye.whiteId) : null,
        };
      });
      const viewerRow = viewerId === null ? undefined : players.find((player) => player.memberId === viewerId);
      const viewerGame = viewerId === null ? undefined : games.find((game) => game.status === "playing" && (game.whiteId === viewerId || game.blackId === viewerId));
      return {
        status: statusOf(swiss.status),
        currentRound: swiss.currentRound,
        rounds: swiss.rounds ?? 0,
        players: players.length,
        standings,
        roundsPlayed,
        viewer: {
          signedIn: viewerId !== null,
          joined: viewerRow !== undefined,
          status: viewerRow ? playerStatusOf(viewerRow.status) : null,
          gameId: viewerGame?.gameId ?? null,
          canEdit: viewerId !== null && swiss.createdBy === viewerId && swiss.status === "upcoming",
        },
        now: new Date(deps.clock()).toISOString(),
      };
    },
  };
}

export type SwissViews = ReturnType<typeof createSwissViews>;
