import { defineFeature, type PlatformDeps } from "../../platform/features/feature-definition.server.ts";
import { presenceRealtime } from "./presence.realtime.ts";
import { registerPresenceRoutes } from "./presence.routes.server.ts";
import { createPresence, type Presence } from "./presence.server.ts";
import * as presenceTables from "./presence.tables.server.ts";

async function createPresenceServices({ db, bus, redisUrl, instanceId, log }: PlatformDeps): Promise<{ readonly presence: Presence }> {
  return { presence: await createPresence({ db, bus, redisUrl, name: `kingside-${instanceId}`, log }) };
}

export type PresenceServices = Awaited<ReturnType<typeof createPresenceServices>>;

/** Presence: who is online, offline or playing, live over the socket and by GET /callback/presence. */
export const presenceFeature = defineFeature<PresenceServices>({
  name: "presence",
  tables: presenceTables,
  messageCatalogs: ["features/presence/messages"],
  createServices: createPresenceServices,
  realtimeEvents: presenceRealtime.events,
  roomKinds: () => presenceRealtime.roomKinds,
  registerRoutes(app, { services }) {
    registerPresenceRoutes(app, { presence: services.presence.service });
  },
  // Records the last-seen times of this instance's members: before the bus and the database close.
  close: ({ presence }) => presence.close(),
});
