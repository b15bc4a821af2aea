/**
 * The club events frame (issue 11 item 7, docs/decisions/0033): after the
 * clubs feature, whose clubAccess it reads. Event features register their
 * sources with services.clubEvents.registerSource when they arrive.
 */
import { defineFeature, serviceFrom, type FeatureDefinition, type PlatformDeps } from "../../../platform/composition/feature-definition.server.ts";
import { registerClubEventsRoutes } from "./club-events.routes.server.ts";
import { createClubEventsService } from "./club-events.service.server.ts";
import * as clubEventsTables from "./club-events.tables.server.ts";

function createClubEventsServices({ db }: PlatformDeps) {
  return { clubEvents: createClubEventsService(db) };
}

export type ClubEventsServices = ReturnType<typeof createClubEventsServices>;

export const clubEventsFeature: FeatureDefinition<ClubEventsServices> = defineFeature<ClubEventsServices>({
  name: "clubEvents",
  tables: clubEventsTables,
  messageCatalogs: ["features/clubs/events/messages"],
  createServices: (deps, earlier) => {
    // Taken here so a wrong order in the feature list fails at start-up (the routes read it).
    serviceFrom(earlier, "clubAccess", "clubEvents");
    return createClubEventsServices(deps);
  },
  registerRoutes(app, { services }) {
    registerClubEventsRoutes(app, { events: services.clubEvents, clubs: services.clubAccess });
  },
});
