import { bigint, index, integer, pgTable, smallint, timestamp } from "drizzle-orm/pg-core";
import { memberIdColumn } from "../accounts/member-reference.server.ts";

/**
 * The demo site's life (decision 0054): which invented members play live
 * games on their own while the site runs on demo data, and the games they are
 * playing, each replaying a shipped line. Empty on a real site.
 */
export const demoActors = pgTable("demo_actors", {
  memberId: memberIdColumn("member_id", "cascade").primaryKey(),
});

export const demoLiveGames = pgTable(
  "demo_live_games",
  {
    gameId: bigint("game_id", { mode: "number" }).primaryKey(),
    /** Index of the line in demo-lines.data.ts. */
    line: integer("line").notNull(),
    whiteId: memberIdColumn("white_id", "cascade").notNull(),
    blackId: memberIdColumn("black_id", "cascade").notNull(),
    /** The line's next move (its length: the line's own ending is next). */
    nextPly: smallint("next_ply").notNull().default(0),
    nextMoveAt: timestamp("next_move_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("demo_live_games_next_idx").on(table.nextMoveAt)],
);
