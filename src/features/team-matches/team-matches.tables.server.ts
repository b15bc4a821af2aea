import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { memberIdColumn } from "../accounts/member-reference.server.ts";

/**
 * Team matches between clubs (issue 25, decision 0072). Club ids are plain
 * integers (the clubs feature's rows; a club is closed, never deleted, so no
 * foreign key is needed to keep them). Scores are kept in half points, so
 * that ½ is an integer.
 */

/** The terms two clubs agree on, shared by a challenge and the match it becomes. */
const termsColumns = () => ({
  /** "daily" | "live" */
  kind: varchar("kind", { length: 8 }).notNull(),
  /** "standard" | "chess960" */
  rules: varchar("rules", { length: 12 }).notNull(),
  daysPerMove: smallint("days_per_move"),
  baseSeconds: integer("base_seconds"),
  incrementSeconds: smallint("increment_seconds"),
  rated: boolean("rated").notNull(),
  maxBoards: smallint("max_boards").notNull(),
  /** 2 for daily matches; 1 or 2 for live ones. */
  gamesPerBoard: smallint("games_per_board").notNull(),
  minRating: smallint("min_rating"),
  maxRating: smallint("max_rating"),
  /** The registration deadline (daily) or the start time (live). */
  startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }).notNull(),
});

export const teamMatchChallenges = pgTable(
  "team_match_challenges",
  {
    id: serial("id").primaryKey(),
    challengerClubId: integer("challenger_club_id").notNull(),
    opponentClubId: integer("opponent_club_id").notNull(),
    createdBy: memberIdColumn("created_by", "set null"),
    name: varchar("name", { length: 80 }).notNull(),
    ...termsColumns(),
    /** pending | accepted | declined | deleted */
    status: varchar("status", { length: 10 }).notNull().default("pending"),
    matchId: integer("match_id"),
    decidedBy: memberIdColumn("decided_by", "set null"),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    index("team_match_challenges_challenger_idx").on(table.challengerClubId, table.status),
    index("team_match_challenges_opponent_idx").on(table.opponentClubId, table.status),
  ],
);

export const teamMatches = pgTable(
  "team_matches",
  {
    id: serial("id").primaryKey(),
    /** Side A: the club that sent the challenge; side B: the club that accepted it. */
    clubAId: integer("club_a_id").notNull(),
    clubBId: integer("club_b_id").notNull(),
    name: varchar("name", { length: 80 }).notNull(),
    ...termsColumns(),
    /** registration | starting | in_progress | finished | cancelled */
    status: varchar("status", { length: 12 }).notNull().default("registration"),
    scoreA2: integer("score_a2").notNull().default(0),
    scoreB2: integer("score_b2").notNull().default(0),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    index("team_matches_due_idx").on(table.status, table.startsAt),
    index("team_matches_club_a_idx").on(table.clubAId, table.status),
    index("team_matches_club_b_idx").on(table.clubBId, table.status),
  ],
);

/** Who signed up, for which side; the rating is the one they had when they signed up (re-read at the start). */
export const teamMatchPlayers = pgTable(
  "team_match_players",
  {
    matchId: integer("match_id")
      .notNull()
      .references(() => teamMatches.id, { onDelete: "cascade" }),
    memberId: memberIdColumn("member_id", "cascade").notNull(),
    clubId: integer("club_id").notNull(),
    rating: smallint("rating").notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.matchId, table.memberId] }), index("team_match_players_member_idx").on(table.memberId)],
);

/**
 * One game of a board (or a forfeited one: no game id). `pointsA2` is side
 * A's half points from it, null until the game ends.
 */
export const teamMatchGames = pgTable(
  "team_match_games",
  {
    id: serial("id").primaryKey(),
    matchId: integer("match_id")
      .notNull()
      .references(() => teamMatches.id, { onDelete: "cascade" }),
    board: smallint("board").notNull(),
    /** Play's game, or null for a forfeit. */
    gameId: bigint("game_id", { mode: "number" }),
    playerAId: memberIdColumn("player_a_id", "set null"),
    playerBId: memberIdColumn("player_b_id", "set null"),
    ratingA: smallint("rating_a"),
    ratingB: smallint("rating_b"),
    /** Whether side A has white in this game. */
    aWhite: boolean("a_white").notNull(),
    pointsA2: smallint("points_a2"),
    /** Play's ending reason, or "forfeit". */
    reason: varchar("reason", { length: 24 }),
  },
  (table) => [
    index("team_match_games_match_idx").on(table.matchId, table.board),
    uniqueIndex("team_match_games_game_idx").on(table.gameId).where(sql`${table.gameId} is not null`),
  ],
);
