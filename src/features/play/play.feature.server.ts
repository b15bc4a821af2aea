import { defineFeature, serviceFrom, type FeatureDefinition } from "../../platform/features/feature-definition.server.ts";
import type { PeriodicJobDefinition } from "../../platform/jobs/job-types.ts";
import type { SocketCommandDefinition } from "../../platform/realtime/registry.ts";
import type { MemberDirectory } from "../accounts/member-directory.service.server.ts";
import type { SocialService } from "../social/social.service.server.ts";
import type { OutboxNotifier } from "../../platform/realtime/outbox.server.ts";
import type { Database } from "../../platform/db/client.server.ts";
import { createChallengesService } from "./challenges.service.server.ts";
import { createGamesService } from "./games.service.server.ts";
import { leaseClockWatch } from "./play-clock-watch.server.ts";
import { playSocketCommands } from "./play.commands.server.ts";
import { playRealtimeEvents, playRoomKinds } from "./play.events.ts";
import { createPlayMembers } from "./play-members.server.ts";
import { playOutbox } from "./play-outbox.server.ts";
import * as playTables from "./play.tables.server.ts";
import { createRatingsService, ratingTypeOfTerms } from "./ratings.service.server.ts";
import { createSeeksService } from "./seeks.service.server.ts";

/** How often each instance looks for flags, daily timeouts and first moves that never came. */
export const DEADLINE_SWEEP_MS = 1_000;

function createPlayServices(db: Database, outbox: OutboxNotifier, directory: MemberDirectory, social: SocialService, instanceId: string, groupCommit: boolean) {
  const members = createPlayMembers(directory, social);
  const events = playOutbox(outbox);
  const ratings = createRatingsService(db);
  const games = createGamesService({ db, members, events, ratings, clockWatch: leaseClockWatch(instanceId), groupCommit });
  return {
    ratings,
    games,
    challenges: createChallengesService({ db, members, events, startGame: games.startGame }),
    seeks: createSeeksService({ db, members, events, startGame: games.startGame, ratingOf: (memberId, terms) => ratings.currentRating(memberId, ratingTypeOfTerms(terms)) }),
  };
}

export type PlayServices = ReturnType<typeof createPlayServices>;

/** Online play: seeks, challenges, live and daily games with server clocks, ratings. */
export const playFeature: FeatureDefinition<PlayServices> = defineFeature<PlayServices>({
  name: "play",
  tables: playTables,
  messageCatalogs: [],
  createServices: ({ db, outbox, instanceId, flags }, earlier) =>
    createPlayServices(db, outbox, serviceFrom(earlier, "memberDirectory", "play"), serviceFrom(earlier, "social", "play"), instanceId, flags.play_group_commit),
  realtimeEvents: playRealtimeEvents,
  roomKinds: () => playRoomKinds,
  socketCommands: ({ services }): readonly SocketCommandDefinition[] => playSocketCommands(services),
  jobs: ({ services }): readonly PeriodicJobDefinition[] => [
    {
      name: "play.deadline-sweep",
      everyMs: DEADLINE_SWEEP_MS,
      // Safe on every instance: games are claimed with SKIP LOCKED and ended once.
      runOn: "every-instance",
      run: async () => {
        await services.games.sweepDeadlines();
      },
    },
  ],
});
