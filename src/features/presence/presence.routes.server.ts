import type { FastifyInstance } from "fastify";
import { sendFailure } from "../../platform/http/form-response.server.ts";
import { translate } from "../../platform/http/json-errors.server.ts";
import { createShortAnswerCache } from "../../platform/http/short-answer-cache.server.ts";
import { maxPresenceIds, parsePresenceIds } from "./presence-ids.ts";
import type { PresenceResponse } from "./presence.schema.ts";
import type { PresenceService } from "./presence.service.server.ts";

/**
 * The answer is the same for every viewer and sets no cookie (decision 0047),
 * so any cache may keep it for a second: presence already lags a closed page
 * by its offline grace (3 s), and pages follow changes live over the socket.
 */
const PRESENCE_CACHE_CONTROL = "public, max-age=1";

/**
 * The same answer is also kept in the process for this long (decision 0067):
 * a page polling three names costs no read when another asked the same ids
 * within it. Under the 3 s offline grace, as the header's second is; the
 * socket pushes changes to open pages on every instance.
 */
export const PRESENCE_ANSWER_TTL_MS = 1_000;

/**
 * GET /callback/presence?ids=1,2,3 (spec 001 §7.2): the presence of at most
 * 25 members. Public, like the profile's last-online date; unknown ids are
 * left out of the answer.
 */
export function registerPresenceRoutes(app: FastifyInstance, deps: { readonly presence: PresenceService; readonly now?: () => number }): void {
  // Kept as the JSON text it is sent as: a kept answer is not serialised again.
  const answers = createShortAnswerCache<string>({ ttlMs: PRESENCE_ANSWER_TTL_MS, maxEntries: 2_000, now: deps.now });
  app.get("/callback/presence", async (request, reply) => {
    const query: unknown = request.query;
    const parsed = parsePresenceIds(query && typeof query === "object" && "ids" in query ? query.ids : undefined);
    if (!parsed.ok) {
      const message = translate(request, `presence.error.${parsed.error}`, { max: maxPresenceIds });
      return sendFailure(reply, { code: "validation_failed", message, fields: { ids: message } });
    }
    // Keyed by the ids in the order asked: the answer lists them in that order.
    const body = await answers.get(parsed.ids.join(","), async () => JSON.stringify({ presence: await deps.presence.presenceOf(parsed.ids) } satisfies PresenceResponse));
    return reply.header("cache-control", PRESENCE_CACHE_CONTROL).type("application/json; charset=utf-8").send(body);
  });
}
