import type { FastifyInstance } from "fastify";

/** Headers every answer carries (pages, JSON and assets alike). */
export const securityHeaders: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
};

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onRequest", async (_request, reply) => {
    reply.headers(securityHeaders);
  });
}

/**
 * No cache keeps a private answer: a dynamic answer without its own caching
 * rule is `no-store`, and one that sets a cookie (a session, a CSRF token, a
 * pre-session id) is `no-store` whatever it said, so a shared cache never
 * hands one browser's token or data to another. Pages set their own header
 * (plugins/pages.server.ts); built assets keep their long-lived caching.
 * Registered after @fastify/cookie, so the cookies it writes in onSend are seen.
 */
export function registerPrivateResponses(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    if (reply.hasHeader("set-cookie") || !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
}
