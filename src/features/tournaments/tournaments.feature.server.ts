import { defineFeature, serviceFrom, type FeatureDefinition } from "../../platform/composition/feature-definition.server.ts";
import { subscribeTo } from "../../platform/domain-events/domain-events.server.ts";
import type { PeriodicJobDefinition } from "../../platform/jobs/job-types.ts";
import { gameEndedDomainEvent } from "../play/play.domain-events.server.ts";
import { createArenaViews, type ArenaViews } from "./arena-views.server.ts";
import { createArenasService, type ArenasService } from "./arenas.service.server.ts";
import { createSwissService, type SwissService } from "./swiss.service.server.ts";
import { createSwissViews, type SwissViews } from "./swiss-views.server.ts";
import { registerPublicTournamentsApi } from "./public-api/public-tournaments.routes.server.ts";
import { programmeSlots, siteProgramme } from "./tournament-programme.ts";
import { tournamentDemoThrough, tournamentGamesThrough, tournamentRatingsThrough } from "./tournament-games.port.ts";
import { seedDemoArenas } from "./demo-arenas.server.ts";
import { seedDemoSwiss } from "./demo-swiss.server.ts";
import { tournamentsDomainEvents } from "./tournaments.domain-events.server.ts";
import { registerTournamentsRoutes } from "./tournaments.routes.server.ts";
import * as tournamentsTables from "./tournaments.tables.server.ts";

/** How often the arenas' course is checked (starts, ends, the pairing of players nobody fitted in the last wave). */
const ARENA_TICK_MS = 2_000;
const PROGRAMME_EVERY_MS = 60_000;
/** Two reads when nothing is missing: soon after a demo site starts, its arenas are there. */
const DEMO_ARENAS_EVERY_MS = 10_000;

export interface TournamentsServices {
  readonly arenas: ArenasService;
  readonly arenaViews: ArenaViews;
  readonly swiss: SwissService;
  readonly swissViews: SwissViews;
}

/**
 * Tournaments (issue 26, decisions 0073, 0078): arenas and Swiss. Games
 * are play's, started through the tournamentGames port and scored from
 * play's game-ended event (the game's tournamentId tag); ratings are read
 * through the tournamentRatings port, names through the member directory.
 */
export const tournamentsFeature: FeatureDefinition<TournamentsServices> = defineFeature<TournamentsServices>({
  name: "tournaments",
  tables: tournamentsTables,
  messageCatalogs: ["features/tournaments/messages"],
  needs: ["tournamentGames", "tournamentRatings", "tournamentDemo"],
  domainEvents: tournamentsDomainEvents,
  createServices: ({ db, ports, domainEvents, clock, demoData }, earlier) => {
    const directory = serviceFrom(earlier, "memberDirectory", "tournaments");
    const ratings = tournamentRatingsThrough(ports);
    const usernamesOf = async (ids: readonly number[]) => new Map([...(await directory.membersByIds(ids))].map(([id, member]) => [id, member.username]));
    return {
      arenas: createArenasService(db, {
        games: tournamentGamesThrough(ports),
        currentRating: (memberId, type) => ratings.currentRating(memberId, type),
        usernamesOf,
        domainEvents,
        clock,
        // On the demo site, the demo's players play their arena games themselves.
        ...(demoData ? { gamesStarted: (games) => tournamentDemoThrough(ports).adopt(games) } : {}),
      }),
      arenaViews: createArenaViews(db, { usernamesOf, clock }),
      swiss: createSwissService(db, {
        games: tournamentGamesThrough(ports),
        currentRating: (memberId, type) => ratings.currentRating(memberId, type),
        domainEvents,
        clock,
        ...(demoData ? { gamesStarted: (games) => tournamentDemoThrough(ports).adopt(games) } : {}),
      }),
      swissViews: createSwissViews(db, { usernamesOf, clock }),
    };
  },
  async registerRoutes(app, { services, clock }) {
    registerTournamentsRoutes(app, { arenas: services.arenas, arenaViews: services.arenaViews, swiss: services.swiss, swissViews: services.swissViews, clock });
    await registerPublicTournamentsApi(app, { arenas: services.arenas, arenaViews: services.arenaViews, directory: services.memberDirectory });
  },
  // Once per event across instances; a repeat finds the pairing done and changes nothing (arenas.service.server.ts).
  subscriptions: ({ services }) => [
    subscribeTo(gameEndedDomainEvent, "arena-game-ended", async ({ payload }) => {
      const tournamentId = payload.tags?.tournamentId;
      if (tournamentId === undefined) return;
      // Each kind scores its own way: a Swiss game is worth 1, ½ or 0 and ends a round when it is the last.
      const tournament = await services.arenas.byId(tournamentId);
      if (tournament?.kind === "swiss") return services.swiss.gameEnded({ gameId: payload.gameId, tournamentId, result: payload.result });
      await services.arenas.gameEnded({ gameId: payload.gameId, tournamentId, whiteId: payload.whiteId, blackId: payload.blackId, result: payload.result });
    }),
  ],
  jobs: ({ services, clock, db, ports, demoData }): readonly PeriodicJobDefinition[] => [
    ...(demoData
      ? [
          {
            name: "tournaments.demo-arenas",
            everyMs: DEMO_ARENAS_EVERY_MS,
            runOn: "leader" as const,
            run: async () => {
              await seedDemoArenas(db, { arenas: services.arenas, actors: () => tournamentDemoThrough(ports).actors(), clock });
              await seedDemoSwiss(db, { actors: () => tournamentDemoThrough(ports).actors(), clock });
            },
          },
        ]
      : []),
    {
      name: "tournaments.arena-course",
      everyMs: ARENA_TICK_MS,
      // Every instance may run it: each step is a conditional update and each wave holds the arena's advisory lock.
      runOn: "every-instance",
      run: () => services.arenas.advance(),
    },
    {
      name: "tournaments.swiss-course",
      everyMs: ARENA_TICK_MS,
      // Every instance may run it: the start is a conditional update and each round is paired under the tournament's advisory lock.
      runOn: "every-instance",
      run: () => services.swiss.advance(),
    },
    {
      name: "tournaments.programme",
      everyMs: PROGRAMME_EVERY_MS,
      // The programme keys are unique: a second writer (at a lease's hand-over) writes nothing.
      runOn: "leader",
      run: async () => void (await services.arenas.scheduleProgramme(programmeSlots(siteProgramme, clock()))),
    },
  ],
});
