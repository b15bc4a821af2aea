import { defineFeature, serviceFrom, type FeatureDefinition, type PlatformDeps } from "../../../platform/composition/feature-definition.server.ts";
import type { NotificationRecorder } from "../../../platform/notifications/notification-recorder.ts";
import type { MemberDirectory } from "../../accounts/member-directory.service.server.ts";
import type { ContactGuard } from "../../social/contact-guard.server.ts";
import type { ClubAccess } from "../club-access.service.server.ts";
import { createClubNotesService } from "../notes/club-notes.service.server.ts";
import * as clubNotesTables from "../notes/club-notes.tables.server.ts";
import { registerClubForumRoutes } from "./club-forum.routes.server.ts";
import { createClubForumService } from "./club-forum.service.server.ts";
import * as clubForumTables from "./club-forum.tables.server.ts";
import { clubForumNotificationTypes } from "./notifications/club-forum-notifications.schema.ts";

function buildClubForumServices({ db, outbox }: PlatformDeps, clubAccess: ClubAccess, directory: MemberDirectory, notifications: NotificationRecorder, contactGuard: ContactGuard) {
  return {
    clubForum: createClubForumService({ db, outbox, clubAccess, directory, notifications, contactGuard }),
    clubNotes: createClubNotesService({ db, directory, clubAccess }),
  };
}

export type ClubForumServices = ReturnType<typeof buildClubForumServices>;

/** A club's notes and forum (issue 11 items 4 and 5; decision 0032). After the clubs feature, whose clubAccess it reads. */
export const clubForumFeature: FeatureDefinition<ClubForumServices> = defineFeature<ClubForumServices>({
  name: "clubForum",
  tables: { ...clubForumTables, ...clubNotesTables },
  messageCatalogs: ["features/clubs/forum/messages", "features/clubs/notes/messages"],
  createServices: (deps, earlier) =>
    buildClubForumServices(
      deps,
      serviceFrom(earlier, "clubAccess", "clubForum"),
      serviceFrom(earlier, "memberDirectory", "clubForum"),
      serviceFrom(earlier, "notifications", "clubForum").recorder,
      serviceFrom(earlier, "contactGuard", "clubForum"),
    ),
  notificationTypes: clubForumNotificationTypes,
  registerRoutes(app, { services }) {
    registerClubForumRoutes(app, { forum: services.clubForum, notes: services.clubNotes, clubAccess: services.clubAccess });
  },
});
