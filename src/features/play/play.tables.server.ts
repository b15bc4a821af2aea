import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { memberIdColumn } from "../accounts/member-reference.server.ts";
import type { GameTags } from "./play.domain-events.server.ts";

/** A board's clocks, the same on the game row (board 0) and on game_boards (the boards past it): fresh column builders per table. */
function boardClockColumns() {
  return {
    whiteClockMs: integer("white_clock_ms"),
    blackClockMs: integer("black_clock_ms"),
    whiteLagQuotaMs: integer("white_lag_quota_ms").notNull().default(0),
    blackLagQuotaMs: integer("black_lag_quota_ms").notNull().default(0),
    /** When the side to move started thinking: the clock runs from here. */
    turnStartedAt: timestamp("turn_started_at", { withTimezone: true, mode: "date" }),
    /** When the side to move runs out of time (live) or of days (daily); the sweeper ends games past it (on the game row: the earliest of its boards'). */
    deadlineAt: timestamp("deadline_at", { withTimezone: true, mode: "date" }),
  };
}

/**
 * Online play. The game row is the authority for a game in progress: every
 * move is one transaction that updates the row on the version it was made on
 * and appends to game_moves (decision 0016).
 *
 * A game is boards and seats (decision 0049). The game row holds what is the
 * game's (terms, status, result, offers, the one version every change bumps)
 * and its first board (board 0: position, ply, clocks, that board's version),
 * so a one-board game is still one row; a bughouse game's second board is a
 * `game_boards` row. Who plays is in `game_seats` (two seats, or four in two
 * teams); `white_id`/`black_id` stay as board 0's players for the readers of
 * "a member's games" (archive, live list, public API).
 */
export const games = pgTable(
  "games",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity({ startWith: 1000 }),
    /** Variant id of src/chess/variants.ts: standard, chess960, crazyhouse, kingOfTheHill, threeCheck, bughouse. */
    rules: varchar("rules", { length: 16 }).notNull(),
    /** live | daily */
    speed: varchar("speed", { length: 8 }).notNull(),
    /** bullet, blitz, rapid, daily, live960, daily960: which rating the game counts for. */
    ratingType: varchar("rating_type", { length: 12 }).notNull(),
    rated: boolean("rated").notNull(),
    /** Live: base seconds and increment seconds. Daily: days per move. */
    baseSeconds: integer("base_seconds"),
    incrementSeconds: integer("increment_seconds"),
    daysPerMove: smallint("days_per_move"),
    whiteId: memberIdColumn("white_id", "cascade").notNull(),
    blackId: memberIdColumn("black_id", "cascade").notNull(),
    initialFen: text("initial_fen").notNull(),
    /** The position after the last move (saves replaying the moves on every request). */
    fen: text("fen").notNull(),
    ply: smallint("ply").notNull().default(0),
    /** Bumped by every change a client must see (move, offer, end), on any board: the realtime stream's version. */
    version: integer("version").notNull().default(0),
    /** Board 0's own version: bumped by every change of its position (a move, a piece arriving in a pocket). */
    boardVersion: integer("board_version").notNull().default(0),
    /** playing | ended | aborted */
    status: varchar("status", { length: 8 }).notNull().default("playing"),
    /** 1-0, 0-1, 1/2-1/2; null while playing or aborted. */
    result: varchar("result", { length: 7 }),
    /** checkmate, stalemate, repetition, fifty_moves, insufficient_material, timeout, timeout_vs_insufficient, resignation, agreement, abandonment, aborted */
    termination: varchar("termination", { length: 24 }),
    ...boardClockColumns(),
    /** white | black: who offers a draw now. */
    drawOfferBy: varchar("draw_offer_by", { length: 5 }),
    rematchOfferBy: varchar("rematch_offer_by", { length: 5 }),
    /** white | black: who asks to take their last move back now; any move clears it. */
    takebackOfferBy: varchar("takeback_offer_by", { length: 5 }),
    rematchOfId: bigint("rematch_of_id", { mode: "number" }),
    rematchGameId: bigint("rematch_game_id", { mode: "number" }),
    whiteRating: integer("white_rating"),
    blackRating: integer("black_rating"),
    whiteRatingDiff: integer("white_rating_diff"),
    blackRatingDiff: integer("black_rating_diff"),
    variantData: jsonb("variant_data"),
    /** What the game belongs to (a tournament, a team match, a vote-chess game), null when nothing: carried by its domain events. */
    tags: jsonb("tags").$type<GameTags>(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    index("games_deadline_idx").on(table.deadlineAt).where(sql`${table.status} = 'playing'`),
    index("games_white_idx").on(table.whiteId, table.createdAt),
    index("games_black_idx").on(table.blackId, table.createdAt),
    // The archive (page, PGN months, public API) reads a member's finished games newest first, by end date.
    index("games_white_ended_idx").on(table.whiteId, table.endedAt).where(sql`${table.status} = 'ended'`),
    index("games_black_ended_idx").on(table.blackId, table.endedAt).where(sql`${table.status} = 'ended'`),
    index("games_playing_idx").on(table.speed, table.createdAt).where(sql`${table.status} = 'playing'`),
    // A member's games in progress: presence's Watch link and the header's list on every page read only the playing rows.
    index("games_playing_white_idx").on(table.whiteId).where(sql`${table.status} = 'playing'`),
    index("games_playing_black_idx").on(table.blackId).where(sql`${table.status} = 'playing'`),
    check("games_distinct_players", sql`${table.whiteId} <> ${table.blackId}`),
  ],
);

