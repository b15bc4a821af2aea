import { defineFeature, serviceFrom, type FeatureDefinition, type PlatformDeps } from "../../platform/composition/feature-definition.server.ts";
import { clubDomainEvents } from "./clubs.domain-events.server.ts";
import type { NotificationRecorder } from "../../platform/notifications/notification-recorder.ts";
import type { MemberDirectory } from "../accounts/member-directory.service.server.ts";
import type { ContactGuard } from "../social/contact-guard.server.ts";
import { createClubAccess } from "./club-access.service.server.ts";
import { registerClubsRoutes } from "./clubs.routes.server.ts";
import { createClubsService } from "./clubs.service.server.ts";
import { clubNotificationTypes } from "./notifications/club-notifications.schema.ts";
import { registerPublicClubApi } from "./public-api/public-club-api.routes.server.ts";
import { createClubRoles } from "./club-roles.service.server.ts";
import * as clubsTables from "./clubs.tables.server.ts";

function createClubRolesServices() {
  return { clubRoles: createClubRoles() };
}

export type ClubRolesServices = ReturnType<typeof createClubRolesServices>;

/**
 * The roles members hold in clubs, as the accounts feature reads them with
 * each session (ROLE_CLUB_<ROLE>_<clubId>). Listed before accounts; the clubs
 * feature proper comes after the features it needs (accounts' member
 * directory, notifications, social's contact rule).
 */
export const clubRolesFeature: FeatureDefinition<ClubRolesServices> = defineFeature<ClubRolesServices>({
  name: "clubRoles",
  tables: {},
  messageCatalogs: [],
  createServices: createClubRolesServices,
});

function createClubsServices({ db, outbox, storage, domainEvents }: PlatformDeps, directory: MemberDirectory, contacts: ContactGuard, notifications: NotificationRecorder) {
  const clubAccess = createClubAccess(db);
  return {
    /** Which club a url names and where a member stands in it: what the forum, chat and events features read. */
    clubAccess,
    /** Clubs' commands and queries (the pages and callbacks). */
    clubs: createClubsService(db, {
      access: clubAccess,
      directory,
      contacts,
      notifications,
      outbox,
      storage,
      domainEvents,
    }),
  };
}

export type ClubsServices = ReturnType<typeof createClubsServices>;

/** Clubs: finding and creating clubs, membership, invitations, owners and admins, the public club API. */
export const clubsFeature: FeatureDefinition<ClubsServices> = defineFeature<ClubsServices>({
  name: "clubs",
  tables: clubsTables,
  messageCatalogs: ["features/clubs/messages"],
  createServices: (deps, earlier) => createClubsServices(deps, serviceFrom(earlier, "memberDirectory", "clubs"), serviceFrom(earlier, "contactGuard", "clubs"), serviceFrom(earlier, "notifications", "clubs").recorder),
  notificationTypes: clubNotificationTypes,
  domainEvents: clubDomainEvents,
  async registerRoutes(app, { services, csrfSecret }) {
    await registerClubsRoutes(app, { clubs: services.clubs, access: services.clubAccess, csrfSecret });
    await registerPublicClubApi(app, services.clubs);
  },
});
