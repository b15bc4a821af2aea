import { defineFeature, serviceFrom, type FeatureDefinition } from "../../platform/composition/feature-definition.server.ts";
import type { PeriodicJobDefinition } from "../../platform/jobs/job-types.ts";
import { presenceRealtime } from "./presence.realtime.schema.ts";
import { registerPresenceRoutes } from "./presence.routes.server.ts";
import { createPresence, type Presence } from "./presence.server.ts";
import { isSameOriginUpgrade, presenceConnectionListener } from "./socket-access.server.ts";
import * as presenceTables from "./presence.tables.server.ts";

export interface PresenceServices {
  readonly presence: Presence;
}

/** Presence: who is online, offline or playing, live over the socket and by GET /callback/presence. */
export const presenceFeature: FeatureDefinition<PresenceServices> = defineFeature<PresenceServices>({
  name: "presence",
  tables: presenceTables,
  messageCatalogs: ["features/presence/messages"],
  // Members' games in progress (play's), read on each lookup.
  needs: ["playingGames"],
  createServices: async ({ db, bus, redisUrl, instanceId, log, clock, ports }, earlier) => ({
    presence: await createPresence({
      db,
      directory: serviceFrom(earlier, "memberDirectory", "presence"),
      playingGames: { gamesOf: (memberIds) => ports.get("playingGames").gamesOf(memberIds) },
      bus,
      redisUrl,
      name: `kingside-${instanceId}`,
      log,
      clock,
    }),
  }),
  realtimeEvents: presenceRealtime.events,
  roomKinds: () => presenceRealtime.roomKinds,
  // Counts each member's sockets: online while one is open.
  socketConnected: ({ services }) => presenceConnectionListener(services.presence.service),
  // Browsers send cookies with cross-site WebSocket handshakes: only this site's pages may open a socket.
  verifyUpgrade: isSameOriginUpgrade,
  // Heartbeats on every instance, the sweep of dead instances on the leader.
  jobs: ({ services }): readonly PeriodicJobDefinition[] => services.presence.jobs,
  registerRoutes(app, { services, clock }) {
    registerPresenceRoutes(app, { presence: services.presence.service, now: clock });
  },
  // Records the last-seen times of this instance's members: before the bus and the database close.
  close: ({ presence }) => presence.close(),
});
