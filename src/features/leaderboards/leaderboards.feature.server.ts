import { defineFeature, serviceFrom, type FeatureDefinition } from "../../platform/composition/feature-definition.server.ts";
import { subscribeTo } from "../../platform/domain-events/domain-events.server.ts";
import type { PeriodicJobDefinition } from "../../platform/jobs/job-types.ts";
import { memberDeactivatedDomainEvent } from "../accounts/accounts.domain-events.server.ts";
import { isRatingType } from "../ratings/rating-types.ts";
import { ratingsChangedDomainEvent } from "../ratings/ratings.domain-events.server.ts";
import { leaderboardCirclesThrough } from "./leaderboard-circles.port.ts";
import { leaderboardGamesThrough } from "./leaderboard-games.port.ts";
import { leaderboardRatingsThrough } from "./leaderboard-ratings.port.ts";
import { createLeaderboardsService, type LeaderboardsService } from "./leaderboards.service.server.ts";
import * as leaderboardsTables from "./leaderboards.tables.server.ts";
import { registerPublicLeaderboardsApi } from "./public-api/public-leaderboards.routes.server.ts";
import { createStatsService, type StatsService } from "./stats/stats.service.server.ts";

/** How often the ranks of the types that changed are rebuilt: a finished game shows on the boards within this. */
const RANK_REBUILD_EVERY_MS = 60_000;

export interface LeaderboardsServices {
  readonly leaderboards: LeaderboardsService;
  readonly memberStats: StatsService;
}

/**
 * Leaderboards and the stats pages (decision 0056): read models over the
 * ratings feature's service, the accounts feature's directory and the
 * friends and clubs circles (the leaderboardCircles port). Owns the
 * deactivated members the boards leave out and when each type's ranks were
 * rebuilt (decision 0066); drives the ratings' ranking engine by a job.
 */
export const leaderboardsFeature: FeatureDefinition<LeaderboardsServices> = defineFeature<LeaderboardsServices>({
  name: "leaderboards",
  tables: leaderboardsTables,
  messageCatalogs: ["features/leaderboards/messages"],
  needs: ["leaderboardCircles", "leaderboardGames", "leaderboardRatings"],
  createServices: ({ db, ports }, earlier) => {
    const ratings = leaderboardRatingsThrough(ports);
    const directory = serviceFrom(earlier, "memberDirectory", "leaderboards");
    const leaderboards = createLeaderboardsService(db, { ratings, directory, circles: leaderboardCirclesThrough(ports) });
    return { leaderboards, memberStats: createStatsService({ ratings, directory, games: leaderboardGamesThrough(ports) }) };
  },
  async registerRoutes(app, { services }) {
    await registerPublicLeaderboardsApi(app, services);
  },
  subscriptions: ({ services }) => [
    subscribeTo(memberDeactivatedDomainEvent, "exclude-deactivated", (event) => services.leaderboards.exclude(event.payload.memberId, event.payload.how)),
    subscribeTo(ratingsChangedDomainEvent, "mark-ranks-changed", async (event) => {
      if (isRatingType(event.payload.ratingType)) await services.leaderboards.rankBuilds.markChanged(event.payload.ratingType);
    }),
  ],
  jobs: ({ services }): readonly PeriodicJobDefinition[] => [
    {
      name: "leaderboards.rank-rebuild",
      everyMs: RANK_REBUILD_EVERY_MS,
      // One leased leader rebuilds; each type's rebuild also takes an advisory lock, so an overlap at a lease's hand-over skips, never doubles.
      runOn: "leader",
      run: async ({ signal }) => {
        for (const type of await services.leaderboards.rankBuilds.due()) {
          if (signal.aborted) return;
          await services.leaderboards.rankBuilds.rebuild(type);
        }
      },
    },
  ],
});
