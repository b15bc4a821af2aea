import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { speedCategory } from "../../../chess/time-control.ts";
import type { Database } from "../../../platform/db/client.server.ts";
import type { PlayMembers } from "../play-ports.server.ts";
import { playRulesOf } from "../play.constants.ts";
import { gameMoves, games, gameTermsColumns } from "../play.tables.server.ts";
import type { ArchiveResult, ArchiveRules, ArchiveType } from "./archive-filters.ts";
import type { ArchiveGame, ArchivePage } from "./archive.schema.ts";

/** What the archive is asked, once usernames are ids and dates are instants. */
export interface ArchiveSelection {
  readonly type?: ArchiveType | null;
  readonly rules?: ArchiveRules | null;
  /** From the member's side. */
  readonly result?: ArchiveResult | null;
  readonly opponentId?: number | null;
  /** Ended at or after. */
  readonly from?: Date | null;
  /** Ended before. */
  readonly before?: Date | null;
}

/** A finished game with its moves, for the PGN and the public API. */
export interface ArchivedGameRecord {
  readonly game: ArchiveGame;
  /** A game's PGN may be asked while it is played ("*") or after an abort. */
  readonly status: "playing" | "ended" | "aborted";
  readonly initialFen: string;
  readonly moves: readonly { readonly san: string; readonly clockMs: number | null }[];
}

/** A daily game in play as the public API's current games show it: its record, deadline, last move and draw offer. */
export interface CurrentDailyRecord extends ArchivedGameRecord {
  readonly deadlineAt: Date | null;
  readonly lastActivityAt: Date;
  readonly drawOfferBy: Side | null;
}

/** At most this many of a member's daily games in play are listed (as the games service's own list). */
const CURRENT_DAILY_LIMIT = 100;

type Side = "white" | "black";

const summaryColumns = {
  ...gameTermsColumns,
  whiteRating: games.whiteRating,
  blackRating: games.blackRating,
  whiteRatingDiff: games.whiteRatingDiff,
  blackRatingDiff: games.blackRatingDiff,
  result: games.result,
  termination: games.termination,
  ply: games.ply,
  status: games.status,
  fen: games.fen,
  initialFen: games.initialFen,
  createdAt: games.createdAt,
  endedAt: games.endedAt,
};

const selectSummaries = (db: Database) => db.select(summaryColumns).from(games);
type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

/** The estimated seconds of a live game (base + 40 × increment), as src/chess/time-control.ts classifies speeds. */
const estimatedSeconds = sql`(coalesce(${games.baseSeconds}, 0) + 40 * coalesce(${games.incrementSeconds}, 0))`;

function typeCondition(type: ArchiveType): SQL {
  switch (type) {
    case "daily":
      return eq(games.speed, "daily");
    case "bullet":
      return sql`${games.speed} = 'live' and ${estimatedSeconds} < 180`;
    case "blitz":
      return sql`${games.speed} = 'live' and ${estimatedSeconds} >= 180 and ${estimatedSeconds} < 480`;
    case "rapid":
      return sql`${games.speed} = 'live' and ${estimatedSeconds} >= 480`;
  }
}

function resultCondition(result: ArchiveResult, side: Side): SQL {
  if (result === "draw") return eq(games.result, "1/2-1/2");
  const won = (side === "white") === (result === "win");
  return eq(games.result, won ? "1-0" : "0-1");
}

/**
 * The member's finished games on one side of the board. Each side reads its
 * own partial index (games_{white,black}_ended_idx: member, ended_at), and the
 * two sides are merged newest first: no scan of anyone else's games.
 */
function sideConditions(memberId: number, side: Side, selection: ArchiveSelection): SQL | undefined {
  const mine = side === "white" ? games.whiteId : games.blackId;
  const theirs = side === "white" ? games.blackId : games.whiteId;
  return and(
    eq(mine, memberId),
    eq(games.status, "ended"),
    selection.opponentId ? eq(theirs, selection.opponentId) : undefined,
    selection.result ? resultCondition(selection.result, side) : undefined,
    selection.rules ? eq(games.rules, selection.rules) : undefined,
    selection.type ? typeCondition(selection.type) : undefined,
    selection.from ? gte(games.endedAt, selection.from) : undefined,
    selection.before ? lt(games.endedAt, selection.before) : undefined,
  );
}

function timeClassOf(row: SummaryRow): ArchiveType {
  if (row.speed === "daily") return "daily";
  return speedCategory({ kind: "live", baseSeconds: row.baseSeconds ?? 0, incrementSeconds: row.incrementSeconds ?? 0 });
}

