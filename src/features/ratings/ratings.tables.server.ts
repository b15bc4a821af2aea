import { bigint, date, index, integer, pgTable, primaryKey, real, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { memberIdColumn } from "../accounts/member-reference.server.ts";

/**
 * Ratings (decision 0050). The SQL tables kept their names when they moved
 * out of play, so no migration came with the move. `rating_type` is a key of
 * the catalogue (rating-types.ts); `game_id` names the rated game without a
 * foreign key: the game is another feature's row.
 */

/** A member's Glicko-2 rating per rating type. The (type, rating) index serves the leaderboards' top N. */
export const ratings = pgTable(
  "ratings",
  {
    memberId: memberIdColumn("member_id", "cascade").notNull(),
    ratingType: varchar("rating_type", { length: 12 }).notNull(),
    rating: real("rating").notNull(),
    deviation: real("deviation").notNull(),
    volatility: real("volatility").notNull(),
    games: integer("games").notNull().default(0),
    wins: integer("wins").notNull().default(0),
    losses: integer("losses").notNull().default(0),
    draws: integer("draws").notNull().default(0),
    best: integer("best"),
    bestGameId: bigint("best_game_id", { mode: "number" }),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.ratingType] }), index("ratings_type_rating_idx").on(table.ratingType, table.rating)],
);

/** One point per rated game, for the stats pages' graphs; its key is also what makes settling a game twice impossible. */
export const ratingHistory = pgTable(
  "rating_history",
  {
    memberId: memberIdColumn("member_id", "cascade").notNull(),
    ratingType: varchar("rating_type", { length: 12 }).notNull(),
    gameId: bigint("game_id", { mode: "number" }).notNull(),
    rating: integer("rating").notNull(),
    deviation: integer("deviation").notNull(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.ratingType, table.gameId] }), index("rating_history_member_at_idx").on(table.memberId, table.ratingType, table.at)],
);

/**
 * The rank table (decision 0066): each rating type's eligible ratings in
 * board order, numbered from 1, rebuilt whole by the leaderboards' job. A
 * page is a range of the (type, rank) key and "my rank" one probe of the
 * (type, member) index, however deep; derived data, so a lost table is only
 * a rebuild away. Partitioned by type (migration 0031): a rebuild fills a
 * fresh unlogged table and swaps it in as the type's partition (decision 0071).
 */
export const ratingRanks = pgTable(
  "rating_ranks",
  {
    ratingType: varchar("rating_type", { length: 12 }).notNull(),
    rank: integer("rank").notNull(),
    // No foreign key: a million checks would double the rebuild; a deleted member's row goes with the next rebuild.
    memberId: integer("member_id").notNull(),
    rating: integer("rating").notNull(),
    games: integer("games").notNull(),
    wins: integer("wins").notNull(),
    draws: integer("draws").notNull(),
    losses: integer("losses").notNull(),
    /** The member's country when the ranks were built: a country's board is a range of (type, country, rank). */
    country: varchar("country", { length: 2 }),
  },
  (table) => [
    primaryKey({ columns: [table.ratingType, table.rank] }),
    uniqueIndex("rating_ranks_member_idx").on(table.ratingType, table.memberId),
    index("rating_ranks_country_idx").on(table.ratingType, table.country, table.rank),
  ],
);

/** The days whose ranks were kept (one snapshot a type a day), the oldest in the window being the trend's baseline. */
export const ratingRankSnapshotDays = pgTable(
  "rating_rank_snapshot_days",
  {
    ratingType: varchar("rating_type", { length: 12 }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.ratingType, table.day] })],
);

/** A day's ranks and ratings, for the boards' 90-day trend (rank and score change); pruned past the window. */
export const ratingRankSnapshots = pgTable(
  "rating_rank_snapshots",
  {
    ratingType: varchar("rating_type", { length: 12 }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    memberId: integer("member_id").notNull(),
    rank: integer("rank").notNull(),
    rating: integer("rating").notNull(),
  },
  (table) => [primaryKey({ columns: [table.ratingType, table.day, table.memberId] })],
);