/**
 * A board of a game beyond the first (board 0 lives on the game row): the
 * same columns, written in the same statement as the game row's version.
 */
export const gameBoards = pgTable(
  "game_boards",
  {
    gameId: bigint("game_id", { mode: "number" }).notNull().references(() => games.id, { onDelete: "cascade" }),
    board: smallint("board").notNull(),
    /** The board's rules id (src/chess/rules.ts BoardRulesId). */
    rules: varchar("rules", { length: 16 }).notNull(),
    initialFen: text("initial_fen").notNull(),
    fen: text("fen").notNull(),
    ply: smallint("ply").notNull().default(0),
    version: integer("version").notNull().default(0),
    ...boardClockColumns(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.board] }), check("game_boards_beyond_first", sql`${table.board} > 0`)],
);

/** Who plays a game: a seat is a member on a board with a colour, for a team (a team wins or loses together). */
export const gameSeats = pgTable(
  "game_seats",
  {
    gameId: bigint("game_id", { mode: "number" }).notNull().references(() => games.id, { onDelete: "cascade" }),
    seat: smallint("seat").notNull(),
    memberId: memberIdColumn("member_id", "cascade").notNull(),
    board: smallint("board").notNull(),
    /** white | black */
    color: varchar("color", { length: 5 }).notNull(),
    team: smallint("team").notNull(),
  },
  // A member sits once at a game; the index also finds a member's games by seat.
  (table) => [primaryKey({ columns: [table.gameId, table.seat] }), uniqueIndex("game_seats_member_idx").on(table.memberId, table.gameId)],
);

