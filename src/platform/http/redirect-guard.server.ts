import type { FastifyInstance } from "fastify";
import { safeRedirectPath } from "../links/links.ts";
import { siteHostNamed } from "./site-origin.server.ts";

/**
 * Whether a Location may leave: a same-site path (as a browser resolves it),
 * or an absolute URL on the configured site (its host or a subdomain it
 * serves: the https upgrade, a language subdomain). Without a configured site
 * (development) the request's own host stands for it.
 */
export function isAllowedLocation(location: string, ownHost: string, siteHost: string | null = null): boolean {
  if (location.startsWith("/") || location.startsWith("\\")) return safeRedirectPath(location) !== null;
  try {
    const { host } = new URL(location);
    return siteHost ? siteHostNamed(host, siteHost) !== null : host === ownHost;
  } catch {
    return false;
  }
}

/**
 * The last line behind safeRedirectPath: every answer Fastify sends (pages
 * are streamed by React Router, whose loaders use safeRedirectPath) has its
 * Location checked, so a route that forgets to clean a target, or builds one
 * from the Host header, cannot send a member to another site. A refused
 * target becomes the home page.
 */
export function registerRedirectGuard(app: FastifyInstance, siteHost: string | null): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const location = reply.getHeader("location");
    if (typeof location === "string" && !isAllowedLocation(location, request.host, siteHost)) {
      request.log.warn({ status: reply.statusCode }, "refused an off-site redirect");
      reply.header("location", "/");
    }
    return payload;
  });
}
