import { pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { memberIdColumn } from "../accounts/member-reference.server.ts";

/**
 * The members the leaderboards no longer list: accounts closed or disabled
 * (for fair play, abuse or by their own choice), written when the accounts
 * feature's `member-deactivated` event arrives (decision 0056). Few rows
 * next to the ratings: the boards pass their ids to the ratings' reads.
 */
export const leaderboardExclusions = pgTable("leaderboard_exclusions", {
  memberId: memberIdColumn("member_id", "cascade").primaryKey(),
  reason: varchar("reason", { length: 16 }).notNull(),
  at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * Each rating type's last rank rebuild and its last rated game since
 * (decision 0066): the rebuild job redoes a type only when a game moved its
 * ratings, a new day needs its snapshot, or it was never built.
 */
export const leaderboardRankBuilds = pgTable("leaderboard_rank_builds", {
  ratingType: varchar("rating_type", { length: 12 }).primaryKey(),
  builtAt: timestamp("built_at", { withTimezone: true, mode: "date" }),
  changedAt: timestamp("changed_at", { withTimezone: true, mode: "date" }),
});
