import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../../platform/db/client.server.ts";
import type { EventBus } from "../../platform/realtime/bus.server.ts";

/** For load balancers: 200 when the database and the bus answer, 503 otherwise. */
export function registerHealthz(app: FastifyInstance, deps: { database: DatabaseHandle; bus: EventBus; instanceId: string }): void {
  app.get("/healthz", async (_request, reply) => {
    const [database, bus] = await Promise.all([deps.database.ping(), deps.bus.ping()]);
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
