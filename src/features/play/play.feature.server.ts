import { defineFeature, serviceFrom, type FeatureDefinition } from "../../platform/composition/feature-definition.server.ts";
import type { PeriodicJobDefinition } from "../../platform/jobs/job-types.ts";
import type { MemberDirectory } from "../accounts/member-directory.service.server.ts";
import type { ContactGuard } from "../social/contact-guard.server.ts";
import type { SocialService } from "../social/social.service.server.ts";
import { registerArchiveRoutes } from "./archive/archive.routes.server.ts";
import { createArchiveService } from "./archive/archive.service.server.ts";
import { createGameStatsReader } from "./archive/game-stats.server.ts";
import type { OutboxNotifier } from "../../platform/realtime/outbox.server.ts";
import type { PortAccess } from "../../platform/composition/ports.ts";
import type { DomainEventNotifier } from "../../platform/domain-events/domain-events.server.ts";
import { playDomainEvents } from "./play.domain-events.server.ts";
import type { Database } from "../../platform/db/client.server.ts";
import type { NotificationRecorder } from "../../platform/notifications/notification-recorder.ts";
import { playNotificationTypes } from "./notifications/play-notifications.schema.ts";
import { createChallengesService } from "./lobby/challenges.service.server.ts";
import { createGamesService } from "./games/games.service.server.ts";
import { leaseClockWatch } from "./games/play-clock-watch.server.ts";
import { playSocketCommands, type PlaySocketCommand } from "./play.commands.server.ts";
import { gameRoomKind, lobbyRoom, lobbyRoomKind } from "./play.events.ts";
import { createGameAttendance } from "./games/game-attendance.server.ts";
import { playRealtimeEvents } from "./play.realtime-events.server.ts";
import { createChatSilences, createPlayMembers } from "./play-members.server.ts";
import { gameChatSocketCommands, spectatorChatRoomKind, type GameChatSocketCommand } from "./chat/game-chat.commands.server.ts";
import { createGameChatService } from "./chat/game-chat.service.server.ts";
import { playOutbox } from "./play-outbox.server.ts";
import * as playTables from "./play.tables.server.ts";
import { gameRatingsThrough, ratingTypeOfTerms } from "./games/play-ratings.port.ts";
import { createSeeksService } from "./lobby/seeks.service.server.ts";
import { createVacationsService } from "./games/vacations.service.server.ts";
import { createLiveGamesService } from "./live/live-games.service.server.ts";
import { busHeldGameFeed } from "./games/held-game-feed.server.ts";
import type { EventBus } from "../../platform/realtime/bus.server.ts";


/** How often each instance looks for flags, daily timeouts and first moves that never came. */
export const DEADLINE_SWEEP_MS = 1_000;
/** How often each instance removes the live seeks of members who went offline (a dead instance's members go offline after presence's connection TTL). */
export const ABSENT_SEEK_SWEEP_MS = 20_000;

function createPlayServices(db: Database, bus: EventBus, outbox: OutboxNotifier, domainEvents: DomainEventNotifier, ports: PortAccess, directory: MemberDirectory, social: SocialService, contacts: ContactGuard, notifications: NotificationRecorder, instanceId: string) {
  const members = createPlayMembers(directory, contacts);
  const events = playOutbox(outbox, notifications, domainEvents);
  // Ratings are their own feature: read and settled through the port play declared.
  const ratings = gameRatingsThrough(ports);
  const vacations = createVacationsService({ db });
  // Which players are connected to their live games (the claims) and who is online (live seeks last only while their member is): presence's, through declared ports.
  const port = () => ports.get("gameAttendance");
  const awayFromGameMs = (gameId: number, memberId: number, unrecordedSince: number) => port().awayFromGameMs(memberId, gameId, unrecordedSince);
  // Several instances share games only over Redis; the in-process bus means one instance, with nothing to tell.
  const heldGameFeed = bus.kind === "redis" ? busHeldGameFeed(bus, instanceId, (error, message) => console.warn(`[play] ${message}`, error)) : undefined;
  const games = createGamesService({ db, members, events, ratings, vacations, awayFromGameMs, clockWatch: leaseClockWatch(instanceId), heldGameFeed });
  const attendance = createGameAttendance({ livePlayersOf: games.livePlayersOf, port, log: (error, message) => console.warn(`[play] ${message}`, error) });
  const archive = createArchiveService(db, members);
  return {
    vacations,
    games,
    attendance,
    archive,
    gameStats: createGameStatsReader(db),
    liveGames: createLiveGamesService({ db, members }),
    gameChat: createGameChatService({ db, outbox, members, silences: createChatSilences(social) }),
    challenges: createChallengesService({ db, members, events, startGame: games.startGame }),
    seeks: createSeeksService({ db, members, events, startGame: games.startGame, ratingOf: (memberId, terms) => ratings.currentRating(memberId, ratingTypeOfTerms(terms)), presence: { onlineAmong: (memberIds) => ports.get("playerPresence").onlineAmong(memberIds) }, lobbyChanges: (onEvent) => bus.subscribe(lobbyRoom(), onEvent) }),
  };
}

export type PlayServices = ReturnType<typeof createPlayServices>;

/** Online play: seeks, challenges, live and daily games with server clocks (rated through the ratings feature). */
export const playFeature: FeatureDefinition<PlayServices, PlaySocketCommand | GameChatSocketCommand> = defineFeature<PlayServices, PlaySocketCommand | GameChatSocketCommand>({
  name: "play",
  tables: playTables,
  messageCatalogs: ["features/play/archive/messages", "features/play/chat/messages", "features/play/game-page/messages", "features/play/live/messages", "features/play/lobby/messages", "features/play/notifications/messages", "features/play/share/messages", "features/play/vacation/messages"],
  needs: ["gameAttendance", "playerPresence", "gameRatings"],
  createServices: ({ db, bus, outbox, domainEvents, ports, instanceId }, earlier) =>
    createPlayServices(
      db,
      bus,
      outbox,
      domainEvents,
      ports,
      serviceFrom(earlier, "memberDirectory", "play"),
      serviceFrom(earlier, "social", "play"),
      serviceFrom(earlier, "contactGuard", "play"),
      serviceFrom(earlier, "notifications", "play").recorder,
      instanceId,
    ),
  // The user card, the profile and the member callbacks read lifetime scores and recent opponents from here.
  provides: ({ services }) => ({ gameRecords: { lifetimeScore: services.archive.lifetimeScore, recentOpponents: services.archive.recentOpponents } }),
  domainEvents: playDomainEvents,
  async registerRoutes(app, { services }) {
    await registerArchiveRoutes(app, services.archive);
  },
  realtimeEvents: playRealtimeEvents,
  notificationTypes: playNotificationTypes,
  // A player's socket in their live game's room attends it (claims count absence from the game).
  roomKinds: ({ services }) => [{ ...gameRoomKind, joined: services.attendance.joined }, lobbyRoomKind, spectatorChatRoomKind(services.gameChat)],
  socketCommands: ({ services }) => [...playSocketCommands(services), ...gameChatSocketCommands(services.gameChat)],
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
    {
      name: "play.absent-seeks",
      everyMs: ABSENT_SEEK_SWEEP_MS,
      // Safe on every instance: deleting a seek is its claim, so each goes and is announced once.
      runOn: "every-instance",
      run: async () => {
        await services.seeks.removeAbsent();
      },
    },
  ],
});
