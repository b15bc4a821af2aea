import type { FastifyInstance } from "fastify";
import { siteHostNamed } from "../../platform/http/site-origin.server.ts";

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Production serves https only: a request that reached the proxy over plain
 * http (X-Forwarded-Proto, trusted) is sent to https with a 301, and every
 * answer carries HSTS. Development on http://localhost is left alone.
 *
 * The redirect goes to SITE_URL's host (or the site's subdomain the request
 * named), never to whatever Host or X-Forwarded-Host say: built from them it
 * was an open redirect, and a cache keyed without the Host would serve it to
 * everyone.
 */
export function registerHttpsGuard(app: FastifyInstance, options: { httpsOnly: boolean; siteUrl: URL | null }): void {
  if (!options.httpsOnly) return;
  const site = options.siteUrl;
  if (site?.protocol !== "https:") throw new Error("Serving https only needs SITE_URL, an https origin: plain http is redirected there.");
  app.addHook("onRequest", async (request, reply) => {
    if (request.protocol === "https") {
      reply.header("strict-transport-security", HSTS);
      // Browsers honour COOP only on trustworthy (https) origins, and complain otherwise.
      reply.header("cross-origin-opener-policy", "same-origin");
      return;
    }
    if (request.url === "/healthz") return; // load balancers probe over plain http
    const host = siteHostNamed(request.host, site.host) ?? site.host;
    // An absolute-form target (GET http://elsewhere/x) names another host: it goes to the home page.
    const path = request.url.startsWith("/") ? request.url : "/";
    return reply.redirect(`https://${host}${path}`, 301);
  });
}
