import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../../platform/db/client.server.ts";
import type { EventBus } from "../../platform/realtime/bus.server.ts";
import { memoizeFor } from "../../platform/cache/memoize-for.ts";

/** How long one check answers for: probes from many balancers cost the database one query a second. */
const HEALTH_TTL_MS = 1000;

/** For load balancers: 200 when the database and the bus answer, 503 otherwise. */
export function registerHealthz(app: FastifyInstance, deps: { database: DatabaseHandle; bus: EventBus; instanceId: string }): void {
  const check = memoizeFor(HEALTH_TTL_MS, () => Promise.all([deps.database.ping(), deps.bus.ping()]));
  app.get("/healthz", async (_request, reply) => {
    const [database, bus] = await check();
    const healthy = database && bus;
    return reply
      .code(healthy ? 200 : 503)
      .header("cache-control", "no-store")
      .send({
        status: healthy ? "ok" : "unavailable",
        database: { kind: deps.database.kind, ok: database },
        bus: { kind: deps.bus.kind, ok: bus },
        instance: deps.instanceId,
      });
  });
}
