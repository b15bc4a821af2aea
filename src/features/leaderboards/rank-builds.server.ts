/**
 * When the ranks are rebuilt (decision 0066). A rated game marks its type
 * changed; the leader's job rebuilds the types that changed since their last
 * build, the types whose day has no snapshot yet and the types never built;
 * a board read before its type's first build builds it then. Eligibility is
 * decided here: an established rating played in the last ACTIVE_DAYS, of a
 * member not excluded (closed for fair play, abuse or by choice).
 */
import { eq, type SQL } from "drizzle-orm";
import type { Database } from "../../platform/db/client.server.ts";
import type { RankRebuild } from "../ratings/rating-ranks.service.server.ts";
import { ratingTypes, type RatingType } from "../ratings/rating-types.ts";
import type { LeaderboardRatings } from "./leaderboard-ratings.port.ts";
import { leaderboardRankBuilds } from "./leaderboards.tables.server.ts";

/** A rating counts on the boards while its last rated game is this recent. */
export const ACTIVE_DAYS = 90;
/** The trend compares with the oldest snapshot this many days back at most (spec 001 §9); older snapshots are dropped. */
export const TREND_DAYS = 90;

const DAY_MS = 86_400_000;
const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10);

export interface RankBuildSources {
  readonly ratings: Pick<LeaderboardRatings, "rebuildRanks">;
  readonly excludedMemberIds: () => Promise<readonly number[]>;
  /** The members' countries as a relation the rebuild joins (the accounts directory's). */
  readonly memberCountries: () => SQL;
}

export function createRankBuilds(db: Database, sources: RankBuildSources, now: () => number = Date.now) {
  /** Types this instance has seen built: a board read checks the table once per type per process. */
  const known = new Set<RatingType>();

  async function rebuild(type: RatingType): Promise<RankRebuild> {
    const at = now();
    const result = await sources.ratings.rebuildRanks(type, { activeSince: new Date(at - ACTIVE_DAYS * DAY_MS), excludedMemberIds: await sources.excludedMemberIds(), memberCountries: sources.memberCountries() }, dayOf(at), dayOf(at - TREND_DAYS * DAY_MS));
    if (result.built) {
      await db
        .insert(leaderboardRankBuilds)
        .values({ ratingType: type, builtAt: new Date(at) })
        .onConflictDoUpdate({ target: leaderboardRankBuilds.ratingType, set: { builtAt: new Date(at) } });
      known.add(type);
    }
    return result;
  }

  return {
    rebuild,

    /** The first day of the trend window, as the snapshots key it. */
    trendSince: (): string => dayOf(now() - TREND_DAYS * DAY_MS),

    /** A rated game of the type: the next job run rebuilds it (the ratings' `ratings.changed` event). */
    async markChanged(type: RatingType): Promise<void> {
      const at = new Date(now());
      await db.insert(leaderboardRankBuilds).values({ ratingType: type, changedAt: at }).onConflictDoUpdate({ target: leaderboardRankBuilds.ratingType, set: { changedAt: at } });
    },

    /** The types due: changed since their build, built on an earlier day (no snapshot today) or never built. */
    async due(): Promise<RatingType[]> {
      const rows = await db.select().from(leaderboardRankBuilds);
      const byType = new Map(rows.map((row) => [row.ratingType, row]));
      const today = dayOf(now());
      return ratingTypes.filter((type) => {
        const row = byType.get(type);
        if (!row?.builtAt) return true;
        return (row.changedAt !== null && row.changedAt >= row.builtAt) || dayOf(row.builtAt.getTime()) !== today;
      });
    },

    /** Builds a type never built before a board of it is read (a fresh site, a new type); a no-op once known. */
    async ensureBuilt(type: RatingType): Promise<void> {
      if (known.has(type)) return;
      const [row] = await db.select({ builtAt: leaderboardRankBuilds.builtAt }).from(leaderboardRankBuilds).where(eq(leaderboardRankBuilds.ratingType, type));
      if (row?.builtAt) known.add(type);
      else await rebuild(type);
    },
  };
}

export type RankBuilds = ReturnType<typeof createRankBuilds>;

