import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./errors.ts";
import { isVerifyHost } from "../security/human-check/verify-host.ts";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Whether a browser sent this write from another site. Browsers name the
 * page that made a request in Origin (and, newer ones, Sec-Fetch-Site); only
 * the configured site origin (or its verify. host) may write. Requests
 * without either header come from programs, not from a victim's browser:
 * the CSRF token still guards them.
 */
export function isCrossSiteWrite(request: Pick<FastifyRequest, "headers" | "siteOrigin">, siteHost: string | null): boolean {
  const origin = request.headers.origin;
  if (typeof origin === "string") {
    if (origin === request.siteOrigin) return false;
    try {
      const url = new URL(origin);
      return !(url.protocol === new URL(request.siteOrigin).protocol && isVerifyHost(url.host, siteHost) && url.host.endsWith(new URL(request.siteOrigin).host));
    } catch {
      return true; // "null" (sandboxed frames, privacy redirects) or garbage
    }
  }
  return request.headers["sec-fetch-site"] === "cross-site";
}

/**
 * Every state-changing request from a browser must come from the site itself:
 * with the CSRF token, this is what keeps a planted cookie from signing a
 * victim into an attacker's account on /login or /register (login CSRF).
 */
export function registerSameOriginWrites(app: FastifyInstance, siteHost: string | null): void {
  app.addHook("onRequest", async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (isCrossSiteWrite(request, siteHost)) throw new AppError("cross_origin");
  });
}
