import { defineFeature, serviceFrom, type FeatureDefinition, type FeatureDeps } from "../../platform/composition/feature-definition.server.ts";
import { subscribeTo } from "../../platform/domain-events/domain-events.server.ts";
import type { PeriodicJobDefinition } from "../../platform/jobs/job-types.ts";
import type { MemberDirectory } from "../accounts/member-directory.service.server.ts";
import type { ClubAccess } from "../clubs/club-access.service.server.ts";
import { gameEndedDomainEvent } from "../play/play.domain-events.server.ts";
import { createTeamMatchChallengesService } from "./team-match-challenges.service.server.ts";
import { createTeamMatchLeaderboards } from "./team-match-leaderboards.service.server.ts";
import { teamMatchPlayThrough } from "./team-match-play.port.ts";
import { registerPublicTeamMatchApi } from "./public-api/public-team-match-api.routes.server.ts";
import { registerTeamMatchesRoutes } from "./team-matches.routes.server.ts";
import { createTeamMatchesService } from "./team-matches.service.server.ts";
import * as teamMatchesTables from "./team-matches.tables.server.ts";

/** How often the start job looks for matches whose registration has closed. */
const START_SWEEP_MS = 15_000;

/**
 * Team matches between clubs (issue 25, decision 0072): challenges, daily and
 * live team matches, their boards' games (through the teamMatchPlay port the
 * composition root provides) and their scores from play's game-ended event.
 */
function createTeamMatchesServices({ db, ports, clock }: FeatureDeps, clubs: ClubAccess, directory: MemberDirectory) {
  return {
    teamMatchChallenges: createTeamMatchChallengesService(db, { clubs, now: clock }),
    teamMatches: createTeamMatchesService(db, { clubs, directory, play: teamMatchPlayThrough(ports), now: clock }),
    teamMatchLeaderboards: createTeamMatchLeaderboards(db, { directory }),
  };
}

export type TeamMatchesServices = ReturnType<typeof createTeamMatchesServices>;

export const teamMatchesFeature: FeatureDefinition<TeamMatchesServices> = defineFeature<TeamMatchesServices>({
  name: "teamMatches",
  tables: teamMatchesTables,
  messageCatalogs: ["features/team-matches/messages"],
  needs: ["teamMatchPlay"],
  createServices: (deps, earlier) => createTeamMatchesServices(deps, serviceFrom(earlier, "clubAccess", "teamMatches"), serviceFrom(earlier, "memberDirectory", "teamMatches")),
  // Once per event across instances; a repeat finds the game's points written and counts nothing twice.
  subscriptions: ({ services }) => [
    subscribeTo(gameEndedDomainEvent, "team-matches-game-ended", async ({ payload }) => {
      const teamMatchId = payload.tags?.teamMatchId;
      if (teamMatchId === undefined) return;
      await services.teamMatches.gameEnded({ gameId: payload.gameId, result: payload.result, reason: payload.reason, teamMatchId });
    }),
  ],
  jobs: ({ services }): readonly PeriodicJobDefinition[] => [
    {
      name: "team-matches.start-due",
      everyMs: START_SWEEP_MS,
      // Safe on every instance: a match is claimed by one conditional write before it is paired (team-matches.service.server.ts).
      runOn: "every-instance",
      run: async () => {
        await services.teamMatches.startDue();
      },
    },
  ],
  async registerRoutes(app, { services }) {
    await registerPublicTeamMatchApi(app, { matches: services.teamMatches, clubAccess: services.clubAccess, directory: services.memberDirectory });
    registerTeamMatchesRoutes(app, { challenges: services.teamMatchChallenges, matches: services.teamMatches, clubs: services.clubs, clubAccess: services.clubAccess, leaderboards: services.teamMatchLeaderboards });
  },
});