/** One row per move, appended in the move's transaction. */
export const gameMoves = pgTable(
  "game_moves",
  {
    gameId: bigint("game_id", { mode: "number" }).notNull().references(() => games.id, { onDelete: "cascade" }),
    /** The board's ply the move was made on (each board counts its own). */
    ply: smallint("ply").notNull(),
    board: smallint("board").notNull().default(0),
    uci: varchar("uci", { length: 8 }).notNull(),
    san: varchar("san", { length: 12 }).notNull(),
    /** The mover's clock after the move (live), for the PGN's %clk and the replay. */
    clockMs: integer("clock_ms"),
    playedAt: timestamp("played_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  // Ply before board: a one-board game's moves are read in index order.
  (table) => [primaryKey({ columns: [table.gameId, table.ply, table.board] })],
);

/** A challenge to a named member; accepting it creates the game. */
export const challenges = pgTable(
  "challenges",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    challengerId: memberIdColumn("challenger_id", "cascade").notNull(),
    challengedId: memberIdColumn("challenged_id", "cascade").notNull(),
    rules: varchar("rules", { length: 16 }).notNull(),
    speed: varchar("speed", { length: 8 }).notNull(),
    baseSeconds: integer("base_seconds"),
    incrementSeconds: integer("increment_seconds"),
    daysPerMove: smallint("days_per_move"),
    rated: boolean("rated").notNull(),
    /** white | black | random: the challenger's colour. */
    color: varchar("color", { length: 6 }).notNull(),
    /** open | accepted | declined | cancelled | expired */
    status: varchar("status", { length: 10 }).notNull().default("open"),
    gameId: bigint("game_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [
    index("challenges_challenged_open_idx").on(table.challengedId).where(sql`${table.status} = 'open'`),
    index("challenges_challenger_open_idx").on(table.challengerId).where(sql`${table.status} = 'open'`),
    check("challenges_distinct_players", sql`${table.challengerId} <> ${table.challengedId}`),
  ],
);

/** An open seek in the lobby; taken by another member or paired by quick pairing. */
export const seeks = pgTable(
  "seeks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: memberIdColumn("member_id", "cascade").notNull(),
    rules: varchar("rules", { length: 16 }).notNull(),
    speed: varchar("speed", { length: 8 }).notNull(),
    baseSeconds: integer("base_seconds"),
    incrementSeconds: integer("increment_seconds"),
    daysPerMove: smallint("days_per_move"),
    rated: boolean("rated").notNull(),
    color: varchar("color", { length: 6 }).notNull(),
    /** The seeker's rating when the seek was made, and the range of opponents they accept. */
    rating: integer("rating").notNull(),
    ratingMin: integer("rating_min"),
    ratingMax: integer("rating_max"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("seeks_member_idx").on(table.memberId), index("seeks_expires_idx").on(table.expiresAt)],
);

/** In-game chat: `players` is seen by the two players, `spectators` by everyone watching. */
export const gameChat = pgTable(
  "game_chat",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    gameId: bigint("game_id", { mode: "number" }).notNull().references(() => games.id, { onDelete: "cascade" }),
    channel: varchar("channel", { length: 10 }).notNull(),
    authorId: memberIdColumn("author_id", "cascade").notNull(),
    text: varchar("text", { length: 200 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  // The second index counts a member's recent lines (the chat rate limit).
  (table) => [index("game_chat_game_idx").on(table.gameId, table.channel, table.id), index("game_chat_author_idx").on(table.authorId, table.createdAt)],
);

/**
 * A member's vacation (decision 0018): the balance left, when it last accrued,
 * and the end of the vacation in progress (null: not on vacation). While on
 * vacation the member's daily games wait for them.
 */
export const vacations = pgTable("play_vacations", {
  memberId: memberIdColumn("member_id", "cascade").primaryKey(),
  balanceMs: bigint("balance_ms", { mode: "number" }).notNull(),
  accruedAt: timestamp("accrued_at", { withTimezone: true, mode: "date" }).notNull(),
  onUntil: timestamp("on_until", { withTimezone: true, mode: "date" }),
});

/** The columns that say which game it is and on what terms: the start of every list of games (archive, /live). */
export const gameTermsColumns = {
  id: games.id,
  rules: games.rules,
  speed: games.speed,
  rated: games.rated,
  baseSeconds: games.baseSeconds,
  incrementSeconds: games.incrementSeconds,
  daysPerMove: games.daysPerMove,
  whiteId: games.whiteId,
  blackId: games.blackId,
};

export type GameRow = typeof games.$inferSelect;
export type GameBoardRow = typeof gameBoards.$inferSelect;
export type GameSeatRow = typeof gameSeats.$inferSelect;
export type ChallengeRow = typeof challenges.$inferSelect;
export type SeekRow = typeof seeks.$inferSelect;
