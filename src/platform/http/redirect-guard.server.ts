import type { FastifyInstance } from "fastify";
import { safeRedirectPath } from "../links/links.ts";

/** Whether a Location may leave: a same-site path (as a browser resolves it), or this very host (the https upgrade). */
export function isAllowedLocation(location: string, ownHost: string): boolean {
  if (location.startsWith("/") || location.startsWith("\\")) return safeRedirectPath(location) !== null;
  try {
    return new URL(location).host === ownHost;
  } catch {
    return false;
  }
}

/**
 * The last line behind safeRedirectPath: every answer Fastify sends (pages
 * are streamed by React Router, whose loaders use safeRedirectPath) has its
 * Location checked, so a route that forgets to clean a target cannot send a
 * member to another site. A refused target becomes the home page.
 */
export function registerRedirectGuard(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const location = reply.getHeader("location");
    if (typeof location === "string" && !isAllowedLocation(location, request.host)) {
      request.log.warn({ status: reply.statusCode }, "refused an off-site redirect");
      reply.header("location", "/");
    }
    return payload;
  });
}
