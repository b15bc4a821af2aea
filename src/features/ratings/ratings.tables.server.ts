import { bigint, index, integer, pgTable, primaryKey, real, timestamp, varchar } from "drizzle-orm/pg-core";
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
