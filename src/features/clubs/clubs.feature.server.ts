import { defineFeature, type FeatureDefinition, type PlatformDeps } from "../../platform/composition/feature-definition.server.ts";
import { createClubAccess } from "./club-access.service.server.ts";
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

function createClubsServices({ db }: PlatformDeps) {
  return {
    /** Which club a url names and where a member stands in it: what the forum, chat and events features read. */
    clubAccess: createClubAccess(db),
  };
}

export type ClubsServices = ReturnType<typeof createClubsServices>;

/** Clubs: finding and creating clubs, membership, invitations, owners and admins, the public club API. */
export const clubsFeature: FeatureDefinition<ClubsServices> = defineFeature<ClubsServices>({
  name: "clubs",
  tables: clubsTables,
  messageCatalogs: [],
  createServices: createClubsServices,
});
