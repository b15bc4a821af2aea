import type { FastifyInstance } from "fastify";
import { sendFailure } from "../../platform/http/form-response.server.ts";
import { translate } from "../../platform/http/json-errors.server.ts";
import { maxPresenceIds, parsePresenceIds } from "./presence-ids.ts";
import type { PresenceResponse } from "./presence.schema.ts";
import type { PresenceService } from "./presence.service.server.ts";

/**
 * GET /callback/presence?ids=1,2,3 (spec 001 §7.2): the presence of at most
 * 25 members. Public, like the profile's last-online date; unknown ids are
 * left out of the answer. Never cached: presence is live.
 */
export function registerPresenceRoutes(app: FastifyInstance, deps: { readonly presence: PresenceService }): void {
  app.get("/callback/presence", async (request, reply) => {
    const query: unknown = request.query;
    const parsed = parsePresenceIds(query && typeof query === "object" && "ids" in query ? query.ids : undefined);
    reply.header("cache-control", "no-store");
    if (!parsed.ok) {
      const message = translate(request, `presence.error.${parsed.error}`, { max: maxPresenceIds });
      return sendFailure(reply, { code: "validation_failed", message, fields: { ids: message } });
    }
    const body: PresenceResponse = { presence: await deps.presence.presenceOf(parsed.ids) };
    return reply.send(body);
  });
}
