import type { FastifyInstance } from "fastify";

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Production serves https only: a request that reached the proxy over plain
 * http (X-Forwarded-Proto, trusted) is sent to https with a 301, and every
 * answer carries HSTS. Development on http://localhost is left alone.
 */
export function registerHttpsGuard(app: FastifyInstance, options: { httpsOnly: boolean }): void {
  if (!options.httpsOnly) return;
  app.addHook("onRequest", async (request, reply) => {
    if (request.protocol === "https") {
      reply.header("strict-transport-security", HSTS);
      // Browsers honour COOP only on trustworthy (https) origins, and complain otherwise.
      reply.header("cross-origin-opener-policy", "same-origin");
      return;
    }
    if (request.url === "/healthz") return; // load balancers probe over plain http
    return reply.redirect(`https://${request.host}${request.url}`, 301);
  });
}
