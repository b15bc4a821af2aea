import { defineFeature, type FeatureDefinition, type PlatformDeps } from "../../platform/composition/feature-definition.server.ts";
import { createClubRoles } from "./club-roles.service.server.ts";
import * as clubsTables from "./clubs.tables.server.ts";

function createClubsServices(_deps: PlatformDeps) {
  return { clubRoles: createClubRoles() };
}

export type ClubsServices = ReturnType<typeof createClubsServices>;

/** Clubs: so far only the roles members hold in clubs (the rest of the feature lands here). */
export const clubsFeature: FeatureDefinition<ClubsServices> = defineFeature<ClubsServices>({
  name: "clubs",
  tables: clubsTables,
  messageCatalogs: [],
  createServices: createClubsServices,
});