function present(row: SummaryRow, names: ReadonlyMap<number, string>): ArchiveGame {
  return {
    id: row.id,
    speed: row.speed === "daily" ? "daily" : "live",
    timeClass: timeClassOf(row),
    rules: playRulesOf(row.rules),
    rated: row.rated,
    control: row.speed === "daily" ? { kind: "daily", daysPerMove: row.daysPerMove ?? 1 } : { kind: "live", baseSeconds: row.baseSeconds ?? 0, incrementSeconds: row.incrementSeconds ?? 0 },
    white: { username: names.get(row.whiteId) ?? "", rating: row.whiteRating, ratingDiff: row.whiteRatingDiff },
    black: { username: names.get(row.blackId) ?? "", rating: row.blackRating, ratingDiff: row.blackRatingDiff },
    result: row.result === "1-0" || row.result === "0-1" ? row.result : "1/2-1/2",
    termination: row.termination ?? "",
    moves: Math.ceil(row.ply / 2),
    startedAt: row.createdAt.toISOString(),
    endedAt: (row.endedAt ?? row.createdAt).toISOString(),
    fen: row.fen,
  };
}

export function createArchiveService(db: Database, members: Pick<PlayMembers, "usernamesByIds" | "findByUsername">) {
  const bothSides = (memberId: number, selection: ArchiveSelection) =>
    unionAll(
      db.select(summaryColumns).from(games).where(sideConditions(memberId, "white", selection)),
      db.select(summaryColumns).from(games).where(sideConditions(memberId, "black", selection)),
    );

  async function withNames(rows: readonly SummaryRow[]): Promise<ArchiveGame[]> {
    const names = await members.usernamesByIds(rows.flatMap((row) => [row.whiteId, row.blackId]));
    return rows.map((row) => present(row, names));
  }

  async function countOf(memberId: number, selection: ArchiveSelection): Promise<number> {
    const counts = await Promise.all(
      (["white", "black"] as const).map((side) => db.select({ count: sql<number>`count(*)::int`.mapWith(Number) }).from(games).where(sideConditions(memberId, side, selection))),
    );
    return counts.reduce((sum, [row]) => sum + (row?.count ?? 0), 0);
  }

  return {
    /** The member whose archive a page or an API call names (any case); null when unknown. */
    memberByUsername: (username: string) => members.findByUsername(username),

    /** One page of a member's finished games, newest first, and how many match in all. */
    async page(memberId: number, selection: ArchiveSelection, page: { readonly number: number; readonly size: number }): Promise<ArchivePage> {
      const [rows, total] = await Promise.all([
        bothSides(memberId, selection)
          .orderBy(desc(sql`ended_at`), desc(sql`id`))
          .limit(page.size)
          .offset((page.number - 1) * page.size),
        countOf(memberId, selection),
      ]);
      return { games: await withNames(rows), total };
    },

    /** The months (UTC) in which the member finished a game, oldest first, as [year, month]. */
    async months(memberId: number): Promise<readonly (readonly [number, number])[]> {
      const month = sql<string>`to_char(${games.endedAt} at time zone 'UTC', 'YYYY-MM')`;
      const rows = await unionAll(
        db.selectDistinct({ month }).from(games).where(sideConditions(memberId, "white", {})),
        db.selectDistinct({ month }).from(games).where(sideConditions(memberId, "black", {})),
      );
      const distinct = [...new Set(rows.map((row) => row.month))].sort();
      return distinct.map((text) => [Number(text.slice(0, 4)), Number(text.slice(5, 7))] as const);
    },

    /** Every game the member finished in a UTC month, oldest first, with its moves. */
    async month(memberId: number, year: number, month: number): Promise<ArchivedGameRecord[]> {
      const from = new Date(Date.UTC(year, month - 1, 1));
      const before = new Date(Date.UTC(year, month, 1));
      const rows = await bothSides(memberId, { from, before }).orderBy(asc(sql`ended_at`), asc(sql`id`));
      return recordsOf(rows);
    },

    /** One game with its moves, finished or not (null: unknown). */
    async record(gameId: number): Promise<ArchivedGameRecord | null> {
      const rows = await selectSummaries(db).where(eq(games.id, gameId));
      const [record] = await recordsOf(rows);
      return record ?? null;
    },

    /** The member's daily games in play, the nearest deadline first, with their moves (for the public API's current games). */
    async dailyInProgress(memberId: number): Promise<CurrentDailyRecord[]> {
      const rows = await db
        .select({ ...summaryColumns, deadlineAt: games.deadlineAt, drawOfferBy: games.drawOfferBy })
        .from(games)
        .where(and(eq(games.status, "playing"), eq(games.speed, "daily"), or(eq(games.whiteId, memberId), eq(games.blackId, memberId))))
        .orderBy(asc(games.deadlineAt), asc(games.id))
        .limit(CURRENT_DAILY_LIMIT);
      if (rows.length === 0) return [];
      const [records, lastMoves] = await Promise.all([
        recordsOf(rows),
        db
          .select({ gameId: gameMoves.gameId, at: sql<Date>`max(${gameMoves.playedAt})`.mapWith(gameMoves.playedAt) })
          .from(gameMoves)
          .where(inArray(gameMoves.gameId, rows.map((row) => row.id)))
          .groupBy(gameMoves.gameId),
      ]);
      const lastMoveAt = new Map(lastMoves.map((move) => [move.gameId, move.at]));
      const rowsById = new Map(rows.map((row) => [row.id, row]));
      return records.map((record) => {
        const row = rowsById.get(record.game.id);
        const offeredBy = row?.drawOfferBy;
        return {
          ...record,
          deadlineAt: row?.deadlineAt ?? null,
          lastActivityAt: lastMoveAt.get(record.game.id) ?? row?.createdAt ?? new Date(record.game.startedAt),
          drawOfferBy: offeredBy === "white" || offeredBy === "black" ? offeredBy : null,
        };
      });
    },

    /** Wins, losses and draws of `memberId` against `opponentId`, over finished games. */
    async lifetimeScore(memberId: number, opponentId: number): Promise<{ win: number; lose: number; draw: number }> {
      const tally = async (side: Side) => {
        const [row] = await db
          .select({
            win: sql<number>`count(*) filter (where ${resultCondition("win", side)})::int`.mapWith(Number),
            lose: sql<number>`count(*) filter (where ${resultCondition("loss", side)})::int`.mapWith(Number),
            draw: sql<number>`count(*) filter (where ${resultCondition("draw", side)})::int`.mapWith(Number),
          })
          .from(games)
          .where(sideConditions(memberId, side, { opponentId }));
        return row ?? { win: 0, lose: 0, draw: 0 };
      };
      const [white, black] = await Promise.all([tally("white"), tally("black")]);
      return { win: white.win + black.win, lose: white.lose + black.lose, draw: white.draw + black.draw };
    },

    /** The members the member finished games against most recently, newest first, each once. */
    async recentOpponents(memberId: number, limit: number): Promise<number[]> {
      const opponent = sql<number>`case when ${games.whiteId} = ${memberId} then ${games.blackId} else ${games.whiteId} end`.mapWith(Number);
      const recent = await unionAll(
        db.select({ opponent, endedAt: games.endedAt }).from(games).where(sideConditions(memberId, "white", {})),
        db.select({ opponent, endedAt: games.endedAt }).from(games).where(sideConditions(memberId, "black", {})),
      )
        .orderBy(desc(sql`ended_at`))
        .limit(limit * 5);
      return [...new Set(recent.map((row) => row.opponent))].slice(0, limit);
    },
  };

  async function recordsOf(rows: readonly SummaryRow[]): Promise<ArchivedGameRecord[]> {
    if (rows.length === 0) return [];
    const [summaries, moves] = await Promise.all([
      withNames(rows),
      db
        .select({ gameId: gameMoves.gameId, san: gameMoves.san, clockMs: gameMoves.clockMs })
        .from(gameMoves)
        .where(inArray(gameMoves.gameId, rows.map((row) => row.id)))
        .orderBy(asc(gameMoves.gameId), asc(gameMoves.ply)),
    ]);
    const movesOf = new Map<number, { san: string; clockMs: number | null }[]>();
    for (const move of moves) {
      const list = movesOf.get(move.gameId) ?? [];
      list.push({ san: move.san, clockMs: move.clockMs });
      movesOf.set(move.gameId, list);
    }
    return rows.flatMap((row, index) => {
      const game = summaries[index];
      const status = row.status === "ended" || row.status === "aborted" ? row.status : "playing";
      return game ? [{ game, status, initialFen: row.initialFen, moves: movesOf.get(row.id) ?? [] }] : [];
    });
  }
}

export type ArchiveService = ReturnType<typeof createArchiveService>;
