import { defineFeature, serviceFrom, type FeatureDefinition, type FeatureDeps } from "../../platform/composition/feature-definition.server.ts";
import type { NotificationRecorder } from "../../platform/notifications/notification-recorder.ts";
import type { MemberDirectory } from "../accounts/member-directory.service.server.ts";
import type { ContactGuard } from "../social/contact-guard.server.ts";
import { subscribeTo } from "../../platform/domain-events/domain-events.server.ts";
import { memberJoinedClubDomainEvent } from "../clubs/clubs.domain-events.server.ts";
import { gameEndedDomainEvent } from "../play/play.domain-events.server.ts";
import { ratingsChangedDomainEvent } from "../ratings/ratings.domain-events.server.ts";
import { trophyNotificationTypes } from "./notifications/trophy-notifications.schema.ts";
import { createTrophyAchievements } from "./trophy-achievements.server.ts";
import { registerTrophiesRoutes } from "./trophies.routes.server.ts";
import { createTrophiesService } from "./trophies.service.server.ts";
import * as trophiesTables from "./trophies.tables.server.ts";
import { trophyGamesThrough } from "./trophy-games.port.ts";
import { trophyDomainEvents } from "./trophies.domain-events.server.ts";

/**
 * Trophies (issue 22 item 6, decision 0058): social trophies members award
 * each other, achievements the site awards from play's, clubs' and ratings'
 * domain events, the cabinet on the profile (the port members declared).
 */
function createTrophiesServices({ db, outbox, domainEvents, clock, ports }: FeatureDeps, directory: MemberDirectory, contacts: ContactGuard, notifications: NotificationRecorder) {
  return {
    trophies: createTrophiesService(db, { directory, contacts, notifications, outbox, domainEvents, games: trophyGamesThrough(ports), clock }),
    /** The site's awards, from other features' domain events. */
    trophyAchievements: createTrophyAchievements(db, { directory, notifications, outbox, domainEvents }),
  };
}

export type TrophiesServices = ReturnType<typeof createTrophiesServices>;

export const trophiesFeature: FeatureDefinition<TrophiesServices> = defineFeature<TrophiesServices>({
  name: "trophies",
  tables: trophiesTables,
  messageCatalogs: ["features/trophies/messages", "features/trophies/notifications/messages"],
  needs: ["trophyGames"],
  createServices: (deps, earlier) =>
    createTrophiesServices(deps, serviceFrom(earlier, "memberDirectory", "trophies"), serviceFrom(earlier, "contactGuard", "trophies"), serviceFrom(earlier, "notifications", "trophies").recorder),
  provides: ({ services }) => ({ memberTrophies: { cabinetOf: services.trophies.cabinetOf } }),
  notificationTypes: trophyNotificationTypes,
  domainEvents: trophyDomainEvents,
  // Each runs once per event across instances; a repeat after a crash awards nothing twice (trophy-achievements.server.ts).
  subscriptions: ({ services }) => [
    subscribeTo(gameEndedDomainEvent, "achievements-game-ended", ({ id, payload }) => services.trophyAchievements.gameEnded({ eventId: id, whiteId: payload.whiteId, blackId: payload.blackId, result: payload.result })),
    subscribeTo(memberJoinedClubDomainEvent, "achievements-joined-club", ({ payload }) => services.trophyAchievements.joinedClub(payload.memberId)),
    subscribeTo(ratingsChangedDomainEvent, "achievements-ratings", ({ payload }) => services.trophyAchievements.ratingsChanged(payload.changes)),
  ],
  registerRoutes(app, { services }) {
    registerTrophiesRoutes(app, { trophies: services.trophies });
  },
});
