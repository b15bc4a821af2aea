import { defineFeature, serviceFrom, type FeatureDefinition, type PlatformDeps } from "../../platform/composition/feature-definition.server.ts";
import { clubDomainEvents } from "./clubs.domain-events.server.ts";
import type { NotificationRecorder } from "../../platform/notifications/notification-recorder.ts";
import type { MemberDirectory } from "../accounts/member-directory.service.server.ts";
import type { ContactGuard } from "../social/contact-guard.server.ts";
import { createClubAccess } from "./club-access.service.server.ts";
import { registerClubsRoutes } from "./clubs.routes.server.ts";
import { createClubsService } from "./clubs.service.server.ts";
import { createClubCore, type ClubCore } from "./club-core.server.ts";
import { createClubMembershipService } from "./club-membership.service.server.ts";
import { createClubInvitationsService } from "./club-invitations.service.server.ts";
import { createClubStaffService } from "./club-staff.service.server.ts";
import { clubNotificationTypes } from "./notifications/club-notifications.schema.ts";
import { clubRatingsThrough } from "./club-ratings.port.ts";
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

/** Clubs' commands and queries, one service per aggregate (the pages and callbacks). */
function createClubAggregates(core: ClubCore) {
  return {
    /** Clubs themselves: details, founding, editing, the lists that find them. */
    clubs: createClubsService(core),
    /** Joining, leaving, removal, the member count and the member lists. */
    clubMembership: createClubMembershipService(core),
    /** Requests to join, invitations and the invitation link's secret. */
    clubInvitations: createClubInvitationsService(core),
    /** The owner, admins and chat moderators. */
    clubStaff: createClubStaffService(core),
  };
}

function createClubsServices({ db, outbox, storage, domainEvents }: PlatformDeps, directory: MemberDirectory, contacts: ContactGuard, notifications: NotificationRecorder) {
  const clubAccess = createClubAccess(db);
  return {
    /** Which club a url names and where a member stands in it: what the forum, chat and events features read. */
    clubAccess,
    // One service per aggregate, over one shared core (the lock, the standing, the policy's answer).
    ...createClubAggregates(createClubCore(db, { access: clubAccess, directory, contacts, notifications, outbox, storage, domainEvents })),
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
  needs: ["clubRatings"],
  async registerRoutes(app, { services, csrfSecret, ports }) {
    await registerClubsRoutes(app, { clubs: services.clubs, clubMembership: services.clubMembership, clubInvitations: services.clubInvitations, clubStaff: services.clubStaff, access: services.clubAccess, csrfSecret });
    await registerPublicClubApi(app, { ...services, clubRatings: clubRatingsThrough(ports) });
  },
});
