import { defineFeature, type FeatureDefinition } from "./composition/feature-definition.server.ts";
import { registerClientReports } from "./http/client-reports.routes.server.ts";
import * as clientReportTables from "./http/client-reports.tables.server.ts";
import { demoRealtime } from "./realtime/demo-room.ts";
import * as jobLeaseTables from "./jobs/job-leases.tables.server.ts";
import * as outboxTables from "./realtime/outbox.tables.server.ts";
import * as domainEventTables from "./domain-events/domain-events.tables.server.ts";
import * as securityTables from "./security/security.tables.server.ts";

/**
 * The platform's own pieces, listed like a feature so that the composition
 * root sees every table, route, event and catalog in one list: browser error
 * reports, request counters and shared secrets, the socket's own events,
 * the outbox and its relay.
 */
export const platformFeature: FeatureDefinition<object> = defineFeature({
  name: "platform",
  tables: { ...clientReportTables, ...securityTables, ...jobLeaseTables, ...outboxTables, ...domainEventTables },
  messageCatalogs: ["platform/http/messages", "platform/pages/messages", "platform/shell/messages", "platform/security/human-check/messages", "ui/messages"],
  createServices: () => ({}),
  realtimeEvents: demoRealtime.events,
  roomKinds: () => demoRealtime.roomKinds,
  // The outbox's retry: what the bus refused after a commit; the domain events' dispatch and pruning.
  jobs: ({ outbox, domainEvents }) => [outbox.job, ...domainEvents.jobs],
  registerRoutes(app, { db, flags, identityOf }) {
    registerClientReports(app, { db, features: flags, identityOf });
  },
});
