import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { memberIdColumn } from "../accounts/member-reference.server.ts";

/**
 * Tournaments (issue 26, decision 0073). One table for every kind: an arena
 * today, Swiss later (its rounds beside, in tables of its own). `url` is the
 * string id of spec 000 §3; `programme_key` makes the site's scheduled
 * programme create each slot once, whichever instance runs the job.
 */
export const tournaments = pgTable(
  "tournaments",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity({ startWith: 100 }),
    url: varchar("url", { length: 80 }).notNull(),
    /** arena | swiss */
    kind: varchar("kind", { length: 8 }).notNull(),
    name: varchar("name", { length: 60 }).notNull(),
    description: varchar("description", { length: 1000 }).notNull().default(""),
    /** Null for the site's own programme (and a creator whose account was deleted). */
    createdBy: memberIdColumn("created_by", "set null"),
    programmeKey: varchar("programme_key", { length: 80 }),
    /** standard | chess960 */
    rules: varchar("rules", { length: 16 }).notNull(),
    baseSeconds: integer("base_seconds").notNull(),
    incrementSeconds: integer("increment_seconds").notNull(),
    rated: boolean("rated").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }).notNull(),
    /** An arena's length; a Swiss's estimate (its rounds at the time control), for the lists. */
    durationMinutes: smallint("duration_minutes").notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }).notNull(),
    minRating: smallint("min_rating"),
    maxRating: smallint("max_rating"),
    /** A Swiss's rounds, fixed beforehand (null for an arena). */
    rounds: smallint("rounds"),
    /** A Swiss's round in play (0 before the first is paired). */
    currentRound: smallint("current_round").notNull().default(0),
    /** upcoming | running | ending (time is up, games still playing) | finished */
    status: varchar("status", { length: 10 }).notNull().default("upcoming"),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("tournaments_url_unique").on(table.url),
    uniqueIndex("tournaments_programme_key_unique").on(table.programmeKey),
    index("tournaments_status_starts_idx").on(table.status, table.startsAt),
  ],
);

/** A player of a tournament: their standing and, for an arena, what the next pairing needs. */
export const tournamentPlayers = pgTable(
  "tournament_players",
  {
    tournamentId: bigint("tournament_id", { mode: "number" })
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    memberId: memberIdColumn("member_id", "cascade").notNull(),
    /** active | paused | withdrawn */
    status: varchar("status", { length: 10 }).notNull().default("active"),
    /** In a game (or a pairing being started) of this tournament: not waiting. */
    playing: boolean("playing").notNull().default(false),
    score: integer("score").notNull().default(0),
    games: integer("games").notNull().default(0),
    wins: integer("wins").notNull().default(0),
    draws: integer("draws").notNull().default(0),
    /** Consecutive wins: two or more is the fire mark, and doubles the next game's points. */
    streak: smallint("streak").notNull().default(0),
    berserks: smallint("berserks").notNull().default(0),
    /** The rating of the tournament's type when they joined: the pairing's second key. */
    rating: integer("rating").notNull(),
    lastOpponentId: integer("last_opponent_id"),
    /** Games with white minus games with black. */
    colorBalance: smallint("color_balance").notNull().default(0),
    /** Each game's points in order, e.g. "2 4 0 3" (the standings' score sheet). */
    sheet: varchar("sheet", { length: 600 }).notNull().default(""),
    /** The final place, set once when the tournament finishes. */
    rank: integer("rank"),
    joinedAt: timestamp("joined_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tournamentId, table.memberId] }),
    index("tournament_players_standing_idx").on(table.tournamentId, table.score.desc(), table.rating.desc()),
    index("tournament_players_member_idx").on(table.memberId, table.joinedAt),
  ],
);

/**
 * A pairing and its game. Written `pending` before play starts the game
 * (so that two instances never pair a player twice), `playing` with its game
 * id, `done` with each side's points once play says it ended. A Swiss bye is
 * a row without a game: black is white, result `bye`, done at once.
 */
export const tournamentGames = pgTable(
  "tournament_games",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tournamentId: bigint("tournament_id", { mode: "number" })
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    /** Play's game (no foreign key: the game is play's row). */
    gameId: bigint("game_id", { mode: "number" }),
    whiteId: integer("white_id").notNull(),
    blackId: integer("black_id").notNull(),
    /** A Swiss's round (null in an arena). */
    round: smallint("round"),
    /** pending | playing | done */
    status: varchar("status", { length: 8 }).notNull().default("pending"),
    result: varchar("result", { length: 7 }),
    whiteBerserk: boolean("white_berserk").notNull().default(false),
    blackBerserk: boolean("black_berserk").notNull().default(false),
    whitePoints: smallint("white_points"),
    blackPoints: smallint("black_points"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    uniqueIndex("tournament_games_game_unique").on(table.gameId),
    index("tournament_games_tournament_idx").on(table.tournamentId, table.status),
    index("tournament_games_pending_idx").on(table.createdAt).where(sql`${table.status} = 'pending'`),
  ],
);

export type TournamentRow = typeof tournaments.$inferSelect;
export type TournamentPlayerRow = typeof tournamentPlayers.$inferSelect;
