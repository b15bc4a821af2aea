/**
 * A member's figures over their finished rated games, per rating type
 * (decision 0077): games, average opponent rating, games lost on time,
 * average time per move over a window, and the win, loss and current
 * streaks over all time. Each is one set-based statement over the member's
 * seats (game_seats_member_idx) joined to their games by key, grouped by
 * type: no loop over games, whatever their number.
 *
 * Outcomes are read from the member's team (a game's result is written from
 * team 0's side: board 0's white, and in bughouse board 1's black), so a
 * bughouse partner's win is the member's too.
 */
import { and, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "../../../platform/db/client.server.ts";
import { gameMoves, games, gameSeats } from "../play.tables.server.ts";

export type StreakOutcome = "win" | "draw" | "loss";

export interface GameStatsOfType {
  readonly ratingType: string;
  /** Finished rated games in the window. */
  readonly games: number;
  /** The mean of the opponents' ratings when each game started, over the window's games played on board 0 (null: none). */
  readonly averageOpponentRating: number | null;
  /** Games of the window the member (or their team) lost on time. */
  readonly timeouts: number;
  /** The longest run of consecutive wins, and of losses, over all time (a draw ends both). */
  readonly bestWinStreak: number;
  readonly longestLossStreak: number;
  /** The run the member's latest game belongs to (over all time). */
  readonly currentStreak: { readonly outcome: StreakOutcome; readonly length: number };
  /** The mean seconds the member took for a move in the window's games (null: not asked, or no moves). */
  readonly secondsPerMove: number | null;
}

export interface GameStatsQuery {
  readonly ratingTypes: readonly string[];
  /** The window's start (null: all time). */
  readonly since: Date | null;
  /** Also time the member's moves (reads every move of the window's games). */
  readonly timePerMove: boolean;
}

const int = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const isOutcome = (value: unknown): value is StreakOutcome => value === "win" || value === "draw" || value === "loss";

export function createGameStatsReader(db: Database) {
  /** The member's finished rated games of the types, one row per game (their seat's board, colour and team). */
  function memberGames(memberId: number, ratingTypes: readonly string[]): SQL {
    return sql`select ${games.id} as id, ${games.ratingType} as rating_type, ${games.endedAt} as ended_at, ${games.createdAt} as created_at,
        ${games.termination} as termination, ${gameSeats.board} as board, ${gameSeats.color} as color,
        case when ${games.result} = '1/2-1/2' then 'draw' when (${games.result} = '1-0') = (${gameSeats.team} = 0) then 'win' else 'loss' end as outcome,
        case when ${gameSeats.board} = 0 then case when ${gameSeats.color} = 'white' then ${games.blackRating} else ${games.whiteRating} end end as opponent_rating
      from ${gameSeats} join ${games} on ${games.id} = ${gameSeats.gameId}
      where ${and(eq(gameSeats.memberId, memberId), eq(games.status, "ended"), eq(games.rated, true), inArray(games.ratingType, [...ratingTypes]))}`;
  }

  async function outcomes(memberId: number, query: GameStatsQuery) {
    const inWindow = query.since ? sql`ended_at >= ${query.since}` : sql`true`;
    return queryRows(
      db,
      sql`with mine as (${memberGames(memberId, query.ratingTypes)}),
        sequenced as (
          select rating_type, outcome, row_number() over (partition by rating_type order by ended_at, id) as seq,
            row_number() over (partition by rating_type order by ended_at, id) - row_number() over (partition by rating_type, outcome order by ended_at, id) as island
          from mine
        ),
        runs as (select rating_type, outcome, count(*) as length, max(seq) as last_seq from sequenced group by rating_type, outcome, island),
        streaks as (
          select rating_type,
            coalesce(max(length) filter (where outcome = 'win'), 0)::int as best_win,
            coalesce(max(length) filter (where outcome = 'loss'), 0)::int as longest_loss,
            (array_agg(outcome order by last_seq desc))[1] as current_outcome,
            ((array_agg(length order by last_seq desc))[1])::int as current_length
          from runs group by rating_type
        ),
        windowed as (
          select rating_type, count(*)::int as games, avg(opponent_rating)::float8 as average_opponent,
            (count(*) filter (where outcome = 'loss' and termination = 'timeout'))::int as timeouts
          from mine where ${inWindow} group by rating_type
        )
      select streaks.rating_type, windowed.games, windowed.average_opponent, windowed.timeouts, streaks.best_win, streaks.longest_loss, streaks.current_outcome, streaks.current_length
      from streaks left join windowed on windowed.rating_type = streaks.rating_type`,
    );
  }

  /** Each of the member's moves timed from the move before it on the board (or from the game's start), averaged per type. */
  async function secondsPerMove(memberId: number, query: GameStatsQuery): Promise<ReadonlyMap<string, number>> {
    const windowed = and(eq(gameSeats.memberId, memberId), eq(games.status, "ended"), eq(games.rated, true), inArray(games.ratingType, [...query.ratingTypes]), query.since ? gte(games.endedAt, query.since) : undefined);
    const rows = await queryRows(
      db,
      sql`with mine as (
          select ${games.id} as id, ${games.ratingType} as rating_type, ${games.createdAt} as created_at, ${gameSeats.board} as board, ${gameSeats.color} as color
          from ${gameSeats} join ${games} on ${games.id} = ${gameSeats.gameId} where ${windowed}
        ),
        timed as (
          select mine.rating_type, mine.color, ${gameMoves.ply} as ply,
            ${gameMoves.playedAt} - coalesce(lag(${gameMoves.playedAt}) over (partition by ${gameMoves.gameId}, ${gameMoves.board} order by ${gameMoves.ply}), mine.created_at) as took
          from mine join ${gameMoves} on ${gameMoves.gameId} = mine.id and ${gameMoves.board} = mine.board
        )
      select rating_type, avg(extract(epoch from took))::float8 as seconds from timed where (ply % 2 = 0) = (color = 'white') group by rating_type`,
    );
    return new Map(rows.flatMap((row) => (typeof row.rating_type === "string" && row.seconds !== null ? [[row.rating_type, Number(row.seconds)] as const] : [])));
  }

  return {
    /** The member's figures for each of the types they finished a rated game of (types without one are left out). */
    async statsOf(memberId: number, query: GameStatsQuery): Promise<GameStatsOfType[]> {
      if (query.ratingTypes.length === 0) return [];
      const [rows, perMove] = await Promise.all([outcomes(memberId, query), query.timePerMove ? secondsPerMove(memberId, query) : Promise.resolve(new Map<string, number>())]);
      return rows.flatMap((row) => {
        const ratingType = row.rating_type;
        const outcome = row.current_outcome;
        if (typeof ratingType !== "string" || !isOutcome(outcome)) return [];
        return [
          {
            ratingType,
            games: int(row.games),
            averageOpponentRating: numberOrNull(row.average_opponent),
            timeouts: int(row.timeouts),
            bestWinStreak: int(row.best_win),
            longestLossStreak: int(row.longest_loss),
            currentStreak: { outcome, length: int(row.current_length) },
            secondsPerMove: perMove.get(ratingType) ?? null,
          },
        ];
      });
    },
  };
}

export type GameStatsReader = ReturnType<typeof createGameStatsReader>;
